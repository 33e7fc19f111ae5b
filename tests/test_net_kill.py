"""Issue 17's acceptance, across processes: an arcade guest in a network game is killed
with kill -9 (no goodbye, and its last move perhaps not yet autosaved), started again,
and Continue brings it back to its seat; the game goes on with the other side.

The killed side is a real arcade (tools/net_peer.py: App, scenes, autosave) in its own
process; the other side is a bridge in this process playing random legal moves."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygame_gui")

from test_net_scenes import RemotePlayer

from game.net.bridge import NetBridge
from game.net.events import Listening, Lost, Resumed

ROOT = Path(__file__).resolve().parent.parent
WAIT = 60.0  # a liveness bound: every wait below fails the test rather than hangs it


class Peer:
    """An arcade instance in a child process, its JSON lines read on a thread."""

    def __init__(self, home: Path, *args: str) -> None:
        env = dict(os.environ, PLATEAUX_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tools.net_peer", *args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        self.moves: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("{"):  # the peer's own lines (a library may print others)
                self.lines.put(json.loads(line))

    def wait_for(self, key: str, also: Callable[[], None]) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            also()
            try:
                data = self.lines.get(timeout=0.02)
            except queue.Empty:
                continue
            if "moves" in data:
                self.moves = data["moves"]
            if key in data:
                return data
        raise AssertionError(f"the peer never said {key!r}")

    def until_moves(self, count: int, also: Callable[[], None]) -> None:
        while len(self.moves) < count:
            self.wait_for("moves", also)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.kill()


@pytest.fixture
def peers() -> Iterator[list[Peer]]:
    started: list[Peer] = []
    yield started
    for peer in started:
        peer.stop()


def until(done: Callable[[], bool], also: Callable[[], None]) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline
        also()
        time.sleep(0.01)


def test_a_guest_killed_with_kill_9_comes_back_through_continue(peers: list[Peer], tmp_path: Path) -> None:
    host = RemotePlayer(NetBridge(), 11)
    host.bridge.host("othello", {}, port=0, announce=False)
    listening: list[Listening] = []

    def heard() -> None:
        listening.extend(e for e in host.bridge.poll() if isinstance(e, Listening))

    until(lambda: bool(listening), heard)
    home = tmp_path / "guest"
    guest = Peer(home, "join", str(listening[0].port), listening[0].code)
    peers.append(guest)
    guest.until_moves(6, host.step)
    guest.kill()  # no goodbye, no last write
    until(lambda: any(isinstance(e, Lost) for e in host.events), host.step)
    played = len(host.state.history) if host.state is not None else 0
    again = Peer(home, "continue")
    peers.append(again)
    until(lambda: any(isinstance(e, Resumed) for e in host.events), host.step)
    try:
        again.until_moves(played + 2, host.step)
    except AssertionError:
        raise AssertionError(
            f"host {[str(m) for m in host.state.history] if host.state else None} seat {host.seat}; "
            f"guest {again.moves}; host events {[type(e).__name__ for e in host.events]}"
        ) from None
    assert host.state is not None
    assert again.moves[:played] == [str(m) for m in host.state.history][:played]

