"""Exact Othello endgame solving: the final disc difference under perfect play.

Negamax with alpha-beta on the disc difference (own discs minus the opponent's at
the end; empty squares count for nobody, as in RULES.md), on the raw masks:
- move ordering by fastest-first (the move leaving the opponent the fewest replies
  first), while enough empties remain for the ordering to pay for itself;
- a transposition table of bounds for the nodes with many empties;
- the last empty square is played out directly (no move list);
- a node budget / deadline / stop callable, checked every CHECK_EVERY nodes, so a
  caller can fall back to the ordinary search when a solve would take too long.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine.basics import bit_indices
from engine.core import Exact, GameState
from engine.games.othello.evaluation import masks_of
from engine.games.othello.rules import FULL, PASS, OthelloMove, flips, legal_mask

SOLVE_EMPTIES = 12  # the hard level solves exactly from this many empty squares
SOLVE_SHARE = 0.6  # share of the hard level's movetime a solve may take before it gives up
ORDER_EMPTIES = 6  # below this many empties, plain order is cheaper than sorting
TT_EMPTIES = 8  # nodes with at least this many empties use the transposition table
CHECK_EVERY = 2048
CORNERS = 1 << 0 | 1 << 7 | 1 << 56 | 1 << 63

EXACT, LOWER, UPPER = 0, 1, 2


class SolveAborted(Exception):
    """A limit was reached before the solve finished."""


class EndgameSolver:
    """One solve; holds its node count, limits and transposition table."""

    def __init__(
        self,
        *,
        deadline: float = float("inf"),
        max_nodes: int | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.nodes = 0
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.stop = stop
        self._next_check = CHECK_EVERY
        self.tt: dict[int, tuple[int, int]] = {}  # own | opp << 64 -> (score, bound)

    def _check(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if time.perf_counter() >= self.deadline:
            raise SolveAborted
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise SolveAborted
        if self.stop is not None and self.stop():
            raise SolveAborted

    def ordered(self, own: int, opp: int, moves: int) -> list[tuple[int, int]]:
        """(square, flipped discs) of each move, fastest-first: fewest opponent replies,
        corners before the rest among equals."""
        scored = []
        for square in bit_indices(moves):
            turned = flips(own, opp, square)
            replies = legal_mask(opp & ~turned, own | turned | 1 << square).bit_count()
            scored.append((replies * 2 - (CORNERS >> square & 1), square, turned))
        scored.sort()
        return [(square, turned) for _, square, turned in scored]

    def search(self, own: int, opp: int, alpha: int, beta: int) -> int:
        """Exact final disc difference for the side with `own` to move, within the
        window (fail-soft alpha-beta: a result <= alpha or >= beta is a bound)."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        empty = FULL & ~(own | opp)
        if empty & (empty - 1) == 0 and empty:
            return self._last_square(own, opp, empty.bit_length() - 1)
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return own.bit_count() - opp.bit_count()
            return -self.search(opp, own, -beta, -alpha)
        empties = empty.bit_count()
        key = 0
        if empties >= TT_EMPTIES:
            key = own | opp << 64
            entry = self.tt.get(key)
            if entry is not None:
                score, bound = entry
                if bound == EXACT or (score >= beta if bound == LOWER else score <= alpha):
                    return score
        if empties >= ORDER_EMPTIES:
            children = self.ordered(own, opp, moves)
        else:
            children = [(square, flips(own, opp, square)) for square in bit_indices(moves)]
        original_alpha = alpha
        best = -65
        for square, turned in children:
            score = -self.search(opp & ~turned, own | turned | 1 << square, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if key:
            bound = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
            self.tt[key] = (best, bound)
        return best

    def _last_square(self, own: int, opp: int, square: int) -> int:
        """One empty square left: whoever can play it does, or nobody."""
        turned = flips(own, opp, square)
        if turned:
            return (own.bit_count() + turned.bit_count() + 1) - (opp.bit_count() - turned.bit_count())
        turned = flips(opp, own, square)
        if turned:
            return (own.bit_count() - turned.bit_count()) - (opp.bit_count() + turned.bit_count() + 1)
        return own.bit_count() - opp.bit_count()

    def best_move(self, own: int, opp: int) -> tuple[OthelloMove, int]:
        """The best move at the root and its exact value (ties: the first in order)."""
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                raise ValueError("the game is over: there is no move to solve")
            return PASS, -self.search(opp, own, -64, 64)
        best_square, best = -1, -65
        for square, turned in self.ordered(own, opp, moves):
            # Alpha-beta at the root: only a move beating the best so far needs its exact value.
            score = -self.search(opp & ~turned, own | turned | 1 << square, -64, -best)
            if score > best:
                best_square, best = square, score
        return OthelloMove(best_square), best


def solve_value(own: int, opp: int) -> int:
    """The exact final disc difference for the side to move (no limits)."""
    return EndgameSolver().search(own, opp, -64, 64)


def empties_of(state: GameState) -> int:
    own, opp = masks_of(state)
    return 64 - (own | opp).bit_count()


def solve_position(
    state: GameState,
    *,
    movetime: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> tuple[Any, int, int] | None:
    """(best move, exact disc difference for the side to move, nodes), or None when
    `movetime` or `stop` ended the solve first. The state is not changed."""
    deadline = time.perf_counter() + movetime if movetime is not None else float("inf")
    solver = EndgameSolver(deadline=deadline, stop=stop)
    own, opp = masks_of(state)
    try:
        move, value = solver.best_move(own, opp)
    except SolveAborted:
        return None
    return move, value, solver.nodes


def solve_for_hard(
    state: GameState, movetime: float, stop: Callable[[], bool] | None
) -> tuple[Any, int, int, int] | None:
    """The hard level's endgame: with at most SOLVE_EMPTIES empties, (best move, exact
    score in search units — thousandths of a disc —, empties solved, nodes). None
    when there are more empties, or when the solve outran its share of `movetime`
    (the caller then searches as usual with the time left)."""
    empties = empties_of(state)
    if empties > SOLVE_EMPTIES:
        return None
    solved = solve_position(state, movetime=movetime * SOLVE_SHARE, stop=stop)
    if solved is None:
        return None
    move, value, nodes = solved
    return move, value * 1000, empties, nodes


REVIEW_EMPTIES = 10  # the game review values positions exactly from this many empties


def exact_value(state: GameState) -> Exact | None:
    """The exact value for the side to move, by its final disc margin, once few enough
    squares are empty for a quick solve (the game review's exact labels); else None."""
    if empties_of(state) > REVIEW_EMPTIES or state.outcome() is not None:
        return None
    solved = solve_position(state)
    if solved is None:  # cannot happen without limits; no exact value then
        return None
    move, margin, _ = solved
    return Exact("W" if margin > 0 else "L" if margin < 0 else "D", None, margin, str(move))
