"""The 100-quiet-ply draw and the transposition table: a board's score a few plies
from that draw is not its score far from it, so the table keys count the quiet plies
where a line from the node can reach the draw (`GameState.table_key`), in the shared
search and in Morris's own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_morris_kernel import random_game

from engine.ai.search import Searcher
from engine.games.morris.evaluation import DEFAULT, MorrisEvaluator, evaluate_morris
from engine.games.morris.kernel import MorrisSearcher
from engine.games.morris.rules import KEY_BITS, QUIET_PLY_LIMIT
from engine.registry import get_spec

# Black to move scores 1683 at depth 6, but 0 three plies from the draw.
BOARD = ".../bwb/.../b..w../wb./.../bb. b 0 0"


def at(quiet: int) -> str:
    return f"{BOARD} {quiet}"


def best(searcher: Searcher, position: str, depth: int = 6) -> tuple[int, str]:
    result = list(searcher.iterate(get_spec("nine").from_position(position), max_depth=depth))[-1]
    return result.score, str(result.move)


def fresh(make: type[Searcher]) -> Searcher:
    return make(MorrisEvaluator(DEFAULT, evaluate_morris.patterns, late_move_reductions=True))


def test_the_table_key_counts_the_quiet_plies_only_where_a_line_can_reach_the_draw() -> None:
    spec = get_spec("nine")
    counted = set()
    for quiet in range(QUIET_PLY_LIMIT):
        state = spec.from_position(at(quiet))
        key = state.key()
        for reach in (0, 1, 12, 40):
            if quiet + reach < QUIET_PLY_LIMIT:
                assert state.table_key(key, reach) == key
            else:  # a key of its own, by the plies left, apart from every plain key
                assert state.table_key(key, reach) >> KEY_BITS == QUIET_PLY_LIMIT - quiet + 1
                counted.add(state.table_key(key, reach))
    assert len(counted) == 40


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 160))
def test_every_position_key_fits_below_the_quiet_count(seed: int, plies: int) -> None:
    state = random_game(seed, plies)
    assert 0 <= state.key() < 1 << KEY_BITS


def test_the_draw_comes_first_near_the_limit() -> None:
    assert best(fresh(MorrisSearcher), at(QUIET_PLY_LIMIT - 3))[0] == 0
    assert best(fresh(MorrisSearcher), at(0))[0] > 1000


@pytest.mark.parametrize("make", [MorrisSearcher, Searcher])
def test_a_search_near_the_draw_leaves_no_score_for_the_board_far_from_it(make: type[Searcher]) -> None:
    """Tables carried from the search at 97 quiet plies (each move's child a draw) to
    the same board at 0: the same result as with fresh tables. Before the quiet plies
    were in the key, the carried search scored 0 against 1683."""
    searcher = fresh(make)
    best(searcher, at(QUIET_PLY_LIMIT - 3))
    assert best(searcher, at(0)) == best(fresh(make), at(0))
