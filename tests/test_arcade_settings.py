"""Settings persist as JSON; a damaged or odd file gives usable settings and a message."""

from __future__ import annotations

import json
from pathlib import Path

from game.settings import Settings, load_settings, save_settings


def test_missing_file_gives_defaults_silently(tmp_path: Path) -> None:
    settings, message = load_settings(tmp_path / "none.json")
    assert settings == Settings()
    assert message is None


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    wanted = Settings(
        fullscreen=False, music_volume=0.25, effects_volume=1.0, language="fr", animation_speed=2.0
    )
    save_settings(path, wanted)
    loaded, message = load_settings(path)
    assert loaded == wanted
    assert message is None
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temporary left


def test_damaged_file_gives_defaults_and_a_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    settings, message = load_settings(path, Settings(language="fr"))
    assert settings == Settings(language="fr")
    assert message is not None and "damaged" in message


def test_bad_values_are_reset_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = {"music_volume": 7, "language": "de", "fullscreen": False, "effects_volume": 0.5, "muted": "yes"}
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, message = load_settings(path)
    assert settings.fullscreen is False and settings.effects_volume == 0.5
    assert settings.music_volume == Settings().music_volume
    assert settings.language == Settings().language
    assert settings.muted is False
    assert message is not None
    for name in ("music_volume", "language", "muted"):
        assert name in message


def test_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[1, 2]", encoding="utf-8")
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None


def test_unreadable_path_gives_defaults(tmp_path: Path) -> None:
    settings, message = load_settings(tmp_path)  # a folder, not a file
    assert settings == Settings()
    assert message is not None


def test_remembered_game_options_round_trip_and_a_bad_shape_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings().with_options("twelve", {"diagonals": True}))
    loaded, notice = load_settings(path)
    assert notice is None and loaded.options_for("twelve") == {"diagonals": True}
    path.write_text('{"game_options": {"twelve": [1, 2]}, "muted": true}', encoding="utf-8")
    loaded, notice = load_settings(path)
    assert loaded.game_options == {} and loaded.muted and notice is not None and "game_options" in notice
