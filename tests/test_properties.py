"""Properties of the GameState contract, checked over random games of every Morris variant."""

from __future__ import annotations

import random
from typing import Any, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Termination, new_state, state_from_dict
from engine.games.morris.rules import MorrisState

PLY_CAP = 4000  # generous: the 100-ply quiet rule and repetition end games far sooner
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("nine", {}),
    ("twelve", {}),
    ("twelve", {"diagonals": True}),
]
variants = st.sampled_from(VARIANTS)
randoms = st.randoms(use_true_random=False)
DRAWS = {Termination.REPETITION, Termination.NO_REMOVAL_LIMIT, Termination.BOARD_FULL}
fast = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fresh(variant: tuple[str, dict[str, Any]]) -> MorrisState:
    game, options = variant
    return cast(MorrisState, new_state(game, options))


def snapshot(state: MorrisState) -> tuple[object, ...]:
    """Everything push/pop must restore, as plain values."""
    return (
        state.key(),
        state.board(),
        tuple(state.history),
        state.in_hand(0),
        state.in_hand(1),
        state.to_move,
        state.quiet_plies,
        state.outcome(),
        tuple(state.legal_moves()),
    )


def play_out(state: MorrisState, rng: random.Random) -> None:
    """Random moves (captures favoured now and then, to reach the endings) to the end."""
    for _ in range(PLY_CAP):
        moves = state.legal_moves()
        if not moves:
            return
        captures = [m for m in moves if m.take is not None]
        state.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))


@fast
@given(variants, randoms)
def test_legal_moves_empty_exactly_when_over_and_every_game_ends(
    variant: tuple[str, dict[str, Any]], rng: random.Random
) -> None:
    state = fresh(variant)
    for _ in range(PLY_CAP):
        moves = state.legal_moves()
        assert (not moves) == (state.outcome() is not None)
        assert state.count_legal_moves() == len(moves)
        if not moves:
            break
        state.push(rng.choice(moves))
    assert state.outcome() is not None, f"no end after {PLY_CAP} plies"


@fast
@given(variants, randoms)
def test_every_legal_move_passes_the_checked_path(
    variant: tuple[str, dict[str, Any]], rng: random.Random
) -> None:
    state = fresh(variant)
    while moves := state.legal_moves():
        for move in moves:
            assert state.why_illegal(move) is None, (state.history, move)
        chosen = rng.choice(moves)
        assert state.play(chosen) == chosen
        state.play_all([])  # an empty sequence is accepted


@fast
@given(variants, randoms)
def test_push_then_pop_restores_everything(variant: tuple[str, dict[str, Any]], rng: random.Random) -> None:
    state = fresh(variant)
    while moves := state.legal_moves():
        before = snapshot(state)
        for move in rng.sample(moves, min(4, len(moves))):
            state.push(move)
            assert state.pop() == move
            assert snapshot(state) == before
        state.push(rng.choice(moves))
    # And undoing a whole game leads back to the start.
    while state.history:
        state.pop()
    assert snapshot(state) == snapshot(fresh(variant))


@fast
@given(variants, randoms)
def test_save_round_trip_and_copy(variant: tuple[str, dict[str, Any]], rng: random.Random) -> None:
    state = fresh(variant)
    stop = rng.randrange(0, 200)
    while state.ply < stop and (moves := state.legal_moves()):
        state.push(rng.choice(moves))
    restored = state_from_dict(state.to_dict())
    assert restored.key() == state.key() and restored.outcome() == state.outcome()
    assert [str(m) for m in restored.history] == [str(m) for m in state.history]
    twin = cast(MorrisState, state.copy())
    before = snapshot(state)
    assert snapshot(twin) == before
    play_out(twin, rng)  # moving the copy leaves the original alone...
    assert snapshot(state) == before
    twin_after = snapshot(twin)
    if moves := state.legal_moves():  # ...and the other way round
        state.push(moves[0])
        assert snapshot(twin) == twin_after


@settings(max_examples=40, deadline=None)
@given(variants, randoms)
def test_capture_heavy_games_end_with_fewer_than_three(
    variant: tuple[str, dict[str, Any]], rng: random.Random
) -> None:
    """Games that favour removals reach the flying and losing endings; the rules hold there."""
    state = fresh(variant)
    play_out(state, rng)
    outcome = state.outcome()
    assert outcome is not None and state.legal_moves() == []
    if outcome.winner is not None:
        loser = 1 - outcome.winner
        assert loser == state.to_move  # the player to move is the one who lost
        if outcome.reason is Termination.FEWER_THAN_THREE:
            assert state.on_board(loser) + state.in_hand(loser) == 2
        else:
            assert outcome.reason is Termination.BLOCKED
    else:
        assert outcome.reason in DRAWS
