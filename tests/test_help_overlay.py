"""The keyboard help: F1 (or ?) opens it over any screen, listing that screen's keys;
the next key or click only closes it."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from game.arcade.app import App  # noqa: E402
from game.arcade.scene import Scene  # noqa: E402
from game.i18n import tr  # noqa: E402
from game.session import HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from scenes.board import BoardScene  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402
from scenes.review import ReviewScene  # noqa: E402
from scenes.title import TitleScene  # noqa: E402

app = arcade_app()


def key(app: App, code: int, text: str = "") -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0)])


def test_f1_opens_the_help_and_the_next_key_only_closes_it(app: App) -> None:
    session = GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(HUMAN))))
    app.reset(BoardScene(app, session))
    app.apply_pending()
    shown = []
    key(app, pygame.K_F1)
    shown.append(app.help_shown)
    key(app, pygame.K_ESCAPE)  # closes the help, does not leave the board
    shown.append(app.help_shown)
    assert isinstance(app.top, BoardScene)
    key(app, pygame.K_SLASH, "?")
    shown.append(app.help_shown)
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))])
    shown.append(app.help_shown)
    assert shown == [True, False, True, False]


@pytest.mark.parametrize("scene", [BoardScene, ReplayScene, ReviewScene, TitleScene])
def test_every_key_of_the_help_has_words_in_both_languages(scene: type[Scene]) -> None:
    for label, text in scene.shortcuts:
        for lang in ("en", "fr"):
            assert tr(text, lang) != text
            assert "." not in label or tr(label, lang) != label
