"""Late move reductions (`Searcher(reductions=True)`): which moves are reduced, that the
reduced search reaches a depth with fewer nodes, and that it still sees a win or a
loss one move away."""

from __future__ import annotations

from test_ai_search import win_in_one_positions, wins_at_once

from engine.ai import move_order
from engine.ai.search import MATE, Searcher
from engine.games.morris.evaluation import evaluate_morris, evaluate_twelve
from engine.registry import new_state


def test_only_late_quiet_moves_that_are_not_killers_are_reduced() -> None:
    state = new_state("nine")
    state.play_all(["a1", "a4", "d1", "b2", "g7", "d7", "f6", "e3", "b6", "c3"])
    searcher = Searcher(evaluate_morris, reductions=True)
    quiet = state.parse_move("g1")  # a placement that closes no mill
    capture = state.parse_move("g1xa4")  # closes a1-d1-g1
    assert capture in state.legal_moves() and quiet not in state.legal_moves()
    quiet = state.parse_move("g4")
    late, later = move_order.REDUCE_AFTER, move_order.REDUCE_MORE_AFTER
    assert searcher.order.reduction(state, quiet, late - 1, 8, 1) == 0  # early moves: never
    assert searcher.order.reduction(state, quiet, late, 8, 1) == 1
    assert searcher.order.reduction(state, quiet, later, move_order.REDUCE_MORE_FROM - 1, 1) == 1
    assert searcher.order.reduction(state, quiet, later, move_order.REDUCE_MORE_FROM, 1) == 2
    assert searcher.order.reduction(state, capture, later, 8, 1) == 0
    searcher.order.killers[1] = [quiet]
    assert searcher.order.reduction(state, quiet, later, 8, 1) == 0


# The first 40 plies of a hard-millref game (session 8): placement, then a long
# manoeuvring phase where most moves are quiet.
GAME = [
    *("d6", "f4", "b4", "b2", "d2", "f6", "f2", "d5", "c3", "d3", "c4", "a4", "c5xa4", "a4"),
    *("g4", "d1", "a7", "d7", "g4-g1", "d7-g7", "b4-b6", "b2-b4", "g1-g4", "g7-d7", "g4-g1"),
    *("d7-g7", "d6-d7", "f6-d6", "g1-g4", "f4-e4", "f2-f4", "d1-g1", "d2-d1", "d5-e5", "f4-f6"),
    *("b4-b2", "d1-d2", "g1-d1", "c5-d5", "d3-e3xc3"),
]


def test_reductions_reach_a_depth_with_fewer_nodes() -> None:
    plain = reduced = 0
    for ply in (20, 30, 40):
        state = new_state("nine")
        state.play_all(GAME[:ply])
        plain += list(Searcher(evaluate_morris, reductions=False).iterate(state, max_depth=7))[-1].nodes
        reduced += list(Searcher(evaluate_morris, reductions=True).iterate(state, max_depth=7))[-1].nodes
    assert reduced < 0.75 * plain, (reduced, plain)


def test_reductions_still_see_a_win_in_one() -> None:
    found = 0
    for state in win_in_one_positions(5):
        best = list(Searcher(evaluate_morris, reductions=True).iterate(state, max_depth=5))[-1]
        assert wins_at_once(state, best.move) and best.score == MATE - 1, state.to_dict()
        found += 1
    assert found >= 3


def test_the_evaluator_says_whether_a_search_reduces() -> None:
    """Nine Men's Morris's evaluation asks for reductions (measured there); an explicit
    choice overrides it; an evaluator that says nothing gets none."""
    assert Searcher(evaluate_morris).reductions
    assert not Searcher(evaluate_morris, reductions=False).reductions
    assert not Searcher(evaluate_twelve).reductions
    assert not Searcher(lambda state: 0).reductions
