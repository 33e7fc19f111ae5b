"""Command lines and Ctrl-C (issue 17, item 9): one error line and status 2 for a bad
port, and Ctrl-C leaves the arcade and the headless mode quietly, the autosave kept."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine.saves import load_game

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

ARCADE = """
if __name__ == "__main__":
    from game.arcade.app import App
    from game.session import HUMAN, GameSession, GameSetup, Seat
    from scenes.board import BoardScene

    app = App(windowed=True, audio=False)
    session = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN))))
    session.state.play(str(session.state.legal_moves()[0]))
    from game import paths
    from game.autosave import save_session

    save_session(paths.autosave_path(), session)  # what the last sitting left
    frame = app.frame

    def first_frame(dt, events):
        frame(dt, events)
        if not getattr(app, "told", False):
            app.told = True
            print("ready", flush=True)

    app.frame = first_frame
    app.run(BoardScene(app, session))
    print("quit", flush=True)
"""


def interrupted(command: list[str], home: Path, ready: str) -> subprocess.CompletedProcess[str]:
    """Run `command` until it prints `ready`, then send it SIGINT (as Ctrl-C does)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PLATEAUX_HOME": str(home)}
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdout is not None
    lines = []
    for line in process.stdout:  # bounded: the child prints `ready` or exits
        lines.append(line)
        if ready in line:
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(command, process.returncode, "".join(lines) + out, err)


def test_a_bad_host_port_is_one_line_and_status_2() -> None:
    for port in ("99999", "-1"):
        done = subprocess.run(
            [sys.executable, "main.py", "--headless", "--host", port],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")
        assert "Traceback" not in done.stderr and done.stdout == ""


def test_ctrl_c_in_the_headless_host_is_quiet(tmp_path: Path) -> None:
    done = interrupted([sys.executable, "main.py", "--headless", "--host", "0"], tmp_path, "join code")
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert done.returncode == 130


def test_ctrl_c_in_the_arcade_quits_quietly_and_keeps_the_autosave(tmp_path: Path) -> None:
    done = interrupted([sys.executable, "-c", ARCADE], tmp_path, "ready")
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert done.returncode == 0 and "quit" in done.stdout
    assert len(load_game(tmp_path / "autosave.plateaux.json").state.history) == 1
