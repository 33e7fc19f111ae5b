"""Scenes reach each other by name: importing `scenes` registers every screen, and an
unknown name is refused with the names that exist."""

from __future__ import annotations

import pytest

import scenes  # noqa: F401  (registers the scenes)
from game.arcade.scene import SCENES, make_scene


def test_every_screen_is_registered_by_name() -> None:
    expected = {"title", "board", "new_game", "game_select", "mode_select", "difficulty", "lan_menu"}
    expected |= {"host", "join", "game_over", "replay", "rules", "settings"}
    assert expected <= set(SCENES)


def test_an_unknown_scene_name_is_an_error_naming_the_known_ones() -> None:
    with pytest.raises(LookupError, match=r"no scene registered as 'nowhere'.*title"):
        make_scene(object(), "nowhere")  # type: ignore[arg-type]
