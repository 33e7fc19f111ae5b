"""The file dialog child process: a typed path comes back, Escape cancels, a save name
gets the save extension, and without a display the answer is an error, not a hang."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

pytest.importorskip("tkinter", reason="this Python has no Tkinter")
from xvfb import virtual_display, xvfb_server  # noqa: F401  (fixtures)

from engine.saves import SAVE_EXTENSION
from game.tk.dialog import NO_DISPLAY, DialogResult, FileDialogProcess, with_save_extension

WAIT = 20.0


def wait_result(dialog: FileDialogProcess, timeout: float = WAIT) -> DialogResult:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = dialog.poll()
        if result is not None:
            return result
        time.sleep(0.05)
    raise AssertionError("the file dialog process gave no answer in time")


def find_window(title: str, timeout: float = WAIT) -> str:
    """The X window id of the dialog, once it is shown."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", title], capture_output=True, text=True
        )
        ids = found.stdout.split()
        if ids:
            time.sleep(0.3)  # let Tk finish laying the dialog out and focusing its entry
            return ids[0]
        time.sleep(0.1)
    raise AssertionError(f"no window titled {title!r} appeared")


def keys(window: str, *args: str) -> None:
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
    subprocess.run(["xdotool", *args], check=True)


@pytest.fixture
def xdotool(virtual_display: str) -> str:  # noqa: F811
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed")
    return virtual_display


def test_open_dialog_returns_the_typed_path(xdotool: str, tmp_path: Path) -> None:
    target = tmp_path / ("mine" + SAVE_EXTENSION)
    target.write_text("{}", encoding="utf-8")
    dialog = FileDialogProcess()
    dialog.start("open", str(tmp_path), title="Plateaux test open")
    assert dialog.busy
    assert dialog.poll() is None, "poll never waits for the dialog"
    window = find_window("Plateaux test open")
    keys(window, "type", "--delay", "5", str(target))
    keys(window, "key", "Return")
    assert wait_result(dialog) == DialogResult(str(target), None)
    assert not dialog.busy


def test_escape_cancels(xdotool: str, tmp_path: Path) -> None:
    dialog = FileDialogProcess()
    dialog.start("open", str(tmp_path), title="Plateaux test cancel")
    keys(find_window("Plateaux test cancel"), "key", "Escape")
    assert wait_result(dialog) == DialogResult(None, None)


def test_save_dialog_adds_the_extension(xdotool: str, tmp_path: Path) -> None:
    dialog = FileDialogProcess()
    dialog.start("save", str(tmp_path), default_name="my game", title="Plateaux test save")
    keys(find_window("Plateaux test save"), "key", "Return")  # accept the proposed name
    result = wait_result(dialog)
    assert result.error is None
    assert result.path == str(tmp_path / ("my game" + SAVE_EXTENSION))


def test_close_ends_an_open_dialog(xdotool: str, tmp_path: Path) -> None:
    dialog = FileDialogProcess()
    dialog.start("open", str(tmp_path), title="Plateaux test close")
    find_window("Plateaux test close")
    dialog.close()
    assert not dialog.busy
    assert dialog.poll() is None


def test_no_display_is_an_error_not_a_hang(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    dialog = FileDialogProcess()
    dialog.start("open", str(tmp_path))
    assert wait_result(dialog, timeout=5) == DialogResult(None, NO_DISPLAY)


def test_bad_mode_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown file dialog mode"):
        FileDialogProcess().start("print", str(tmp_path))  # type: ignore[arg-type]


def test_save_extension_is_added_once() -> None:
    assert with_save_extension("/x/game") == "/x/game" + SAVE_EXTENSION
    assert with_save_extension("/x/game.json") == "/x/game" + SAVE_EXTENSION
    assert with_save_extension("/x/game" + SAVE_EXTENSION) == "/x/game" + SAVE_EXTENSION
