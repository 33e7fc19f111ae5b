"""Computer against computer can be paused and resumed (P, Space or the button that
replaces Hint); a paused game plays no move and its clocks stop."""

from __future__ import annotations

import time

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from game.arcade.app import App  # noqa: E402
from game.session import AI, HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from scenes.board import BoardScene  # noqa: E402

app = arcade_app(animation_speed=0.0)


def run_frames(app: App, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(1 / 60, [])
        time.sleep(1 / 120)


def paused(scene: BoardScene) -> bool:
    return scene.paused


def press_key(scene: BoardScene, key: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_watching_two_computers_pause_holds_the_game_and_resume_goes_on(app: App) -> None:
    scene = BoardScene(app, GameSession(GameSetup("teeko", {}, (Seat(AI, "easy"), Seat(AI, "easy")))))
    app.push(scene)
    app.apply_pending()
    press_key(scene, pygame.K_p)
    assert paused(scene) and "Paused" in scene.status_text()
    assert scene.buttons["hint"].is_enabled  # it reads Resume now
    run_frames(app, 1.5)  # far longer than an easy move and the minimum AI delay
    assert scene.session.state.history == [] and scene.session.clocks == [0.0, 0.0]
    press_key(scene, pygame.K_SPACE)
    assert not paused(scene)
    deadline = time.monotonic() + 20
    while not scene.session.state.history and time.monotonic() < deadline:
        run_frames(app, 0.1)
    assert scene.session.state.history, "the game goes on after resuming"
    app.pop()
    app.apply_pending()


def test_a_game_with_a_person_cannot_be_paused(app: App) -> None:
    scene = BoardScene(app, GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(AI, "easy")))))
    app.push(scene)
    app.apply_pending()
    press_key(scene, pygame.K_p)
    assert not scene.paused and scene.refused
    app.pop()
    app.apply_pending()


def test_a_notice_keeps_the_pause_in_sight(app: App) -> None:
    scene = BoardScene(app, GameSession(GameSetup("teeko", {}, (Seat(AI, "easy"), Seat(AI, "easy")))))
    app.push(scene)
    app.apply_pending()
    press_key(scene, pygame.K_p)
    scene.game.say("Saved as game.plateaux.json.")
    text = scene.status_text()
    assert text.startswith("Saved as game.plateaux.json.") and "Paused" in text
    app.pop()
    app.apply_pending()
