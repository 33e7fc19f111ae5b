"""Move ordering for the search, and which moves late move reductions may cut short.

The moves of a node are tried in the order most likely to cause a cutoff: the
transposition table's move, then captures (`is_capture`), then the two killer moves of
the ply (quiet moves that cut off at the same ply elsewhere), then by the history
heuristic (cutoffs weighted by depth squared, over the whole game). Late move
reductions read the same knowledge: a move ordered late, quiet and not a killer is
unlikely to be best, so it may be searched shallower first.

Late move reductions in Nine Men's Morris (session 9): to the same depth in about half
the nodes in the moving phase; even in self-play at a fixed number of nodes (+23 =50
-17 over 90 games at 10,000, 40,000 and 80,000 nodes), but against millref at 50 ms a
move the hard level scored +40 =21 -3 (79%) with them and +27 =31 -6 (66%) without, 64
games each from the start, side by side (tools/morris_match.py `hard:1.0:lmr` and
`hard:1.0:nolmr`, tools/data/morris_ladder.json), with a median of 0.5-0.7 s a move
instead of 0.8-1.5 s. Session 31, on the lost-games suite (tools/morris_suite.py, 98
positions, hard at 1 s, one run each beside a match): 30 mistakes, 8 of them into a lost
game, with them; 35 and 12 without; with REDUCE_MORE_AFTER 6, 29 and 8; with
REDUCE_AFTER 2, 33 and 10 (beside two other jobs). The constants stay: the suite moves
by about 3 between runs of one player.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import GameState

MAX_PLY = 64  # killers are kept for plies up to this
KILLERS_PER_PLY = 2
HISTORY_LIMIT = 1 << 20  # history scores are halved past this, so old knowledge fades
# Ordering scores: the TT move first, then captures, then killers, then history.
ORDER_TT = 1 << 30
ORDER_CAPTURE = 1 << 28
ORDER_KILLER = 1 << 26
# Late move reductions (when on): quiet moves from the REDUCE_AFTER-th on, at depth
# REDUCE_FROM or more, are searched a ply shallower, two from REDUCE_MORE_AFTER at depth
# REDUCE_MORE_FROM; a reduced move that beats alpha is searched again in full.
REDUCE_AFTER = 3
REDUCE_FROM = 3
REDUCE_MORE_AFTER = 10
REDUCE_MORE_FROM = 6


class MoveOrder:
    """The killer and history tables of one game's searches (they survive between moves)."""

    def __init__(self) -> None:
        self.history: dict[Any, int] = {}
        self.killers: list[list[Any]] = [[] for _ in range(MAX_PLY + 1)]

    def clear(self) -> None:
        self.history.clear()
        self.killers = [[] for _ in range(MAX_PLY + 1)]

    def ordered(self, state: GameState, moves: list[Any], tt_move: Any, ply: int) -> list[Any]:
        killers = self.killers[ply] if ply <= MAX_PLY else []
        history = self.history
        is_capture = state.is_capture

        def order(move: Any) -> int:
            if move == tt_move:
                return ORDER_TT
            if is_capture(move):
                return ORDER_CAPTURE + history.get(move, 0)
            if move in killers:
                return ORDER_KILLER
            return history.get(move, 0)

        return sorted(moves, key=order, reverse=True)

    def lazily_ordered(self, state: GameState, moves: list[Any], tt_move: Any, ply: int) -> Iterator[Any]:
        """The table's move first, the others sorted only if it does not cut off (most
        nodes of a null-window search end at their first move)."""
        if tt_move is not None and tt_move in moves:
            yield tt_move
            yield from self.ordered(state, [m for m in moves if m != tt_move], None, ply)
        else:
            yield from self.ordered(state, moves, None, ply)

    def reward(self, state: GameState, move: Any, depth: int, ply: int) -> None:
        """A move caused a cutoff: remember it as a killer and in the history table."""
        if not state.is_capture(move) and ply <= MAX_PLY:
            killers = self.killers[ply]
            if move not in killers:
                killers.insert(0, move)
                del killers[KILLERS_PER_PLY:]
        bonus = self.history.get(move, 0) + depth * depth
        self.history[move] = bonus
        if bonus > HISTORY_LIMIT:
            self.history = {m: v // 2 for m, v in self.history.items()}

    def reduction(self, state: GameState, move: Any, index: int, depth: int, ply: int) -> int:
        """Plies by which the `index`-th move at a node of `depth` is reduced (asked
        before it is pushed): late quiet moves only, never a capture or a killer."""
        if index < REDUCE_AFTER or depth < REDUCE_FROM or state.is_capture(move):
            return 0
        if ply <= MAX_PLY and move in self.killers[ply]:
            return 0
        return 2 if index >= REDUCE_MORE_AFTER and depth >= REDUCE_MORE_FROM else 1
