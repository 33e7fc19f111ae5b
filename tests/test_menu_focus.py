"""Menus: the keyboard focus starts on the current choice (one highlighted button, not
a focus ring on Easy beside the gold Medium)."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from game.arcade.app import App  # noqa: E402
from game.session import AI, HUMAN, GameSetup, Seat  # noqa: E402
from scenes.difficulty import DifficultyScene  # noqa: E402

app = arcade_app()


def test_the_focus_starts_on_the_chosen_level_and_then_follows_the_keys(app: App) -> None:
    scene = DifficultyScene(app, GameSetup("nine", {}, (Seat(HUMAN), Seat(AI, "medium"))))
    app.reset(scene)
    app.apply_pending()
    chosen = [i for i, (_, entry) in enumerate(scene.buttons) if entry.chosen]
    assert len(chosen) == 1 and scene.focus == chosen[0]
    assert scene.buttons[scene.focus][1].action == "level:medium"
    scene.move_focus(1)
    scene.refresh()  # a rebuild keeps where the player moved the focus
    app.apply_pending()
    assert scene.focus == chosen[0] + 1
