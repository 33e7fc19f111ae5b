"""Nine Men's Morris's own search for the hard level: the shared search's tree
(engine/ai/search.py) rewritten over plain ints, as strong mill engines write theirs.

The shared search sees a position through `GameState`: every node pushes a move
object, recomputes a key, counts repetitions, builds move tuples, sorts them through a
Python key function and asks the evaluator through the state. Here a position is six
ints from the mover's view (my pieces, theirs, both hands, the side, the quiet plies),
a move is one int (`encode`), a child is a few mask operations, and move ordering
sorts on the history table's own `__getitem__`. The techniques are the shared ones,
with the same constants (PVS, the two-generation transposition table, killers and
history, late move reductions, extensions for a nearly blocked side, the endgame
database, repetition draws, mate distance) in the same order: only the
representation changed, so it walks the shared search's tree node for node, to the
same scores, moves and node counts (tests/test_morris_kernel.py), about 1.5 times as
fast (bench's positions, 100,000 nodes, best of 7 on an idle core: 86,000 nodes a CPU
second in the moving one, 57,000 for the shared search; up to twice beside a busy
core, which slows the shared search more). The drivers (iterative deepening,
aspiration windows, limits, interrupted depths, the root) are the shared `Searcher`'s
own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

from engine.ai.move_order import (
    HISTORY_LIMIT,
    KILLERS_PER_PLY,
    MAX_PLY,
    REDUCE_AFTER,
    REDUCE_FROM,
    REDUCE_MORE_AFTER,
    REDUCE_MORE_FROM,
)
from engine.ai.search import Searcher
from engine.ai.search_basics import (
    DRAW,
    EXACT,
    INFINITY,
    LOWER,
    MATE,
    UPPER,
    table_cutoff,
    to_tt,
)
from engine.core import GameState
from engine.games.morris.board import ALL_POINTS, POINT_COUNT, points_of, topology
from engine.games.morris.endgame import EndgameDatabaseError, database, verdict_score
from engine.games.morris.evaluation import EXTEND_STEPS, MorrisEvaluator
from engine.games.morris.rules import (
    KEY_BITS,
    QUIET_PLY_LIMIT,
    MorrisMove,
    MorrisState,
    has_move,
    removable_of,
    steps_at_most_of,
)

# A move int: src | dst << 5 | take << 10; src PLACE for a placement, take NO_TAKE
# for none. So every capture is below CAPTURES, and a history table is a list.
PLACE = POINT_COUNT
NO_TAKE = 31
CAPTURES = NO_TAKE << 10
MOVE_SPACE = 1 << 15
MOVE_LISTS_KEPT = 100_000  # legal move lists remembered by position (cleared when full)
_TOPOLOGY = topology(False)  # Nine Men's Morris has no diagonals
_ADJACENT = _TOPOLOGY.adjacent
_PAIRS_AT = _TOPOLOGY.pairs_at
_REACH = _TOPOLOGY.reach


def encode(move: MorrisMove) -> int:
    src, dst, take = move
    return (PLACE if src is None else src) | dst << 5 | (NO_TAKE if take is None else take) << 10


def decode(move: int) -> MorrisMove:
    src, take = move & 31, move >> 10
    return MorrisMove(None if src == PLACE else src, move >> 5 & 31, None if take == NO_TAKE else take)


def position_key(mine: int, theirs: int, my_hand: int, their_hand: int, side: int) -> int:
    """`MorrisState.key()` of the position, from the mover's view."""
    if side:
        return theirs | mine << 24 | 1 << 48 | their_hand << 49 | my_hand << 54
    return mine | theirs << 24 | my_hand << 49 | their_hand << 54


def unpack(state: MorrisState) -> tuple[int, int, int, int, int, int]:
    """(mine, theirs, my hand, their hand, side, quiet plies) of the side to move."""
    side = state.to_move
    return (state.occupied(side), state.occupied(1 - side), state.in_hand(side),
            state.in_hand(1 - side), side, state.quiet_plies)  # fmt: skip


def legal_moves(mine: int, theirs: int, my_hand: int) -> list[int]:
    """The mover's moves, as ints, in `MorrisState.legal_moves()`'s order (the game's
    end by material, repetition or quiet plies is the caller's)."""
    empty = ALL_POINTS & ~(mine | theirs)
    flying = not my_hand and mine.bit_count() == 3
    takes: list[int] | None = None  # computed once, only if some move closes a mill
    moves: list[int] = []
    for src in (PLACE,) if my_hand else points_of(mine):
        rest = mine if src == PLACE else mine & ~(1 << src)
        targets = empty if src == PLACE or flying else _ADJACENT[src] & empty
        for dst in points_of(targets):
            plain = src | dst << 5
            for pair in _PAIRS_AT[dst]:
                if rest & pair == pair:
                    break
            else:
                moves.append(plain | CAPTURES)
                continue
            if takes is None:
                takes = points_of(removable_of(theirs, _TOPOLOGY)) if theirs else []
            if takes:
                moves.extend(plain | take << 10 for take in takes)
            else:
                moves.append(plain | CAPTURES)
    return moves


def _stuck_score(mine: int, theirs: int, my_hand: int, ply: int) -> int | None:
    """The mover's result when it cannot move on (`MorrisState.outcome()`): blocked
    loses, a full board draws; None when it has a move."""
    if has_move(mine, theirs, my_hand, _TOPOLOGY):
        return None
    return ply - MATE if ALL_POINTS & ~(mine | theirs) else DRAW


class MorrisSearcher(Searcher):
    """The shared `Searcher` with its tree (`_negamax` and the root's steps) over ints;
    its tables hold int moves (`_table_move` and `_game_move` hand out MorrisMoves)."""

    def __init__(self, evaluate: MorrisEvaluator, **options: Any) -> None:
        super().__init__(evaluate, **options)
        self.leaf_score = evaluate.score_masks
        self.history = [0] * MOVE_SPACE
        self.killers: list[list[int]] = [[] for _ in range(MAX_PLY + 1)]
        self._moves: dict[int, list[int]] = {}  # legal moves by position key (bounded)
        try:
            self.database = database() if self.exact is not None else None
        except EndgameDatabaseError:
            self.database = None  # the search plays on its own, as the shared one does

    def clear(self) -> None:
        super().clear()
        self.history = [0] * MOVE_SPACE
        self.killers = [[] for _ in range(MAX_PLY + 1)]
        self._moves.clear()

    def _table_move(self, key: int) -> Any:
        entry = self.tt.get(key) or self._tt_old.get(key)
        return None if entry is None else decode(entry[3])

    def _negamax(self, state: GameState, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The shared tree's entry, kept to this one (its tables hold int moves)."""
        return self._search(*unpack(cast(MorrisState, state)), depth, alpha, beta, ply)

    def _root_order(self, state: GameState, moves: list[Any], first: Any) -> list[Any]:
        return [*self._ordered([encode(m) for m in moves], None if first is None else encode(first), 0)]

    def _root_score(self, state: GameState, move: Any, depth: int, alpha: int, beta: int) -> int:
        child = self._child(*unpack(cast(MorrisState, state)), move)
        return -self._search(*child, depth - 1, alpha, beta, 1)

    def _game_move(self, move: Any) -> Any:
        return None if move is None else decode(move)

    @staticmethod
    def _child(
        mine: int, theirs: int, my_hand: int, their_hand: int, side: int, quiet: int, move: int
    ) -> tuple[int, int, int, int, int, int]:
        """The position after `move`, from the new mover's view (the root's; `_expand`
        inlines it in the inner loop, where a call and a tuple a child cost too much)."""
        src, take = move & 31, move >> 10
        if src == PLACE:
            mine |= 1 << (move >> 5 & 31)
            my_hand -= 1
            quiet = 0
        else:
            mine ^= 1 << src | 1 << (move >> 5 & 31)
            quiet += 1
        if take != NO_TAKE:
            theirs &= ~(1 << take)
            quiet = 0
        return theirs, mine, their_hand, my_hand, 1 - side, quiet

    def _ordered(self, moves: list[int], table_move: int | None, ply: int) -> Iterator[int]:
        """MoveOrder.lazily_ordered: the table's move, then (sorted only if it did not
        cut off, with what its subtree taught) captures, the ply's killers and the
        rest, each group by the history heuristic; stable sorts keep the generated
        order of equals."""
        if table_move is not None and table_move in moves:
            yield table_move
            moves = [m for m in moves if m != table_move]
        history = self.history.__getitem__
        killers = self.killers[ply] if ply <= MAX_PLY else []
        captures = [m for m in moves if m < CAPTURES]
        captures.sort(key=history, reverse=True)
        quiet = [m for m in moves if m >= CAPTURES]
        if killers:
            first = [m for m in quiet if m in killers]
            if first:
                quiet = [m for m in quiet if m not in killers]
                captures += first
        quiet.sort(key=history, reverse=True)
        yield from captures
        yield from quiet

    def _reward(self, move: int, depth: int, ply: int) -> None:
        if move >= CAPTURES and ply <= MAX_PLY:
            killers = self.killers[ply]
            if move not in killers:
                killers.insert(0, move)
                del killers[KILLERS_PER_PLY:]
        history = self.history
        history[move] += depth * depth
        if history[move] > HISTORY_LIMIT:
            self.history = [value // 2 for value in history]

    def _search(
        self, mine: int, theirs: int, my_hand: int, their_hand: int, side: int, quiet: int,
        depth: int, alpha: int, beta: int, ply: int,
    ) -> int:  # fmt: skip
        """`Searcher._negamax` node for node (see its comments), over ints."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_limits()
        if side:  # position_key, inlined
            key = theirs | mine << 24 | 1 << 48 | their_hand << 49 | my_hand << 54
        else:
            key = mine | theirs << 24 | my_hand << 49 | their_hand << 54
        at = self._path.get(key)
        if at is not None:  # repetition on the search path
            if at < self._returned_to:
                self._returned_to = at
            return DRAW
        on_board = mine.bit_count()
        known = self.database
        if (
            known is not None and ply < self._extend_until and not (my_hand or their_hand)
            and 3 <= on_board <= 4 and 3 <= theirs.bit_count() <= 4 and known.covers(mine, theirs)
        ):  # fmt: skip
            verdict = known.verdict(mine, theirs)
            return verdict_score(verdict)
        if on_board + my_hand < 3:
            return ply - MATE  # fewer than three pieces: lost
        if depth <= 0:
            stuck = _stuck_score(mine, theirs, my_hand, ply)
            if stuck is not None:
                return stuck
            if quiet >= QUIET_PLY_LIMIT:
                return DRAW
            return self.leaf_score(key << 1, mine, theirs, my_hand, their_hand)

        alpha = max(alpha, ply - MATE)
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha
        # MorrisState.table_key, inlined, with Searcher._negamax's reach.
        extend_until = self._extend_until
        table_key = key
        if quiet + depth + (extend_until - ply if ply < extend_until else 0) >= QUIET_PLY_LIMIT:
            table_key = key | (QUIET_PLY_LIMIT - quiet + 1) << KEY_BITS
        entry = self.tt.get(table_key) or self._tt_old.get(table_key)
        table_move = None
        if entry is None and table_key != key:  # the plain key's move still orders
            table_move = Searcher._table_move(self, key)  # the int, not decoded
        if entry is not None:
            table_move = entry[3]
            settled = table_cutoff(entry, depth, alpha, beta, ply)
            if settled is not None:
                return settled
        moves = self._moves.get(key) if quiet < QUIET_PLY_LIMIT else []
        if moves is None:  # iterative deepening comes back to the same nodes
            if len(self._moves) >= MOVE_LISTS_KEPT:
                self._moves.clear()
            moves = self._moves[key] = legal_moves(mine, theirs, my_hand)
        if not moves:
            stuck = _stuck_score(mine, theirs, my_hand, ply)
            return DRAW if stuck is None else stuck
        return self._expand(mine, theirs, my_hand, their_hand, side, quiet, depth, alpha, beta, ply,
                            key, table_key, moves, table_move)  # fmt: skip

    def _expand(
        self, mine: int, theirs: int, my_hand: int, their_hand: int, side: int, quiet: int,
        depth: int, alpha: int, beta: int, ply: int, key: int, table_key: int, moves: list[int],
        table_move: int | None,
    ) -> int:  # fmt: skip
        """The moves of an inner node, best first (PVS, late move reductions, extensions)."""
        original_alpha = alpha
        best_score = -INFINITY
        best_move = moves[0]
        # Extensions: only an opponent stepping can be nearly blocked, and only if the
        # points its pieces reach, less those this move fills, are few.
        watch = (ply < self._extend_until and self.extend is not None and not their_hand
                 and theirs.bit_count() != 3)  # fmt: skip
        their_reach = _REACH(theirs) & ~theirs if watch else 0
        reduce = self.reductions and depth >= REDUCE_FROM
        killers = self.killers[ply] if ply <= MAX_PLY else ()
        search = self._search
        child_side = 1 - side
        returned_above = self._enter(key, ply)
        try:
            for index, move in enumerate(self._ordered(moves, table_move, ply)):
                src, arrival, take = move & 31, 1 << (move >> 5 & 31), move >> 10
                if src == PLACE:
                    new_mine, new_hand, new_quiet = mine | arrival, my_hand - 1, 0
                else:
                    new_mine, new_hand, new_quiet = mine ^ (1 << src | arrival), my_hand, quiet + 1
                if take != NO_TAKE:
                    new_theirs, new_quiet = theirs & ~(1 << take), 0
                else:
                    new_theirs = theirs
                if (
                    watch
                    and (take != NO_TAKE or (their_reach & ~new_mine).bit_count() <= EXTEND_STEPS)
                    and steps_at_most_of(new_theirs, new_mine, their_hand, _TOPOLOGY, EXTEND_STEPS)
                ):
                    child, cut = depth, 0  # an extended move is never reduced
                else:
                    child = depth - 1
                    cut = 0
                    if reduce and index >= REDUCE_AFTER and take == NO_TAKE and move not in killers:
                        cut = 2 if index >= REDUCE_MORE_AFTER and depth >= REDUCE_MORE_FROM else 1
                if index == 0:
                    score = -search(new_theirs, new_mine, their_hand, new_hand, child_side, new_quiet,
                                    child, -beta, -alpha, ply + 1)  # fmt: skip
                else:  # PVS: a null window first, then (reduced or not) again in full
                    score = -search(new_theirs, new_mine, their_hand, new_hand, child_side, new_quiet,
                                    child - cut, -alpha - 1, -alpha, ply + 1)  # fmt: skip
                    if cut and score > alpha:
                        score = -search(new_theirs, new_mine, their_hand, new_hand, child_side, new_quiet,
                                        child, -alpha - 1, -alpha, ply + 1)  # fmt: skip
                    if alpha < score < beta:
                        score = -search(new_theirs, new_mine, their_hand, new_hand, child_side, new_quiet,
                                        child, -beta, -alpha, ply + 1)  # fmt: skip
                if score > best_score:
                    best_score, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            self._reward(move, depth, ply)
                            break
        finally:
            depth = self._leave(key, ply, depth, returned_above)
        bound = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self._store(table_key, depth, to_tt(best_score, ply), bound, best_move, moves)
        return best_score
