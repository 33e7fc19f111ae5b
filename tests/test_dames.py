"""The seed's dames variant (seed 004 and RULES.md): one rule per test."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import (
    FIRST,
    FIRST_KING,
    FIRST_MAN,
    SECOND,
    SECOND_KING,
    SECOND_MAN,
    IllegalMoveError,
    Termination,
)
from engine.games.dames import DAMES
from engine.games.dames.rules import COORDS, DamesState, parse_dames_move
from engine.perft import perft
from engine.registry import state_from_dict


def position(pieces: dict[int, int], side: int = FIRST) -> DamesState:
    state = DAMES.new_state()
    assert isinstance(state, DamesState)
    state.set_position(pieces, side)
    return state


def moves_from(state: DamesState, square: int) -> set[str]:
    return {str(m) for m in state.legal_moves() if m.path[0] == square - 1}


def test_numbering_follows_international_draughts() -> None:
    assert COORDS[0] == (0, 1) and COORDS[4] == (0, 9) and COORDS[5] == (1, 0) and COORDS[49] == (9, 8)


@pytest.mark.parametrize(("depth", "count"), [(1, 9), (2, 81), (3, 793), (4, 7654), (5, 79010)])
def test_perft_matches_rules_md(depth: int, count: int) -> None:
    assert perft(DAMES.new_state(), depth) == count


def test_white_starts_and_men_step_forward_only() -> None:
    state = DAMES.new_state()
    assert state.to_move == FIRST
    assert {str(m) for m in state.legal_moves()} == {
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
    }  # fmt: skip
    state = position({28: FIRST_MAN, 10: SECOND_MAN})
    assert moves_from(state, 28) == {"28-22", "28-23"}


def test_a_man_captures_forward_only_and_capture_is_optional() -> None:
    # White man on 28 with black pieces on 23 (forward) and 33 (backward).
    state = position({28: FIRST_MAN, 23: SECOND_MAN, 33: SECOND_MAN, 1: SECOND_MAN})
    assert moves_from(state, 28) == {"28x19", "28-22"}  # no backward 28x39; stepping is allowed


def test_a_king_captures_both_ways() -> None:
    state = position({28: FIRST_KING, 23: SECOND_MAN, 33: SECOND_MAN})
    assert {"28x19", "28x39"} <= moves_from(state, 28)
    assert {"28-22", "28-32"} <= moves_from(state, 28)


def test_every_prefix_of_a_chain_is_a_move_and_pieces_leave_at_once() -> None:
    state = position({37: FIRST_MAN, 32: SECOND_MAN, 22: SECOND_MAN, 3: SECOND_MAN})
    assert {"37x28", "37x28x17"} <= moves_from(state, 37)
    state.play("37x28")  # stop after the first jump
    assert state.board()[32 - 1] == 0 and state.board()[22 - 1] == SECOND_MAN
    state.pop()
    state.play("37x28x17")
    assert state.board()[32 - 1] == 0 and state.board()[22 - 1] == 0 and state.board()[17 - 1] == FIRST_MAN


def test_crowning_ends_the_chain() -> None:
    # The white man on 13 jumps 8 and lands on 2, the far row. As a king it could jump
    # on over 7 to 11, but a man crowned during a chain stops there.
    state = position({13: FIRST_MAN, 8: SECOND_MAN, 7: SECOND_MAN, 40: SECOND_MAN})
    assert "13x2" in moves_from(state, 13)
    assert "13x2x11" not in moves_from(state, 13)
    with pytest.raises(IllegalMoveError):
        state.play("13x2x11")
    state.play("13x2")
    assert state.board()[1] == FIRST_KING
    assert "2x11" in moves_from(position({2: FIRST_KING, 7: SECOND_MAN}), 2)


def test_a_man_ending_on_the_far_row_becomes_a_king_black_too() -> None:
    state = position({44: SECOND_MAN, 10: FIRST_MAN}, side=SECOND)
    state.play("44-49")
    assert state.board()[48] == SECOND_KING


def test_a_blocked_player_loses() -> None:
    # White man on 46 is blocked by a black man on 41 (its only forward square), and a
    # black man on 37, right behind 41, prevents the jump.
    state = position({46: FIRST_MAN, 41: SECOND_MAN, 37: SECOND_MAN})
    assert state.legal_moves() == []
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == SECOND and outcome.reason == Termination.BLOCKED


def test_a_player_with_no_piece_left_loses() -> None:
    state = position({28: FIRST_MAN, 23: SECOND_MAN})
    state.play("28x19")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == FIRST and outcome.reason == Termination.NO_PIECES


def test_threefold_repetition_is_a_draw() -> None:
    state = position({28: FIRST_KING, 3: SECOND_KING})
    for _ in range(2):
        for text in ("28-22", "3-8", "22-28", "8-3"):
            state.play(text)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == Termination.REPETITION


def test_refusals_explain_and_keep_the_state() -> None:
    state = DAMES.new_state()
    key = state.key()
    for text, reason in (
        ("18-23", "no piece of yours"),
        ("32-37", "not empty"),
        ("31-22", "not a diagonal neighbour"),
        ("32x23", "opposing piece"),
    ):
        with pytest.raises(IllegalMoveError, match=reason):
            state.play(text)
        assert state.key() == key and state.history == []
    for bad in ("", "32", "32-", "0-5", "51x40", "32x23-14", "a-b"):
        with pytest.raises(ValueError):
            parse_dames_move(bad)


def test_random_games_undo_and_notation_round_trip() -> None:
    rng = random.Random(3)
    for _ in range(25):
        state = DAMES.new_state()
        keys = [state.key()]
        while state.outcome() is None and state.ply < 400:
            move = rng.choice(state.legal_moves())
            assert state.parse_move(str(move)) == move and state.why_illegal(move) is None
            state.push(move)
            keys.append(state.key())
        replay = DAMES.new_state()
        replay.play_all([str(m) for m in state.history])
        assert replay.key() == state.key() and replay.board() == state.board()
        while state.history:
            state.pop()
            keys.pop()
            assert state.key() == keys[-1]


def test_a_man_never_steps_backward_and_is_told_why() -> None:
    state = position({28: FIRST_MAN, 1: SECOND_MAN})
    assert moves_from(state, 28) == {"28-22", "28-23"}
    with pytest.raises(IllegalMoveError, match="only moves forward"):
        state.play("28-33")


def test_a_man_captures_forward_only_within_a_chain_too() -> None:
    # After 37x28 a black man on 33 stands behind the white man: no backward jump to 39.
    state = position({37: FIRST_MAN, 32: SECOND_MAN, 33: SECOND_MAN, 5: SECOND_MAN})
    assert moves_from(state, 37) == {"37-31", "37x28"}


def test_black_men_capture_forward_down_the_board_only() -> None:
    state = position({23: SECOND_MAN, 28: FIRST_MAN, 18: FIRST_MAN}, side=SECOND)
    assert moves_from(state, 23) == {"23-29", "23x32"}  # 23x12 would go backward


def test_a_king_moves_one_square_and_chains_forward_then_backward() -> None:
    state = position({28: FIRST_KING, 23: SECOND_MAN, 24: SECOND_MAN, 50: SECOND_MAN})
    assert moves_from(state, 28) == {"28-22", "28-32", "28-33", "28x19", "28x19x30"}
    with pytest.raises(IllegalMoveError):
        state.play("28-17")  # no flying king in this variant: one square at a time


def test_a_jumped_piece_is_gone_at_once_so_it_cannot_be_jumped_twice() -> None:
    state = position({28: FIRST_KING, 23: SECOND_MAN})
    assert moves_from(state, 28) == {"28-22", "28-32", "28-33", "28x19"}  # never 28x19x28


def test_stopping_mid_chain_leaves_the_rest_on_the_board_and_passes_the_turn() -> None:
    state = position({28: FIRST_KING, 23: SECOND_MAN, 24: SECOND_MAN, 50: SECOND_MAN})
    state.play("28x19")
    assert state.to_move == SECOND
    assert state.board()[23 - 1] == 0 and state.board()[24 - 1] == SECOND_MAN
    assert state.board()[19 - 1] == FIRST_KING


def test_a_dames_game_saves_and_loads_through_the_registry() -> None:
    state = DAMES.new_state()
    state.play_all(["31-26", "16-21", "32-27", "21x32", "37x28"])
    loaded = state_from_dict(state.to_dict())
    assert loaded.board() == state.board() and [str(m) for m in loaded.history] == [
        "31-26", "16-21", "32-27", "21x32", "37x28"
    ]  # fmt: skip


def test_the_moves_command_lists_every_prefix_and_reports_errors() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "moves", "dames"],
        input="32-28 19-23\n31-26 16-21 32-27 21x32 26-21 17-22\n32-37\n",
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
        timeout=60,
        check=False,
    )
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) == 3
    assert set(lines[0].split()) == {
        "28x19", "28-22", "31-26", "31-27", "33-29", "34-29", "34-30", "35-30", "37-32", "38-32"
    }  # fmt: skip
    assert {"37x28", "37x28x17"} <= set(lines[1].split())
    assert lines[2].startswith("error:")
