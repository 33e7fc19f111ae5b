"""A private Xvfb server for the Tk tests, on a display number the server picks itself.

`xvfb_server` starts Xvfb once per session with -displayfd (so two test runs never
fight over a number); `virtual_display` sets DISPLAY to it for one test, for this process
and its children. Both skip the test with a reason when Xvfb is absent or fails to start.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest

START_TIMEOUT = 10.0  # seconds for Xvfb to report its display number
SCREEN = "1280x800x24"


class XvfbServer:
    """A running Xvfb; `display` is the value DISPLAY takes (":42")."""

    def __init__(self, process: subprocess.Popen[bytes], display: str) -> None:
        self.process = process
        self.display = display

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def start_xvfb() -> XvfbServer:
    """Start Xvfb on a free display; raises RuntimeError saying why it could not."""
    binary = shutil.which("Xvfb")
    if binary is None:
        raise RuntimeError("Xvfb is not installed (apt-get install xvfb)")
    read_end, write_end = os.pipe()
    try:
        process = subprocess.Popen(
            [binary, "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    finally:
        os.close(write_end)
    try:
        number = _read_display_number(read_end)
    finally:
        os.close(read_end)
    if number is None:
        process.kill()
        process.wait()
        raise RuntimeError("Xvfb did not report a display number in time")
    return XvfbServer(process, f":{number}")


def _read_display_number(fd: int) -> str | None:
    deadline = time.monotonic() + START_TIMEOUT
    text = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            chunk = os.read(fd, 64)
            if not chunk:
                break
            text += chunk
            if text.endswith(b"\n"):
                break
    value = text.decode().strip()
    return value if value.isdigit() else None


@pytest.fixture(scope="session")
def xvfb_server() -> Iterator[XvfbServer]:
    """One private Xvfb for the whole session, or a skip with the reason."""
    try:
        server = start_xvfb()
    except (RuntimeError, OSError) as error:
        pytest.skip(f"no virtual display: {error}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def virtual_display(xvfb_server: XvfbServer, monkeypatch: pytest.MonkeyPatch) -> str:
    """DISPLAY set to the private Xvfb for one test (restored afterwards)."""
    monkeypatch.setenv("DISPLAY", xvfb_server.display)
    return xvfb_server.display
