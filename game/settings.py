"""Player preferences, kept as JSON; a damaged file gives the defaults and a message.

The file is read with the checks a save gets (a regular file, a size cap, UTF-8, a JSON
object whose known keys have the right types): a pipe, a link to /dev/zero, a huge or
deeply nested file never hangs nor stops the start-up.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from engine.save_files import SaveError, read_checked_text, remove_stale_temps

ANIMATION_SPEEDS: tuple[float, ...] = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
LANGUAGE_CHOICES: tuple[str, ...] = ("en", "fr")
MAX_SETTINGS_BYTES = 64 * 1024  # a real settings file is a few hundred bytes
_TEMP_NAME = re.compile(r"^\.settings-[a-z0-9_]{8}$")  # mkstemp's names for ours


@dataclass(frozen=True)
class Settings:
    """Everything the Settings scene changes."""

    fullscreen: bool = True
    music_volume: float = 0.6
    effects_volume: float = 0.8
    language: str = "en"
    animation_speed: float = 1.0
    show_legal_moves: bool = True
    muted: bool = False
    # The rule options last chosen for each game (Twelve's diagonals): the next game and
    # the next start offer them again.
    game_options: dict[str, dict[str, bool | int | str]] = field(default_factory=dict, compare=False)

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def options_for(self, game_id: str) -> dict[str, bool | int | str]:
        return dict(self.game_options.get(game_id, {}))

    def with_options(self, game_id: str, options: dict[str, Any]) -> Settings:
        return replace(self, game_options={**self.game_options, game_id: dict(options)})


MAX_REMEMBERED = 16  # games, and options per game, a settings file may remember


def _game_options(value: Any) -> dict[str, dict[str, bool | int | str]] | None:
    """The remembered options if they have the right shape (names to plain values), else None."""
    if not isinstance(value, dict) or len(value) > MAX_REMEMBERED:
        return None
    result: dict[str, dict[str, bool | int | str]] = {}
    for game_id, options in value.items():
        if not isinstance(game_id, str) or len(game_id) > 32 or not isinstance(options, dict):
            return None
        if len(options) > MAX_REMEMBERED:
            return None
        if not all(isinstance(k, str) and isinstance(v, bool | int | str) for k, v in options.items()):
            return None
        result[game_id] = dict(options)
    return result


def _checked(data: Any, defaults: Settings) -> tuple[Settings, list[str]]:
    """Keep each valid field, replace each bad one by its default and say which."""
    if not isinstance(data, dict):
        return defaults, ["the settings file does not hold a JSON object"]
    values: dict[str, Any] = {}
    problems: list[str] = []
    for spec in fields(Settings):
        if spec.name not in data:
            continue
        value = data[spec.name]
        default = getattr(defaults, spec.name)
        ok: bool
        if spec.name == "game_options":
            value = _game_options(value)
            ok = value is not None
        elif isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, float):
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            if ok:
                value = float(value)
                limits = (0.0, 1.0) if spec.name.endswith("volume") else (0.0, max(ANIMATION_SPEEDS))
                ok = limits[0] <= value <= limits[1]
        else:
            ok = value in LANGUAGE_CHOICES
        if ok:
            values[spec.name] = value
        else:
            problems.append(f"{spec.name} = {value!r} is not valid")
    return replace(defaults, **values), problems


def load_settings(path: Path, defaults: Settings | None = None) -> tuple[Settings, str | None]:
    """The saved settings and None, or usable settings and a message saying what was wrong."""
    base = defaults or Settings()
    try:
        text = read_checked_text(path, MAX_SETTINGS_BYTES, "a settings file")
    except FileNotFoundError:
        return base, None
    except SaveError as error:
        return base, f"The settings file {path.name} cannot be used ({error}); using the defaults."
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return base, f"The settings file {path.name} is damaged; using the defaults."
    settings, problems = _checked(data, base)
    if problems:
        return settings, "Some settings were invalid and reset: " + "; ".join(problems) + "."
    return settings, None


def save_settings(path: Path, settings: Settings) -> None:
    """Write atomically (temporary file then rename), so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path.parent, _TEMP_NAME)  # left by a write that was killed
    text = json.dumps(asdict(settings), indent=2, sort_keys=True)
    handle, temporary = tempfile.mkstemp(prefix=".settings-", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text + "\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
