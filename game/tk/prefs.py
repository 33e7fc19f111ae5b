"""What the Tk view keeps in the settings file it shares with the arcade: the language,
and the rule options last chosen for each game (a bad or unwritable file only costs that)."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from game import paths
from game.settings import Settings, load_settings, save_settings


def _settings(lang: str = "en") -> Settings:
    return load_settings(paths.settings_path(), Settings(language=lang))[0]


def _write(settings: Settings) -> None:
    with contextlib.suppress(OSError):
        save_settings(paths.settings_path(), settings)


def save_language(lang: str) -> None:
    """The next start, arcade or Tk, speaks it too."""
    _write(_settings(lang).with_changes(language=lang))


def remember_options(game_id: str, options: Mapping[str, Any], lang: str) -> None:
    """The next New game, here or in the arcade, offers these options again."""
    _write(_settings(lang).with_options(game_id, dict(options)))


def remembered_options() -> dict[str, dict[str, bool | int | str]]:
    return _settings().game_options
