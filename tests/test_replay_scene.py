"""The replay: jump to the start and the end, seek with the bar, and the status line
numbers moves as the move list does ('1... a2'), the same numbering as the game over."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from game.arcade.app import App  # noqa: E402
from game.session import HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from scenes.replay import SEEK_RECT, ReplayScene  # noqa: E402

MOVES = ["c3", "a2", "c4", "b2", "d3", "e5"]


app = arcade_app()


def replay(app: App) -> ReplayScene:
    session = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN))))
    session.state.play_all(MOVES)
    app.reset(ReplayScene(app, session))
    app.apply_pending()
    scene = app.top
    assert isinstance(scene, ReplayScene)
    return scene


def key(app: App, code: int) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)])


def test_home_and_end_jump_and_pause(app: App) -> None:
    scene = replay(app)
    key(app, pygame.K_END)
    assert scene.index == len(MOVES) and not scene.playing
    assert scene.cells == scene.finished.board()
    key(app, pygame.K_HOME)
    assert scene.index == 0 and "the start" in scene.status()


def test_the_bar_seeks_where_it_is_clicked(app: App) -> None:
    scene = replay(app)
    middle = SEEK_RECT.x + SEEK_RECT.width // 2
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(middle, SEEK_RECT.centery))])
    assert scene.index == len(MOVES) // 2 and not scene.playing


def test_the_status_numbers_moves_as_the_move_list(app: App) -> None:
    scene = replay(app)
    scene.seek(2)  # a2, White's reply in the first turn
    assert scene.status().startswith("Replay: 1... a2 (2 of 6)")
    scene.seek(3)
    assert scene.status().startswith("Replay: 2. c4 (3 of 6)")
