"""The title screen: a first Escape asks, a second one soon after quits; the question
goes away after a while, so a much later Escape asks again."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from game.arcade.app import App  # noqa: E402
from scenes.title import QUIT_CONFIRM_SECONDS, TitleScene  # noqa: E402

app = arcade_app()


def escape(app: App) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.frame(1 / 60, [event])


def title(app: App) -> TitleScene:
    app.running = True
    app.reset(TitleScene(app))
    app.apply_pending()
    scene = app.top
    assert isinstance(scene, TitleScene)
    return scene


def test_one_escape_asks_and_a_second_quits(app: App) -> None:
    scene = title(app)
    escape(app)
    assert app.running and "Escape again" in scene.message
    escape(app)
    assert not app.running


def test_the_question_expires(app: App) -> None:
    scene = title(app)
    escape(app)
    for _ in range(int((QUIT_CONFIRM_SECONDS + 0.5) * 10)):
        app.frame(0.1, [])
    assert app.running and scene.message == ""
    escape(app)
    assert app.running  # asked again, not quit
