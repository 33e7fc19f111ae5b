"""Othello (seed 003 and RULES.md): start, flips, passes, the end, perft, notation."""

from __future__ import annotations

import random

import pytest

from engine.core import FIRST, SECOND, IllegalMoveError, Termination
from engine.games.othello import OTHELLO
from engine.games.othello.rules import INDEX_OF_NAME, OthelloState, legal_mask
from engine.perft import perft


def new() -> OthelloState:
    state = OTHELLO.new_state()
    assert isinstance(state, OthelloState)
    return state


def mask(names: str) -> int:
    return sum(1 << INDEX_OF_NAME[n] for n in names.split())


def test_start_position_and_first_moves() -> None:
    state = new()
    black, white = (state.board()[INDEX_OF_NAME[n]] for n in ("d5", "d4"))
    assert state.to_move == FIRST and state.discs(FIRST) == 2 and state.discs(SECOND) == 2
    assert black == 1 and white == 2  # Black d5 e4, White d4 e5; a1 is the top-left square
    assert sorted(str(m) for m in state.legal_moves()) == ["c4", "d3", "e6", "f5"]


def test_a_move_turns_over_the_run_it_closes() -> None:
    state = new()
    state.play("d3")
    assert state.discs(FIRST) == 4 and state.discs(SECOND) == 1
    assert state.board()[INDEX_OF_NAME["d4"]] == 1


@pytest.mark.parametrize(
    ("neighbour", "anchor"),
    [
        ("c3", "b2"),
        ("d3", "d2"),
        ("e3", "f2"),
        ("c4", "b4"),
        ("e4", "f4"),
        ("c5", "b6"),
        ("d5", "d6"),
        ("e5", "f6"),
    ],
)
def test_flips_in_each_of_the_eight_directions(neighbour: str, anchor: str) -> None:
    state = new()
    state.set_position(black=mask(anchor) | mask("h8"), white=mask(neighbour) | mask("a8"), side=FIRST)
    state.play("d4")
    assert state.board()[INDEX_OF_NAME[neighbour]] == 1


def test_no_wrap_around_the_board_edge() -> None:
    # Black h3, White a4: on the board they are not neighbours, only in the bit order.
    assert legal_mask(mask("h3"), mask("a4")) == 0
    assert legal_mask(mask("a4"), mask("h3")) == 0


def test_pass_is_the_only_move_and_play_refuses_otherwise() -> None:
    state = new()
    # Black b1 cannot flank White a1 (the edge is behind it); White can play c1.
    state.set_position(black=mask("b1"), white=mask("a1"), side=FIRST)
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    with pytest.raises(IllegalMoveError, match="must pass"):
        state.play("c1")
    state.play("pass")
    assert state.to_move == SECOND and [str(m) for m in state.legal_moves()] == ["c1"]
    state.pop()
    assert state.to_move == FIRST and state.history == []
    fresh = new()
    with pytest.raises(IllegalMoveError, match="cannot pass"):
        fresh.play("pass")


def test_the_game_ends_when_neither_can_move_and_discs_decide() -> None:
    state = new()
    state.set_position(black=mask("a1 b1"), white=mask("h8"), side=FIRST)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == FIRST and outcome.reason == Termination.DISC_COUNT
    state.set_position(black=mask("a1"), white=mask("h8"), side=FIRST)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner is None


@pytest.mark.parametrize(
    ("depth", "count"), [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200), (7, 55092), (8, 390216)]
)
def test_perft_matches_rules_md(depth: int, count: int) -> None:
    assert new().perft(depth) == count


def test_memoized_perft_equals_plain_perft() -> None:
    assert new().perft(6) == perft(new(), 6)


def test_refusals_keep_the_state() -> None:
    state = new()
    key = state.key()
    for text, reason in (("d4", "not empty"), ("a1", "turn nothing"), ("pass", "cannot pass")):
        with pytest.raises(IllegalMoveError, match=reason):
            state.play(text)
    for text in ("", "i1", "a9", "d", "passe"):
        with pytest.raises(ValueError):
            state.play(text)
    assert state.key() == key and state.history == []


def test_random_games_end_undo_and_round_trip() -> None:
    rng = random.Random(11)
    for _ in range(20):
        state = new()
        keys = [state.key()]
        while state.outcome() is None:
            moves = state.legal_moves()
            assert moves and state.count_legal_moves() == len(moves)
            move = rng.choice(moves)
            assert state.parse_move(str(move)) == move and state.why_illegal(move) is None
            state.push(move)
            keys.append(state.key())
        assert state.legal_moves() == [] and state.ply <= 64 * 2
        replay = new()
        replay.play_all([str(m) for m in state.history])
        assert replay.key() == state.key()
        while state.history:
            state.pop()
            keys.pop()
            assert state.key() == keys[-1]
