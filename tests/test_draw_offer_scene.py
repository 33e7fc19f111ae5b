"""The arcade's draw offer: D offers, the person asked answers with Y (O in French) or N
or with the Accept and Decline buttons, which show only while the question stands."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402
from pygame_gui.elements import UIButton  # noqa: E402

from engine.core import AGREED_DRAW  # noqa: E402
from game.arcade.app import App  # noqa: E402
from game.session import HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from scenes.board import BoardScene  # noqa: E402

app = arcade_app(animation_speed=0.0)


def press_key(scene: BoardScene, key: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def two_people(app: App) -> BoardScene:
    scene = BoardScene(app, GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN)))))
    app.push(scene)
    app.apply_pending()
    return scene


def label(button: UIButton) -> str:
    return str(button.text)  # calls, so the type checker keeps no earlier narrowing


def enabled(button: UIButton) -> bool:
    return bool(button.is_enabled)


def asked(scene: BoardScene) -> int | None:
    return scene.game.draw.asked


def test_keys_offer_and_answer_and_the_buttons_follow(app: App) -> None:
    scene = two_people(app)
    decline, offer = scene.buttons["decline_draw"], scene.buttons["offer_draw"]
    assert not decline.visible and enabled(offer)
    press_key(scene, pygame.K_d)
    assert asked(scene) == 1 and decline.visible and label(offer) == "plateaux.draw_accept"
    assert not scene.buttons["undo"].is_enabled and not scene.buttons["hint"].is_enabled
    press_key(scene, pygame.K_d)  # D again does not answer for the other person
    assert asked(scene) == 1
    press_key(scene, pygame.K_n)
    assert asked(scene) is None and not scene.session.over and not decline.visible
    assert label(offer) == "plateaux.offer_draw" and not enabled(offer)  # once per position
    scene.game.play("c3")
    scene.refresh_buttons()
    press_key(scene, pygame.K_d)
    press_key(scene, pygame.K_o)  # oui
    assert scene.session.outcome() == AGREED_DRAW
    app.pop()
    app.apply_pending()


def test_the_buttons_answer_too(app: App) -> None:
    scene = two_people(app)
    scene.press("offer_draw")
    assert asked(scene) == 1
    scene.press("decline_draw")
    assert asked(scene) is None and not scene.session.over
    scene.game.play("c3")
    scene.press("offer_draw")
    scene.press("offer_draw")  # it reads Accept now
    assert scene.session.outcome() == AGREED_DRAW
    app.pop()
    app.apply_pending()
