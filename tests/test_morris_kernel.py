"""Nine Men's Morris's own search (engine/games/morris/kernel.py): the same tree as the
shared search, node for node, over ints; the hard level's searcher for Nine only."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_morris_endgame import endgame_positions

from engine.ai import players
from engine.ai.search import Searcher
from engine.core import GameState
from engine.games.morris import kernel
from engine.games.morris.evaluation import DEFAULT, MorrisEvaluator, evaluate_morris
from engine.games.morris.kernel import MorrisSearcher, decode, encode, legal_moves, position_key, unpack
from engine.games.morris.rules import QUIET_PLY_LIMIT, MorrisState
from engine.registry import GameSpecError, get_spec, new_state, register


def random_game(seed: int, plies: int) -> MorrisState:
    """Nine Men's Morris after up to `plies` random moves (repetitions and all)."""
    rng = random.Random(seed)
    state = new_state("nine")
    assert isinstance(state, MorrisState)
    while state.ply < plies and state.legal_moves():
        state.push(rng.choice(state.legal_moves()))
    return state


def searched(make: type[Searcher], state: GameState, depth: int) -> tuple[list[tuple[int, str, int]], int]:
    """Each depth's (score, move, line length) and the nodes, with a fresh evaluator
    (its cache would hand the second search the first one's leaves)."""
    evaluator = MorrisEvaluator(DEFAULT, evaluate_morris.patterns, late_move_reductions=True)
    searcher = make(evaluator)
    results = [(r.score, str(r.move), len(r.pv)) for r in searcher.iterate(state, max_depth=depth)]
    return results, searcher.nodes


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 140))
def test_the_own_search_walks_the_shared_searchs_tree(seed: int, plies: int) -> None:
    """Reductions, extensions, the database, repetitions and the tables included: the
    same scores, moves and node counts at every depth."""
    state = random_game(seed, plies)
    if not state.legal_moves():
        return
    before = state.to_dict()
    assert searched(MorrisSearcher, state, 5) == searched(Searcher, state, 5)
    assert state.to_dict() == before  # searched in place, restored


@pytest.mark.parametrize("pieces", [(3, 3), (3, 4), (4, 3), (4, 5), (5, 3)])
def test_endgames_and_flying_search_alike(pieces: tuple[int, int]) -> None:
    for state in endgame_positions(4, *pieces, seed=sum(pieces)):
        if state.legal_moves():
            assert searched(MorrisSearcher, state, 4) == searched(Searcher, state, 4), state.position()


@pytest.mark.parametrize("quiet", [QUIET_PLY_LIMIT - 3, QUIET_PLY_LIMIT - 1])
def test_the_quiet_ply_draw_is_seen_alike(quiet: int) -> None:
    state = get_spec("nine").from_position(f"w.b/.w./b.w/wb..bw/.../.b./w.b w 0 0 {quiet}")
    assert searched(MorrisSearcher, state, 5) == searched(Searcher, state, 5)
    first = searched(MorrisSearcher, state, 5)[0]
    if quiet == QUIET_PLY_LIMIT - 1:  # one step left: no removal reachable, so a draw
        assert all(score == 0 for score, _, _ in first[1:]), first


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 140))
def test_moves_and_keys_as_ints_are_the_states(seed: int, plies: int) -> None:
    state = random_game(seed, plies)
    mine, theirs, my_hand, their_hand, side, _ = unpack(state)
    assert position_key(mine, theirs, my_hand, their_hand, side) == state.key()
    moves = state.legal_moves()
    if moves:  # else the game is over: the search asks the rules' end first
        assert [decode(m) for m in legal_moves(mine, theirs, my_hand)] == moves
    for move in moves:
        assert decode(encode(move)) == move
        assert (encode(move) < kernel.CAPTURES) == state.is_capture(move)


def test_score_moves_scores_alike() -> None:
    state = random_game(3, 30)
    moves = state.legal_moves()
    shared = Searcher(MorrisEvaluator(DEFAULT, evaluate_morris.patterns)).score_moves(state, moves, 3)
    own = MorrisSearcher(MorrisEvaluator(DEFAULT, evaluate_morris.patterns)).score_moves(state, moves, 3)
    assert sorted(map(str, shared)) == sorted(map(str, own))


def test_a_stop_ends_the_search_with_a_legal_move() -> None:
    state = random_game(4, 40)
    searcher = MorrisSearcher(evaluate_morris)
    results = list(searcher.iterate(state, stop=lambda: searcher.nodes > 2000))
    assert results and results[-1].move in state.legal_moves()
    assert searcher.nodes < 3000  # stopped within CHECK_EVERY nodes of the ask


def test_the_hard_level_of_nine_alone_searches_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players, "_searchers", {})
    nine, twelve = get_spec("nine"), get_spec("twelve")
    assert type(players.searcher_for(nine, "hard")) is MorrisSearcher
    assert type(players.searcher_for(nine, "medium")) is Searcher
    assert type(players.searcher_for(twelve, "hard")) is Searcher
    monkeypatch.setattr(players, "_searchers", {})
    assert type(players.searcher_for(nine, "hard", own_search=False)) is Searcher
    state = random_game(5, 30)
    choice = players.analyse(state, "hard", movetime=0.2)
    assert choice.move in state.legal_moves()


def test_a_search_that_cannot_be_called_is_refused() -> None:
    with pytest.raises(GameSpecError, match="search"):
        register(dataclasses.replace(get_spec("nine"), id="searchless", search=3))  # type: ignore[arg-type]
