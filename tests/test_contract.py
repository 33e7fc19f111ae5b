"""The contract every registered game keeps, checked on random games (hypothesis seeds).

Parametrised over every game of the registry plus tic-tac-toe (tests/plugins), which is
registered for each test and removed after it: a new game gets these tests for free.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugins.tictactoe import TICTACTOE

from engine.core import GameSpec, GameState, Prompt, Refusal
from engine.messages import key_of
from engine.registry import GAMES, get_spec, register, unregister
from engine.saves import dumps, loads

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    *((game, {}) for game in GAMES),
    ("twelve", {"diagonals": True}),
    ("tictactoe", {}),
]
Variant = tuple[GameSpec, dict[str, Any]]
IDS = [f"{game}{'-diagonals' if options else ''}" for game, options in VARIANTS]


@pytest.fixture(params=VARIANTS, ids=IDS)
def variant(request: pytest.FixtureRequest) -> Iterator[Variant]:
    game, options = request.param
    added = game not in GAMES
    if added:
        register(TICTACTOE)
    try:
        yield get_spec(game), options
    finally:
        if added:
            unregister(game)


def playout(spec: GameSpec, options: dict[str, Any], seed: int, plies: int = 120) -> Iterator[GameState]:
    """The positions of a seeded random game (the same state object, moved on)."""
    rng = random.Random(seed)
    state = spec.new_state(options)
    for _ in range(rng.randrange(plies // 2, plies)):
        yield state
        moves = state.legal_moves()
        if not moves:
            return
        state.push(rng.choice(moves))
    yield state


def snapshot(state: GameState) -> tuple[Any, ...]:
    return state.key(), state.board(), state.position(), state.to_move, state.outcome(), state.repetitions()


SEEDS = st.integers(0, 2**32 - 1)
# The fixture only registers the game: sharing it between a test's examples is right.
SHARED = [HealthCheck.function_scoped_fixture]
FEW = settings(max_examples=8, deadline=None, suppress_health_check=SHARED)


@FEW
@given(seed=SEEDS)
def test_legal_moves_are_empty_exactly_when_the_game_is_over(variant: Variant, seed: int) -> None:
    for state in playout(variant[0], variant[1], seed):
        assert (state.legal_moves() == []) == (state.outcome() is not None), state.history
        assert state.count_legal_moves() == len(state.legal_moves())


@FEW
@given(seed=SEEDS)
def test_push_pop_restores_everything_and_moves_read_back(variant: Variant, seed: int) -> None:
    for state in playout(variant[0], variant[1], seed):
        before = snapshot(state)
        for move in state.legal_moves():
            assert state.parse_move(str(move)) == move
            assert state.refusal(move) is None
            state.push(move)
            assert state.pop() == move
            assert snapshot(state) == before, (state.history, move)


@FEW
@given(seed=SEEDS)
def test_position_text_round_trips_exactly(variant: Variant, seed: int) -> None:
    spec, options = variant
    for state in playout(spec, options, seed):
        text = state.position()
        again = spec.from_position(text, options)
        assert again.position() == text and again.key() == state.key() and again.board() == state.board()
        assert again.to_move == state.to_move
        if state.repetitions() < 2:  # the text holds no history, so no repetition count
            assert again.outcome() == state.outcome()
            assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]


@FEW
@given(seed=SEEDS)
def test_a_copy_is_equal_and_independent(variant: Variant, seed: int) -> None:
    states = list(playout(variant[0], variant[1], seed))
    state = states[-1]
    while state.history and state.outcome() is not None:
        state.pop()  # a position with moves left, so the copy can move on
    copy = state.copy()
    assert snapshot(copy) == snapshot(state) and copy.history == state.history
    before = snapshot(state)
    for move in copy.legal_moves()[:1]:
        copy.push(move)
        assert snapshot(state) == before and copy.history != state.history
    while copy.history:
        copy.pop()
    assert copy.position() == variant[0].new_state(variant[1]).position()
    assert snapshot(state) == before


@settings(max_examples=4, deadline=None, suppress_health_check=SHARED)
@given(seed=SEEDS)
def test_saves_round_trip(variant: Variant, seed: int) -> None:
    state = list(playout(variant[0], variant[1], seed, plies=60))[-1]
    loaded = loads(dumps(state)).state
    assert loaded.to_dict() == state.to_dict() and snapshot(loaded) == snapshot(state)


def _declared(state: GameState, item: Refusal | Prompt) -> None:
    assert key_of(item) in state.spec.messages, (state.spec.id, item)
    text = state.describe(item)
    assert text and "{" not in text, (item, text)


@settings(max_examples=10, deadline=None, suppress_health_check=SHARED)
@given(seed=SEEDS)
def test_every_refusal_and_prompt_has_a_declared_code(variant: Variant, seed: int) -> None:
    """Moves legal elsewhere in the game and random clicks, refused with declared codes."""
    rng = random.Random(seed)
    pool: list[Any] = []
    for state in playout(variant[0], variant[1], seed, plies=80):
        legal = state.legal_moves()
        pool.extend(rng.sample(legal, min(3, len(legal))))
        for move in rng.sample(pool, min(12, len(pool))):
            refusal = state.refusal(move)
            assert (refusal is None) == (move in legal), (state.history, move, refusal)
            if refusal is not None:
                _declared(state, refusal)
                assert state.why_illegal(move) == state.describe(refusal)
        cells = len(state.board())
        prefixes = sorted({()} | {tuple(m.steps[:k]) for m in legal for k in range(1, len(m.steps))})
        for prefix in rng.sample(prefixes, min(3, len(prefixes))):
            _declared(state, state.prompt(prefix))
            for cell in rng.sample(range(cells), min(6, cells)):
                refusal = state.click_refusal(prefix, cell)
                continues = any(tuple(m.steps[: len(prefix) + 1]) == (*prefix, cell) for m in legal)
                assert (refusal is None) == continues, (state.history, prefix, cell, refusal)
                if refusal is not None:
                    _declared(state, refusal)
                    assert all(0 <= c < cells for c in refusal.cells)
        assert all(0 <= c < cells for c in state.formed_lines())
