"""Native open/save file dialogs, run in a child process.

Tk and SDL must never share a process, so the pygame arcade asks this module for a
file name: `FileDialogProcess.start` launches `python -m game.tk.dialog ...`, which
shows Tk's own dialog and prints one JSON line ({"path": ..., "error": ...}) on its
standard output. `poll` never blocks, so the arcade's frame loop keeps running while
the dialog is open.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from engine.saves import SAVE_EXTENSION

NO_DISPLAY = "no display for the file dialog"
NO_DIALOG = "no Tk for the file dialog"  # this Python lacks tkinter: no dialog can be shown
DialogMode = Literal["open", "save"]
MODES: tuple[DialogMode, ...] = ("open", "save")
PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent


@dataclass(frozen=True)
class DialogResult:
    """What the user chose: a path, None when cancelled, or an error message."""

    path: str | None
    error: str | None = None


def display_available() -> bool:
    """Whether a Tk window can be shown (only X11/Wayland need an environment variable)."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def with_save_extension(path: str) -> str:
    """Add the save extension unless it is there ('game' and 'game.json' both get it)."""
    if path.endswith(SAVE_EXTENSION):
        return path
    for partial in (".json", ".plateaux"):
        if path.endswith(partial):
            path = path[: -len(partial)]
    return path + SAVE_EXTENSION


class FileDialogProcess:
    """One file dialog at a time in a child process: start, then poll each frame."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None
        self._ready: DialogResult | None = None  # a result known without a child

    @property
    def busy(self) -> bool:
        """Whether a dialog was started and its result not yet polled."""
        return self._process is not None or self._ready is not None

    def start(
        self, mode: DialogMode, initial_dir: str, default_name: str = "", title: str = "", lang: str = "en"
    ) -> None:
        """Open the dialog; a dialog already open is closed first."""
        if mode not in MODES:
            raise ValueError(f"unknown file dialog mode {mode!r} (choose from open, save)")
        self.close()
        if not display_available():
            self._ready = DialogResult(None, NO_DISPLAY)
            return
        command = [sys.executable, "-m", "game.tk.dialog", mode, "--dir", initial_dir]
        command += ["--name", default_name, "--title", title, "--lang", lang]
        try:
            self._process = subprocess.Popen(
                command,
                cwd=PROJECT_ROOT,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
        except OSError as error:
            self._ready = DialogResult(None, f"cannot start the file dialog: {error}")

    def poll(self) -> DialogResult | None:
        """The result once the dialog is closed, else None; never blocks."""
        if self._ready is not None:
            result, self._ready = self._ready, None
            return result
        process = self._process
        if process is None or process.poll() is None:
            return None
        self._process = None
        out, err = process.communicate()  # the child has exited: this returns at once
        return _parse_answer(out, err, process.returncode)

    def close(self) -> None:
        """Close an open dialog (its result is dropped); safe to call at any time."""
        self._ready = None
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.communicate(timeout=2)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
        elif process is not None:
            process.communicate()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # never raise from a finaliser (interpreter exit)
            self.close()


def _parse_answer(out: str, err: str, code: int) -> DialogResult:
    """Read the child's JSON line; anything else becomes an error result."""
    for line in reversed(out.splitlines()):
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict):
            path, error = data.get("path"), data.get("error")
            if (path is None or isinstance(path, str)) and (error is None or isinstance(error, str)):
                return DialogResult(path or None, error)
    detail = err.strip().splitlines()[-1] if err.strip() else f"exit status {code}"
    return DialogResult(None, f"the file dialog failed: {detail}")


# ----- the child process -----------------------------------------------------
def ask(mode: DialogMode, initial_dir: str, default_name: str, title: str, lang: str = "en") -> DialogResult:
    """Show Tk's dialog in this process (the child); blocks until it is closed. Its
    buttons and labels speak `lang` (Tk's own translations, through msgcat)."""
    try:
        import tkinter
    except ImportError:
        return DialogResult(None, NO_DIALOG)

    try:
        root = tkinter.Tk()
    except tkinter.TclError:
        return DialogResult(None, NO_DISPLAY)
    root.withdraw()
    with contextlib.suppress(tkinter.TclError):  # a Tk without msgcat keeps its English
        root.tk.call("::msgcat::mclocale", lang)
    try:
        chosen = choose_path(root, mode, initial_dir, default_name, title)
    finally:
        root.destroy()
    return DialogResult(chosen)


def choose_path(parent: Any, mode: DialogMode, initial_dir: str, default_name: str, title: str) -> str | None:
    """Tk's open or save dialog over `parent` (a Tk widget); the path chosen (a save
    gets the save extension) or None when cancelled. The Tk view calls it in its own
    process; the arcade only through the child process (`ask`)."""
    from tkinter import filedialog

    filetypes = [("Plateaux", "*" + SAVE_EXTENSION), ("JSON", "*.json"), ("*", "*")]
    start_dir = initial_dir if os.path.isdir(initial_dir) else os.path.expanduser("~")
    if mode == "open":
        chosen = filedialog.askopenfilename(
            parent=parent, title=title or "Open", initialdir=start_dir, filetypes=filetypes
        )
    else:
        chosen = filedialog.asksaveasfilename(
            parent=parent,
            title=title or "Save",
            initialdir=start_dir,
            initialfile=default_name,
            filetypes=filetypes,
            defaultextension=SAVE_EXTENSION,
        )
    # Tk returns "" or () when cancelled.
    if not chosen or not isinstance(chosen, str):
        return None
    return with_save_extension(chosen) if mode == "save" else chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tk.dialog", description=__doc__)
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--dir", default=os.getcwd(), help="folder the dialog opens in")
    parser.add_argument("--name", default="", help="file name proposed by a save dialog")
    parser.add_argument("--title", default="", help="window title")
    parser.add_argument("--lang", default="en", help="the language of the dialog's buttons")
    args = parser.parse_args(argv)
    if not display_available():
        result = DialogResult(None, NO_DISPLAY)
    else:
        result = ask(args.mode, args.dir, args.name, args.title, args.lang)
    print(json.dumps({"path": result.path, "error": result.error}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
