"""Undo in the middle of a capture chain shown jump by jump: the chain goes and so do
the moves before it, as any undo (issue 18: it used to take back only the chain)."""

from __future__ import annotations

import pytest

from engine.core import FIRST_MAN, SECOND_MAN
from engine.games.dames.rules import DamesState
from engine.registry import new_state
from game.controller import BoardController
from game.session import AI, HUMAN, GameSession, GameSetup, Seat


@pytest.mark.parametrize(
    ("seats", "left"),
    [((Seat(HUMAN), Seat(HUMAN)), ["41-36"]), ((Seat(HUMAN), Seat(AI, "easy")), [])],
)
def test_undo_mid_chain_takes_back_the_moves_before_it(seats: tuple[Seat, Seat], left: list[str]) -> None:
    state = new_state("dames")
    assert isinstance(state, DamesState)
    white = dict.fromkeys((37, 46, 41), FIRST_MAN)
    state.set_position({**white, **dict.fromkeys((32, 22, 1, 6), SECOND_MAN)}, 0)
    state.play_all(["41-36", "1-7"])
    session = GameSession(GameSetup("dames", {}, seats), state)
    game = BoardController(session, lambda: None, lang="en")  # type: ignore[arg-type, return-value]
    chain = next(m for m in state.legal_moves() if m.capture and len(m.path) == 3)
    game.click(chain.steps[0])
    game.click(chain.steps[1])
    assert game.shown_prefix == chain.steps[:2]  # the first jump is shown played
    assert game.undo()
    assert [str(m) for m in session.state.history] == left
    assert game.builder.prefix == () and game.shown_prefix == () and game.cells == session.state.board()
