"""Edges of the engine interface: ending priority, checked undo, bad shapes."""

from __future__ import annotations

import pytest
from conftest import NINE_WHITE_BLOCKED, play_line

from engine.core import FIRST, SECOND, EngineError, InvalidMoveError, OptionError, Termination
from engine.games.morris.board import ALL_POINTS, points_of, topology
from engine.games.morris.rules import QUIET_PLY_LIMIT, MorrisMove, position_text
from engine.registry import GAMES, new_state, state_from_dict


def test_a_block_on_the_hundredth_quiet_ply_wins_rather_than_draws() -> None:
    blocked = play_line("nine", NINE_WHITE_BLOCKED)
    assert blocked.outcome() is not None and blocked.outcome().reason == Termination.BLOCKED  # type: ignore[union-attr]
    white, black = blocked._bb
    adjacent = topology(False).adjacent
    empty = ALL_POINTS & ~(white | black)
    # Rebuild the same position one Black step earlier, with 99 quiet plies behind it.
    for p in points_of(black):
        for q in points_of(adjacent[p] & empty):
            state = new_state("nine")
            earlier = black & ~(1 << p) | 1 << q
            state.load_position(position_text(white, earlier, SECOND, quiet=QUIET_PLY_LIMIT - 1))
            move = MorrisMove(q, p)
            if state.why_illegal(move) is None:
                state.play(move)
                outcome = state.outcome()
                assert outcome is not None and outcome.reason == Termination.BLOCKED
                assert outcome.winner == SECOND and state.legal_moves() == []
                return
    pytest.fail("no Black step leads into the blocked position")


def test_the_hundredth_quiet_ply_draws_when_the_player_can_move() -> None:
    state = play_line("nine", "a7 d7 g4 b6 f6 c3 e3 a1 d2 d6 c5 e4 f4 b4 c4 d1 g1 f2")
    state._quiet = QUIET_PLY_LIMIT - 1
    quiet_moves = [m for m in state.legal_moves() if m.take is None]
    assert quiet_moves
    state.play(quiet_moves[0])
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == Termination.NO_REMOVAL_LIMIT and outcome.winner is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_with_nothing_played_is_a_clear_error(game: str) -> None:
    state = new_state(game)
    with pytest.raises(EngineError, match="no move to undo"):
        state.undo()
    state.play(state.legal_moves()[0])
    state.undo()
    assert state.history == []


@pytest.mark.parametrize("bad", [None, 3, ("d6",), object()])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_refuses_what_is_not_a_move(game: str, bad: object) -> None:
    state = new_state(game)
    with pytest.raises(InvalidMoveError):
        state.play(bad)
    assert state.history == []


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({}, OptionError),
        ([], EngineError),
        ({"game": "nine", "options": [], "moves": []}, OptionError),
        ({"game": "nine", "moves": "d6"}, EngineError),
        ({"game": "nine", "moves": [1, 2]}, EngineError),
        ({"game": ["nine"]}, OptionError),
        ({"game": "chess"}, OptionError),
        ({"game": "nine", "moves": ["d6", "d6"]}, EngineError),
    ],
)
def test_state_from_dict_refuses_bad_shapes(data: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        state_from_dict(data)  # type: ignore[arg-type]


def test_state_from_dict_round_trips() -> None:
    state = play_line("nine", "d6 d5 a7")
    again = state_from_dict(state.to_dict())
    assert again.key() == state.key() and again.to_move == SECOND != FIRST
