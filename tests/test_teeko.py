"""Teeko rules (seed 002 and RULES.md): patterns, steps, repetition, perft, notation."""

from __future__ import annotations

import random

import pytest

from engine.core import FIRST, SECOND, IllegalMoveError, InvalidMoveError, Termination
from engine.games.teeko import TEEKO
from engine.games.teeko.rules import INDEX_OF_NAME, NAMES, WIN_PATTERNS, TeekoState
from engine.perft import perft


def new() -> TeekoState:
    state = TEEKO.new_state()
    assert isinstance(state, TeekoState)
    return state


def play(state: TeekoState, moves: str) -> TeekoState:
    for text in moves.split():
        state.play(text)
    return state


def test_there_are_44_patterns_28_lines_and_16_squares() -> None:
    assert len(set(WIN_PATTERNS)) == 44
    squares = [p for p in WIN_PATTERNS if _is_square(p)]
    assert len(squares) == 16
    assert all(p.bit_count() == 4 for p in WIN_PATTERNS)


def _is_square(pattern: int) -> bool:
    cells = [i for i in range(25) if pattern >> i & 1]
    rows = {i // 5 for i in cells}
    columns = {i % 5 for i in cells}
    return len(rows) == 2 and len(columns) == 2


def test_names_follow_rules_md() -> None:
    # file a..e left to right, rank 1 at the bottom; index 0 is the top-left square.
    assert NAMES[0] == "a5" and NAMES[4] == "e5" and NAMES[20] == "a1" and NAMES[24] == "e1"
    assert INDEX_OF_NAME["c3"] == 12


@pytest.mark.parametrize(
    ("black", "kind"),
    [
        ("a1 b1 c1 d1", "row"),
        ("b5 b4 b3 b2", "column"),
        ("a1 b2 c3 d4", "diagonal"),
        ("e2 d3 c4 b5", "anti-diagonal"),
        ("c3 d3 c2 d2", "square"),
    ],
)
def test_each_kind_of_pattern_wins_for_black(black: str, kind: str) -> None:
    white = iter(["a5", "e5", "a3", "e3"])  # scattered, never a pattern
    state = new()
    for square in black.split():
        state.play(square)
        if state.outcome() is None:
            state.play(next(white))
    outcome = state.outcome()
    assert outcome is not None, kind
    assert outcome.winner == FIRST and outcome.reason == Termination.ALIGNMENT
    assert state.legal_moves() == []


def test_a_pattern_can_be_completed_by_a_step() -> None:
    state = play(new(), "a1 a5 b1 e5 c1 a3 e1 e3")  # black a1 b1 c1 e1, nothing yet
    assert state.outcome() is None and state.phase == "moving"
    state.play("e1-d2")  # not yet: d2 is not on the bottom row
    assert state.outcome() is None
    play(state, "e3-e2 d2-d1")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == FIRST


def test_white_wins_too() -> None:
    state = play(new(), "a5 a1 e5 b1 a3 c1 e3 d1")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == SECOND


def test_steps_in_all_eight_directions() -> None:
    state = play(new(), "c3 a5 a1 e5 e1 a4 b5 e4")  # black in the centre, all neighbours empty
    targets = {str(m) for m in state.legal_moves() if m.src == INDEX_OF_NAME["c3"]}
    assert targets == {f"c3-{s}" for s in ("b4", "c4", "d4", "b3", "d3", "b2", "c2", "d2")}


def test_placement_before_moving_and_step_reasons() -> None:
    state = play(new(), "c3")
    with pytest.raises(IllegalMoveError, match="not empty"):
        state.play("c3")
    with pytest.raises(IllegalMoveError, match="place a piece first"):
        state.play("c3-c4")
    play(state, "a5 a1 e5 e1 a4 b5 e4")
    with pytest.raises(IllegalMoveError, match="not next to"):
        state.play("c3-c5")
    with pytest.raises(IllegalMoveError, match="move one of yours"):
        state.play("d4")
    with pytest.raises(IllegalMoveError, match="no piece of yours"):
        state.play("a5-a3")
    key = state.key()
    with pytest.raises(InvalidMoveError):
        state.play("z9")
    assert state.key() == key and len(state.history) == 8


def test_threefold_repetition_is_a_draw() -> None:
    state = play(new(), "c3 a5 a1 e5 e1 a4 b5 e4")
    for _ in range(2):
        play(state, "c3-c4 e5-d5 c4-c3 d5-e5")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == Termination.REPETITION


@pytest.mark.parametrize(("depth", "count"), [(1, 25), (2, 600), (3, 13800), (4, 303600), (5, 6375600)])
def test_perft_matches_rules_md(depth: int, count: int) -> None:
    assert perft(new(), depth) == count


def test_random_games_round_trip_and_undo() -> None:
    rng = random.Random(7)
    for _ in range(40):
        state = new()
        keys = [state.key()]
        while state.outcome() is None and state.ply < 300:
            moves = state.legal_moves()
            assert state.count_legal_moves() == len(moves)
            move = rng.choice(moves)
            assert state.parse_move(str(move)) == move
            assert state.why_illegal(move) is None
            state.push(move)
            keys.append(state.key())
        copy = TEEKO.new_state()
        copy.play_all([str(m) for m in state.history])
        assert copy.key() == state.key()
        while state.history:
            state.pop()
            keys.pop()
            assert state.key() == keys[-1]
