"""A sixth game registered from the tests folder only (tests/plugins/) plays through the
board controller and a headless arcade board, with no change to shared code."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pygame
import pytest
from conftest import headless_arcade
from plugins.tictactoe import TICTACTOE
from plugins.tictactoe_front import TICTACTOE_FRONT_END

from engine.registry import register, unregister
from game.ai_worker import AIWorker
from game.controller import BoardController, BoardEvent, GameEnded, MoveShown
from game.games import check_front_ends
from game.games import register as register_front_end
from game.games import unregister as unregister_front_end
from game.session import HUMAN, GameSession, GameSetup, Seat

PEOPLE = (Seat(HUMAN), Seat(HUMAN))
X_WINS = ("a1", "a2", "b2", "b1", "c3")  # the diagonal a1-b2-c3


@pytest.fixture(scope="module")
def sixth() -> Iterator[str]:
    register(TICTACTOE)
    register_front_end(TICTACTOE_FRONT_END)
    try:
        yield TICTACTOE.id
    finally:
        unregister_front_end(TICTACTOE.id)
        unregister(TICTACTOE.id)


@pytest.fixture(scope="module")
def app(sixth: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    yield from headless_arcade(tmp_path_factory)


def cell(session: GameSession, name: str) -> int:
    index: int = session.state.parse_move(name).steps[0]
    return index


def test_the_sixth_game_passes_the_start_check(sixth: str) -> None:
    check_front_ends()


def test_clicks_play_it_through_the_controller(sixth: str) -> None:
    events: list[BoardEvent] = []
    session = GameSession(GameSetup(sixth, {}, PEOPLE))
    game = BoardController(session, lambda: cast(AIWorker, None), autosave=False, listener=events.append)
    assert game.status_text() == "Xs to move."
    game.click(cell(session, "a1"))
    refusal = game.click(cell(session, "a1")).refusal
    assert refusal == "a1 is not empty."  # the engine's code, the shared translation
    for name in X_WINS[1:]:
        game.click(cell(session, name))
    assert [str(m) for m in session.state.history] == list(X_WINS)
    assert session.over and GameEnded("win") in events
    last = [e for e in events if isinstance(e, MoveShown)][-1]
    assert set(last.flash) == {cell(session, n) for n in ("a1", "b2", "c3")}, "the line flashes"
    assert game.undo()
    assert len(session.state.history) == 4, "two people: one ply back"
    assert session.state.outcome() is None
    assert game.redo()
    assert len(session.state.history) == 5


def test_a_headless_arcade_board_shows_it_and_ends_it(app: Any, sixth: str) -> None:
    from scenes.board import BoardScene

    session = GameSession(GameSetup(sixth, {}, PEOPLE))
    scene = BoardScene(app, session)
    app.push(scene)
    app.apply_pending()
    for name in X_WINS:
        scene.click_cell(cell(session, name))
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    assert scene.status_text() == "The game is over."
    assert scene.game.over
    for _ in range(200):  # the game-over pause, then the summary scene
        app.frame(0.05, [])
        if app.top is not scene:
            break
    assert type(app.top).__name__ == "GameOverScene"
    app.reset("title")
    app.apply_pending()
