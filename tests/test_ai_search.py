"""The alpha-beta search: exact against plain negamax, finds wins, avoids losses, obeys limits."""

from __future__ import annotations

import random
from collections.abc import Iterator

from conftest import nine_moving

from engine.ai.search import CHECK_EVERY, MATE, Searcher
from engine.core import GameState
from engine.games.morris.evaluation import evaluate_morris
from engine.registry import get_spec, new_state


def random_positions(seed: int, plies: range, count: int) -> Iterator[GameState]:
    """Positions from seeded random games, after a random number of plies in `plies`."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        state = new_state("nine")
        target = rng.choice(plies)
        while state.ply < target and state.legal_moves():
            state.push(rng.choice(state.legal_moves()))
        if state.legal_moves():
            made += 1
            yield state


def plain_negamax(state: GameState, depth: int) -> int:
    """Reference: full-width negamax with the same leaf scores, no pruning or tables."""
    moves = state.legal_moves()
    if not moves:
        outcome = state.outcome()
        assert outcome is not None
        if outcome.winner is None:
            return 0
        return MATE - state.ply if outcome.winner == state.to_move else -(MATE - state.ply)
    if depth == 0:
        return evaluate_morris(state)
    best = -(MATE + 1)
    for move in moves:
        state.push(move)
        best = max(best, -plain_negamax(state, depth - 1))
        state.pop()
    return best


def wins_at_once(state: GameState, move: object) -> bool:
    mover = state.to_move
    state.push(move)
    outcome = state.outcome()
    state.pop()
    return outcome is not None and outcome.winner == mover


def test_search_equals_plain_negamax_in_placement() -> None:
    for state in random_positions(7, range(2, 12), 6):
        root_ply = state.ply
        for depth in (2, 3):
            searcher = Searcher(get_spec("nine").evaluate, extensions=False)
            results = list(searcher.iterate(state, max_depth=depth))
            assert results[-1].depth == depth
            # Mate scores count plies from the root; plain_negamax counts from the game start.
            expected = plain_negamax(state, depth)
            if abs(expected) > MATE // 2:
                expected += root_ply if expected > 0 else -root_ply
            assert results[-1].score == expected, (state.to_dict(), depth)


def test_search_leaves_the_state_unchanged() -> None:
    state = next(random_positions(3, range(20, 30), 1))
    before = (state.key(), list(state.history), state.to_dict())
    for _ in Searcher(evaluate_morris).iterate(state, max_depth=4):
        pass
    assert (state.key(), list(state.history), state.to_dict()) == before


def win_in_one_positions(count: int) -> Iterator[GameState]:
    for state in random_positions(11, range(14, 60), 400):
        moves = state.legal_moves()
        winning = [m for m in moves if wins_at_once(state, m)]
        if winning and len(winning) < len(moves):
            yield state
            count -= 1
            if not count:
                return


def test_finds_a_win_in_one_and_scores_it_as_mate() -> None:
    found = 0
    for state in win_in_one_positions(5):
        results = list(Searcher(evaluate_morris).iterate(state, max_depth=4))
        assert wins_at_once(state, results[-1].move)
        assert results[-1].score == MATE - 1
        found += 1
    assert found >= 3


def test_avoids_a_loss_in_one_when_it_can() -> None:
    checked = 0
    for state in random_positions(5, range(14, 60), 600):
        moves = state.legal_moves()
        if any(wins_at_once(state, m) for m in moves):
            continue

        def loses(move: object, state: GameState = state) -> bool:
            state.push(move)
            lost = any(wins_at_once(state, reply) for reply in state.legal_moves())
            state.pop()
            return lost

        losing = [m for m in moves if loses(m)]
        if not losing or len(losing) == len(moves):
            continue
        best = list(Searcher(evaluate_morris).iterate(state, max_depth=3))[-1]
        assert not loses(best.move), state.to_dict()
        checked += 1
        if checked == 4:
            break
    assert checked >= 2


def test_time_budget_and_stop_callable() -> None:
    state = new_state("nine")
    # A movetime ends an unbounded search (it would never end otherwise).
    assert list(Searcher(evaluate_morris).iterate(state, movetime=0.3))
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 3

    searcher = Searcher(evaluate_morris)
    list(searcher.iterate(state, stop=stop))
    # Polled every CHECK_EVERY nodes: stopped at the fourth poll, not later.
    assert calls == 4 and searcher.nodes <= 4 * CHECK_EVERY + 1


def test_node_budget_and_bounded_table() -> None:
    searcher = Searcher(evaluate_morris, tt_max_entries=500)
    results = list(searcher.iterate(new_state("nine"), max_nodes=5000))
    assert results and searcher.nodes < 5000 + 1024
    assert len(searcher.tt) + len(searcher._tt_old) <= 500
    assert searcher._tt_old  # the table filled up and aged a generation


def test_finished_game_yields_nothing() -> None:
    for state in win_in_one_positions(1):
        move = next(m for m in state.legal_moves() if wins_at_once(state, m))
        state.push(move)
        assert list(Searcher(evaluate_morris).iterate(state, max_depth=3)) == []


def test_a_position_from_the_game_draws_only_when_its_return_is_the_third() -> None:
    """Stockfish's rule: a position seen once in the game and reached again is searched
    on (its second occurrence is no draw); seen twice, its return is the draw. Both the
    generic tree and Morris's own (`GameSpec.search`)."""
    spec = get_spec("nine")
    assert spec.search is not None
    shuttle = ["a1-a4", "d6-d5", "a4-a1"]  # then d5-d6 brings the start position back
    for searcher in (Searcher(evaluate_morris), spec.search(evaluate_morris)):
        state = nine_moving()
        start_score = evaluate_morris(state)  # White's view, White to move there
        assert start_score != 0
        state.play_all(shuttle)
        [(_, once)] = searcher.score_moves(state, [state.parse_move("d5-d6")], 1)
        assert once == -start_score
        state.play_all(["d5-d6", *shuttle])
        [(_, twice)] = searcher.score_moves(state, [state.parse_move("d5-d6")], 1)
        assert twice == 0


def test_a_shallow_searcher_counts_every_earlier_position_a_draw() -> None:
    """`any_return_draws` (the levels below hard): a return to a position seen once
    scores a draw, so a shallow search does not shuttle into a threefold repetition."""
    state = nine_moving()
    state.play_all(["a1-a4", "d6-d5", "a4-a1"])
    searcher = Searcher(evaluate_morris, any_return_draws=True)
    [(_, score)] = searcher.score_moves(state, [state.parse_move("d5-d6")], 1)
    assert score == 0
    [(_, elsewhere)] = searcher.score_moves(state, [state.parse_move("d5-c5")], 1)
    assert elsewhere != 0
