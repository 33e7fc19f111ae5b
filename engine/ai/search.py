"""One game-agnostic search, written against `GameState` only.

Techniques (the names used in the chess-programming literature):
- negamax with alpha-beta pruning and principal variation search (PVS);
- iterative deepening, as a generator that yields after each completed depth, so the
  caller decides when to stop (the Sunfish style);
- a transposition table keyed on `state.table_key()` (the position, and a move-count
  draw's count when a line from the node can reach that draw), two generations bounded
  in size, storing depth, score, bound type and best move (mate scores relative to the
  node);
- move ordering (engine/ai/move_order.py): TT move, captures, two killers a ply, history;
- late move reductions, for evaluators that ask for them (`late_move_reductions`): a
  quiet move ordered late is searched shallower with a null window, again in full if
  it beats alpha;
- aspiration windows from depth ASPIRATION_FROM, ASPIRATION around the previous
  depth's score; on a fail low, `failed_low` tells the stop callable while the depth
  searches again (a falling best move: time extension, players.py);
- extensions: `extend(state) -> bool` on the evaluator (Morris: a side with one step
  left or none) searches a ply deeper, up to twice the nominal depth in a line;
- exact knowledge: `exact(state) -> int | None` on the evaluator (Morris: the endgame
  database) scores a position without searching below it;
- repetitions (Stockfish's rule): a repeat inside the tree, strictly after the root,
  draws; one from the game's history only at the rule's count (`repetition_draws`; a
  shallow searcher, `any_return_draws`, at its first return); the table's scores are
  dropped when those history draws change (the game went on, or back);
- the graph history interaction: a node whose score leans on a return to a node above
  it on the path (a draw there only because of the way it was reached) keeps its best
  move in the table but not its score (PATH_DEPENDENT_DEPTH), so no other path reuses
  that draw (a shuffling Morris game lost a piece to one, 7937 g30);
- mate distance: a win at ply n scores MATE - n;
- limits: time, nodes and a `stop` callable, checked every CHECK_EVERY nodes; an
  interrupted depth is thrown away except for a better root move already proven with
  the full window;
- a table shared with helper processes (Lazy SMP; engine/ai/helpers.py), when given.
A game may bring its own tree over a faster representation (`GameSpec.search`, e.g.
engine/games/morris/kernel.py): a subclass overriding `_negamax` and the root's steps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from engine.ai.move_order import MoveOrder
from engine.ai.search_basics import (
    DRAW,
    EXACT,
    INFINITY,
    LOWER,
    MATE,
    MATE_BOUND,
    NO_RETURN,
    PATH_DEPENDENT_DEPTH,
    UPPER,
    Evaluator,
    Extension,
    SearchAborted,
    SearchResult,
    principal_variation,
    table_cutoff,
    to_tt,
)
from engine.ai.shared_table import SharedTable
from engine.core import GameState

if TYPE_CHECKING:  # the pool is made and used by engine/ai/players.py only
    from engine.ai.helpers import HelperPool

__all__ = ["INFINITY", "MATE", "MATE_BOUND", "Evaluator", "SearchResult", "Searcher"]

# ----- tuning constants ------------------------------------------------------
MAX_DEPTH = 64
CHECK_EVERY = 512  # nodes between two looks at the clock and the stop callable
TT_MAX_ENTRIES = 200_000  # the table's two generations hold at most this (bounded memory)
ROOT_SCORES_KEPT = 1000  # root scores remembered between moves (then forgotten)
ASPIRATION = 250  # half-width of the root window around the previous depth's score
ASPIRATION_FROM = 4  # first depth searched with an aspiration window
# Nodes this deep or deeper go to the shared table (a shared access ~1 us, a dict's 0.1);
# to the same depths with one helper: 1.3-1.45x faster from 1, 1.15-1.4x from 2, 1.3x from 3.
SHARE_FROM_DEPTH = 1


class Searcher:
    """Holds the tables that survive between moves (TT, history) for one game."""

    def __init__(
        self,
        evaluate: Evaluator,
        *,
        tt_max_entries: int = TT_MAX_ENTRIES,
        extensions: bool = True,
        reductions: bool | None = None,
        table: SharedTable | None = None,
        any_return_draws: bool = False,
    ) -> None:
        self.evaluate = evaluate
        # Every earlier position (the root too) draws on its return: a shallow search's
        # guard against shuttling; without it medium drew 3 of 20 games with easy.
        self.any_return_draws = any_return_draws
        self.shared = table  # results shared with helper processes, if any
        self.helpers: HelperPool | None = None  # processes searching beside this one (players)
        self.reverse_root_tail = False  # a helper's order: the best root move, then the rest reversed
        # Late move reductions: as the evaluator says (`late_move_reductions`) by default.
        if reductions is None:
            reductions = bool(getattr(evaluate, "late_move_reductions", False))
        self.reductions = reductions
        # The evaluator's optional extension hook; off for exact fixed-depth searches.
        self.extend: Extension | None = getattr(evaluate, "extend", None) if extensions else None
        self.exact: Callable[[GameState], int | None] | None = getattr(evaluate, "exact", None)
        self._extend_until = 0  # no extension at or beyond this ply
        self.tt: dict[int, tuple[int, int, int, Any]] = {}  # key -> (depth, score, bound, move)
        # Ageing by generation: a full newer half becomes the older one, the oldest is
        # dropped (a clear mid-search would forget the ordering of the search under way).
        self._tt_old: dict[int, tuple[int, int, int, Any]] = {}
        self.tt_max_entries = tt_max_entries
        self.order = MoveOrder()  # killers and history
        # Each searched root position's score (`note_root_score`), for time management.
        self.root_scores: dict[int, int] = {}
        # (depth, the window's bound, then the old best move's exact score) while a depth
        # searches again after its aspiration window failed low: a stop callable's cue.
        self.failed_low: tuple[int, int] | None = None
        self.nodes = 0
        # Keys that score a draw on arrival, with their ply: the current search path below
        # the root, and the game's positions whose return would be a draw (NO_RETURN, `_begin`).
        self._path: dict[int, int] = {}
        # The lowest ply of the path a repetition returned to in the subtree being searched.
        self._returned_to = NO_RETURN
        self._drawn: set[int] = set()  # the game's draws on return the table's scores knew
        self._deadline = float("inf")
        self._max_nodes: int | None = None
        self._stop: Callable[[], bool] | None = None
        self._next_check = CHECK_EVERY

    def clear(self) -> None:
        """Forget everything learnt (a new game, or to bound memory)."""
        self._forget_table()
        self.order.clear()
        self.root_scores.clear()

    def _forget_table(self) -> None:
        """Empty the transposition tables, this process's and the shared one."""
        self.tt.clear()
        self._tt_old.clear()
        if self.shared is not None:
            self.shared.clear()

    def note_root_score(self, key: int, score: int) -> None:
        """Remember the score a root position got (bounded: forgotten past ROOT_SCORES_KEPT)."""
        if len(self.root_scores) >= ROOT_SCORES_KEPT:
            self.root_scores.clear()
        self.root_scores[key] = score

    # ----- limits ----------------------------------------------------------
    def _check_limits(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if time.perf_counter() >= self._deadline:
            raise SearchAborted
        if self._max_nodes is not None and self.nodes >= self._max_nodes:
            raise SearchAborted
        if self._stop is not None and self._stop():
            raise SearchAborted

    # ----- the tree --------------------------------------------------------
    def _terminal_score(self, state: GameState, ply: int) -> int | None:
        outcome = state.outcome()
        if outcome is None:
            return None
        if outcome.winner is None:
            return DRAW
        return MATE - ply if outcome.winner == state.to_move else -(MATE - ply)

    def _negamax(self, state: GameState, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check_limits()
        key = state.key()
        at = self._path.get(key)
        if at is not None:  # repetition on the search path
            if at < self._returned_to:
                self._returned_to = at
            return DRAW
        if self.exact is not None and ply < self._extend_until:
            known = self.exact(state)
            if known is not None:
                return known
        if depth <= 0:
            terminal = self._terminal_score(state, ply)
            return self.evaluate(state) if terminal is None else terminal

        # Mate-distance pruning: no line from here can beat a mate already found nearer.
        alpha = max(alpha, -(MATE - ply))
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha

        # The most plies a line from here runs: its depth, and the extensions before
        # _extend_until (one a ply at most, without using up depth).
        reach = depth + (self._extend_until - ply if ply < self._extend_until else 0)
        table_key = state.table_key(key, reach)
        entry = self.tt.get(table_key) or self._tt_old.get(table_key)
        tt_move = None
        if entry is None and table_key != key:  # a count of its own: the plain key's
            tt_move = self._table_move(key)  # move still orders
        shared, shared_move = self.shared, -1
        if shared is not None and depth >= SHARE_FROM_DEPTH and (entry is None or entry[0] < depth):
            found = shared.probe(table_key)  # a helper may have searched this deeper
            if found is not None and (entry is None or found[0] > entry[0]):
                entry, shared_move = (found[0], found[1], found[2], None), found[3]
        if entry is not None:
            tt_move = entry[3]
            settled = table_cutoff(entry, depth, alpha, beta, ply)
            if settled is not None:
                return settled

        moves = state.legal_moves()
        if not moves:
            terminal = self._terminal_score(state, ply)
            return DRAW if terminal is None else terminal
        if 0 <= shared_move < len(moves):
            tt_move = moves[shared_move]

        original_alpha = alpha
        best_score = -INFINITY
        best_move = moves[0]
        returned_above = self._enter(key, ply)
        try:
            extend = self.extend if ply < self._extend_until else None
            order = self.order
            reduce = self.reductions
            for index, move in enumerate(order.lazily_ordered(state, moves, tt_move, ply)):
                cut = order.reduction(state, move, index, depth, ply) if reduce else 0
                state.push(move)
                try:
                    child = depth if extend is not None and extend(state) else depth - 1
                    cut = cut if child < depth else 0  # an extended move is never reduced
                    if index == 0:
                        score = -self._negamax(state, child, -beta, -alpha, ply + 1)
                    else:  # PVS: prove the move is no better with a null window first
                        score = -self._negamax(state, child - cut, -alpha - 1, -alpha, ply + 1)
                        if cut and score > alpha:
                            score = -self._negamax(state, child, -alpha - 1, -alpha, ply + 1)
                        if alpha < score < beta:
                            score = -self._negamax(state, child, -beta, -alpha, ply + 1)
                finally:
                    state.pop()
                if score > best_score:
                    best_score, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            order.reward(state, move, depth, ply)
                            break
        finally:
            depth = self._leave(key, ply, depth, returned_above)
        bound = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self._store(table_key, depth, to_tt(best_score, ply), bound, best_move, moves)
        return best_score

    def _enter(self, key: int, ply: int) -> int:
        """Put an inner node on the path before its moves; returns what its subtree's
        returns must be added to (`_leave`)."""
        returned_above, self._returned_to = self._returned_to, NO_RETURN
        self._path[key] = ply
        return returned_above

    def _leave(self, key: int, ply: int, depth: int, returned_above: int) -> int:
        """Take an inner node off the path after its moves; returns the depth to store
        its score at: PATH_DEPENDENT_DEPTH if it leaned on a return above the node."""
        del self._path[key]
        returned = self._returned_to
        self._returned_to = min(returned_above, returned)
        return PATH_DEPENDENT_DEPTH if returned < ply else depth

    def _store(self, key: int, depth: int, score: int, bound: int, move: Any, moves: list[Any]) -> None:
        if len(self.tt) >= self.tt_max_entries // 2:
            self._tt_old = self.tt
            self.tt = {}
        self.tt[key] = (depth, score, bound, move)
        if self.shared is not None and depth >= SHARE_FROM_DEPTH:
            self.shared.store(key, depth, score, bound, moves.index(move))

    def _root(
        self,
        state: GameState,
        moves: list[Any],
        depth: int,
        first: Any,
        progress: list[tuple[Any, int]],
        window: tuple[int, int] = (-INFINITY, INFINITY),
    ) -> tuple[Any, int]:
        """Search every root move at `depth` within `window`; returns the best move and
        its score (a bound only, when the score falls outside the window).

        Each new best root move proven above the window's floor is appended to
        `progress`, for an interrupted depth.
        """
        alpha, beta = window
        floor = alpha
        self._extend_until = 2 * depth
        best_move, best_score = None, -INFINITY
        root_key = state.table_key(state.key(), 3 * depth)  # reach: depth + _extend_until
        ordered = self._root_order(state, moves, first)
        if self.reverse_root_tail:  # a helper: start where the main search ends
            ordered = [ordered[0], *reversed(ordered[1:])]
        for index, move in enumerate(ordered):
            if index == 0:
                score = self._root_score(state, move, depth, -beta, -alpha)
                if self.failed_low is not None:  # a full window here: the exact fall
                    self.failed_low = (depth, score)
            else:
                score = self._root_score(state, move, depth, -alpha - 1, -alpha)
                if score > alpha:
                    score = self._root_score(state, move, depth, -beta, -alpha)
            if score > best_score:
                best_move, best_score = move, score
                alpha = max(alpha, score)
                if score > floor:
                    progress.append((self._game_move(move), score))
                if score >= beta:
                    break  # fails high: the caller widens the window
        if floor < best_score < beta:
            self._store(root_key, depth, best_score, EXACT, best_move, moves)
        return self._game_move(best_move), best_score

    # The root's steps, which a game's own tree (GameSpec.search) overrides.
    def _root_order(self, state: GameState, moves: list[Any], first: Any) -> list[Any]:
        """The root moves, in the order they are searched (`first` first)."""
        return self.order.ordered(state, moves, first, 0)

    def _root_score(self, state: GameState, move: Any, depth: int, alpha: int, beta: int) -> int:
        """A root move's score at `depth`, searched with the child's window (alpha, beta)."""
        state.push(move)
        try:
            return -self._negamax(state, depth - 1, alpha, beta, 1)
        finally:
            state.pop()

    def _game_move(self, move: Any) -> Any:
        """A root move as the game's own move object."""
        return move

    def _table_move(self, key: int) -> Any:
        """The move this process's table keeps for a position, or None."""
        entry = self.tt.get(key) or self._tt_old.get(key)
        return None if entry is None else entry[3]

    # ----- the drivers -------------------------------------------------------
    def _begin(
        self,
        state: GameState,
        movetime: float | None,
        max_nodes: int | None,
        stop: Callable[[], bool] | None,
    ) -> float:
        """Set the limits and the repetition set for a new search; returns the start time."""
        start = time.perf_counter()
        self._deadline = start + movetime if movetime is not None else float("inf")
        self._max_nodes = max_nodes
        self._stop = stop
        self.nodes = 0
        self._next_check = CHECK_EVERY
        self.failed_low = None
        drawn = state.seen_at_least(1) if self.any_return_draws else state.repetition_draws()
        if drawn != self._drawn:
            # A return to the game's history scored as these draws were (a position since
            # seen once more, an undone move, another game): the scores go, the moves too
            # (they share entries), the killers and history stay.
            self._forget_table()
            self._drawn = drawn
        self._path = dict.fromkeys(drawn, NO_RETURN)
        self._returned_to = NO_RETURN
        return start

    def score_moves(
        self,
        state: GameState,
        moves: list[Any],
        depth: int,
        *,
        movetime: float | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> list[tuple[Any, int]]:
        """Each move with its exact score at `depth` (a full window for every move).

        Slower than `iterate` but it ranks every move, which a level that picks among
        near-best moves needs. If a limit interrupts it, the moves not yet scored are
        left out (all of them score 0 if none was scored).
        """
        self._begin(state, movetime, None, stop)
        self._extend_until = 0  # every move to the same depth, as documented
        scored: list[tuple[Any, int]] = []
        try:
            for move in self._root_order(state, moves, None):
                score = self._root_score(state, move, depth, -INFINITY, INFINITY)
                scored.append((self._game_move(move), score))
        except SearchAborted:
            pass
        return scored or [(move, 0) for move in moves]

    def iterate(
        self,
        state: GameState,
        *,
        max_depth: int = MAX_DEPTH,
        movetime: float | None = None,
        max_nodes: int | None = None,
        stop: Callable[[], bool] | None = None,
        start_depth: int = 1,
    ) -> Iterator[SearchResult]:
        """Yield a result after each completed depth from `start_depth` (a helper joins
        the main search at its depth), until a limit or `max_depth`.

        The state is searched in place and restored exactly (push/pop). Nothing is
        yielded for a finished game. When a limit interrupts depth d, a last result
        (reported as depth d-1) is yielded only if depth d already proved another
        root move better than the previous best.
        """
        moves = state.legal_moves()
        if not moves:
            return
        start = self._begin(state, movetime, max_nodes, stop)
        best: Any = moves[0]
        score = 0
        for depth in range(max(1, start_depth), min(max_depth, MAX_DEPTH) + 1):
            progress: list[tuple[Any, int]] = []
            try:
                if depth > start_depth and depth >= ASPIRATION_FROM and abs(score) < MATE_BOUND:
                    window = (score - ASPIRATION, score + ASPIRATION)
                    move, found = self._root(state, moves, depth, best, progress, window)
                    if window[0] < found < window[1]:
                        best, score = move, found
                    else:  # outside the window: search again with the full window
                        first = move if found >= window[1] else best
                        self.failed_low = (depth, found) if found <= window[0] else None
                        try:
                            best, score = self._root(state, moves, depth, first, progress)
                        finally:
                            self.failed_low = None
                else:
                    best, score = self._root(state, moves, depth, best, progress)
            except SearchAborted:
                # The previous best is searched first at every depth, so a different
                # partial best has been proven better with a full window: keep it.
                partial = progress[-1] if progress else None
                if partial is not None and (depth == 1 or partial[0] != best):
                    elapsed = time.perf_counter() - start
                    yield SearchResult(partial[0], partial[1], depth - 1, self.nodes, (partial[0],), elapsed)
                return
            elapsed = time.perf_counter() - start
            pv = principal_variation(state, best, depth, self._table_move)
            yield SearchResult(best, score, depth, self.nodes, pv, elapsed)
            if abs(score) >= MATE_BOUND and MATE - abs(score) <= depth:
                return  # a forced result within the horizon: deeper search changes nothing
            if len(moves) == 1 and depth >= 2:
                return  # a forced move: no need to think longer
