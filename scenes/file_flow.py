"""Save and Load through the native file dialog (a child process), never blocking.

When no dialog can be shown (no display, no Tk), saving falls back to a timestamped
file in saves_dir() and loading to the newest save there, and the status says so.
When a dialog was shown but failed or was killed, nothing is loaded that the player
did not choose: the status says the dialog failed and the game on screen stays.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.save_files import remove_stale_temps
from game import paths
from game.autosave import default_save_name, load_session, save_session
from game.i18n import tr
from game.session import GameSession
from game.tk.dialog import NO_DIALOG, NO_DISPLAY, FileDialogProcess, with_save_extension


@dataclass(frozen=True)
class FlowResult:
    """What a finished save or load did: a message, and the loaded session if any."""

    message: str
    ok: bool
    session: GameSession | None = None


def newest_save() -> Path | None:
    """The most recently written save in saves_dir() (dangling links and the unreadable
    are skipped), or None."""
    folder = paths.saves_dir()
    remove_stale_temps(folder)
    found: list[tuple[float, str, Path]] = []
    try:
        candidates = list(folder.glob("*" + paths.SAVE_EXTENSION))
    except OSError:
        return None
    for path in candidates:
        try:
            info = path.stat()
        except OSError:  # a dangling link, a file removed meanwhile
            continue
        found.append((info.st_mtime, path.name, path))
    return max(found)[2] if found else None


class FileFlow:
    """One save or load at a time: `start_*`, then `poll` every frame."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._dialog = FileDialogProcess()
        self._mode: str | None = None
        self._session: GameSession | None = None

    @property
    def busy(self) -> bool:
        return self._mode is not None

    def start_save(self, session: GameSession) -> None:
        self._mode, self._session = "save", session
        self._dialog.start(
            "save", str(paths.saves_dir()), default_save_name(session), tr("plateaux.save", self.lang)
        )

    def start_load(self) -> None:
        self._mode, self._session = "open", None
        self._dialog.start("open", str(paths.saves_dir()), "", tr("plateaux.load", self.lang))

    def poll(self) -> FlowResult | None:
        if self._mode is None:
            return None
        answer = self._dialog.poll()
        if answer is None:
            return None
        mode, self._mode = self._mode, None
        if answer.error is not None:
            return self._fallback(mode, answer.error)
        if answer.path is None:
            return FlowResult(tr("plateaux.file_cancelled", self.lang), True)
        return (
            self._save(Path(with_save_extension(answer.path)))
            if mode == "save"
            else self._load(Path(answer.path))
        )

    def _fallback(self, mode: str, error: str) -> FlowResult:
        """No dialog: save beside the others, or load the newest save (only when no
        dialog can be shown at all; a dialog that failed loads nothing)."""
        if mode == "save":
            assert self._session is not None
            return self._save(paths.saves_dir() / default_save_name(self._session))
        if error not in (NO_DISPLAY, NO_DIALOG):
            return FlowResult(tr("plateaux.dialog_failed", self.lang, error=error), False)
        newest = newest_save()
        if newest is None:
            note = "" if error == NO_DISPLAY else f" ({error})"
            return FlowResult(tr("plateaux.no_saves", self.lang) + note, False)
        return self._load(newest)

    def _save(self, path: Path) -> FlowResult:
        assert self._session is not None
        try:
            save_session(path, self._session)
        except Exception as error:  # SaveError or OSError: told, never fatal
            return FlowResult(tr("plateaux.save_failed", self.lang, error=str(error)), False)
        return FlowResult(tr("plateaux.saved_to", self.lang, name=path.name), True)

    def _load(self, path: Path) -> FlowResult:
        session, error = load_session(path)
        if session is None:
            return FlowResult(tr("plateaux.load_failed", self.lang, error=error or "?"), False)
        return FlowResult(tr("plateaux.loaded", self.lang, name=path.name), True, session)

    def close(self) -> None:
        self._dialog.close()
        self._mode = None
