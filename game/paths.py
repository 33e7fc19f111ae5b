"""Where Plateaux keeps its files: saves, settings and the autosave.

The base folders come from platformdirs (the usual place on each OS). Setting the
environment variable PLATEAUX_HOME puts everything under that one folder instead,
which is what the tests and portable installs use. Folders are created on demand;
one that cannot be created (a read-only disk, `saves` being a file) is still returned,
and the read or write that needs it then fails with a one-line message of its own.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs

from engine.saves import SAVE_EXTENSION

APP_NAME = "Plateaux"
HOME_VARIABLE = "PLATEAUX_HOME"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave" + SAVE_EXTENSION
NET_RESUME_FILE = "autosave.network.json"  # how to reconnect to the autosaved network game

__all__ = [
    "AUTOSAVE_FILE",
    "HOME_VARIABLE",
    "SAVE_EXTENSION",
    "autosave_path",
    "config_dir",
    "data_dir",
    "net_resume_path",
    "saves_dir",
    "settings_path",
]


def _home_override() -> Path | None:
    """PLATEAUX_HOME, read at each call so tests can set it with monkeypatch."""
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def _ensure(folder: Path) -> Path:
    with contextlib.suppress(OSError):  # reported by whoever reads or writes in it
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def data_dir() -> Path:
    """The folder for saves and the autosave."""
    override = _home_override()
    return _ensure(override or Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def config_dir() -> Path:
    """The folder for settings (the same as data_dir under PLATEAUX_HOME)."""
    override = _home_override()
    return _ensure(override or Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def saves_dir() -> Path:
    """Where the save dialogs open; files end in SAVE_EXTENSION."""
    return _ensure(data_dir() / "saves")


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def autosave_path() -> Path:
    """The game in progress, rewritten after every move so a crash loses nothing."""
    return data_dir() / AUTOSAVE_FILE


def net_resume_path() -> Path:
    """Beside the autosave: how to reconnect when it is a network game (game.net.resume)."""
    return data_dir() / NET_RESUME_FILE
