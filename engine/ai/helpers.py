"""Helper processes for the hard level: while it searches, each helper searches the same
position into a transposition table they share (Lazy SMP: engine/ai/shared_table.py),
one depth ahead of the main search, so the main search finds the deeper results it is
about to need already in the table. Opt-in (HELPERS_ENV): measured, they did not make
hard stronger on a two-core machine (`helper_count`).

Helpers are plain child processes (`python -m engine.ai.helper HANDLE BUCKETS`), not
multiprocessing ones: starting one never imports the caller's main module again (a
script calling `ia` without a `__main__` guard), and they run at a lower priority, so a
front end's frame loop keeps its core on a busy machine.

A job is one JSON line on a helper's standard input: the job number and the game
(`GameState.to_dict()`, replayed checked on the other side). The table's header says
which job is wanted; setting it to 0 stops the helpers within a few hundred nodes. A
helper that dies or stops reading is dropped, and the search goes on alone: helpers
only ever make it faster. A helper ends when its input closes, so it never outlives
the process that started it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import weakref
from pathlib import Path
from typing import Any

from engine.ai.shared_table import SharedTable
from engine.core import GameState

HELPERS_ENV = "PLATEAUX_HELPERS"  # the number of helpers; 0 turns them off
MAX_HELPERS = 3  # more processes share one table worse than they search
CLOSE_TIMEOUT = 1.0  # seconds a helper has to exit once its input is closed
ROOT = Path(__file__).resolve().parent.parent.parent  # the folder holding `engine`


def helper_count() -> int:
    """How many helpers the hard level starts: HELPERS_ENV if set (at most MAX_HELPERS),
    else none. Off by default: on the two-core machine the figures come from, a second
    busy process slows the first by about 30% (two `bench nine` at once: 54k and 38k
    nodes/s), and against millref at 50 ms, the same 32 games from the start, hard lost
    3 with one helper and none alone (tools/data/morris_ladder.json)."""
    text = os.environ.get(HELPERS_ENV, "").strip()
    try:
        return max(0, min(MAX_HELPERS, int(text))) if text else 0
    except ValueError:
        return 0  # a mistyped setting is the default, not a crash


class HelperPool:
    """The helpers of one searcher, started on its first search and kept between moves."""

    def __init__(self, count: int, table: SharedTable) -> None:
        self.count = count
        self.table = table
        self._processes: list[subprocess.Popen[bytes]] = []
        self._job = 0
        self._failures = 0  # starts that failed: after `count` of them, none is tried again
        # Closed when dropped or at exit, whichever comes first (no reference to self).
        self._finalizer = weakref.finalize(self, _shut, self._processes, table)

    @property
    def running(self) -> int:
        return len(self._processes)

    def start(self, state: GameState) -> None:
        """Helpers, search `state` (the main search starts right after, not waiting)."""
        table = self.table
        table.new_generation()
        table.main_depth = 0
        self._job += 1
        table.job = self._job
        self._spawn_missing()
        line = (json.dumps({"job": self._job, "game": state.to_dict()}) + "\n").encode()
        for process in list(self._processes):
            try:
                assert process.stdin is not None
                written = os.write(process.stdin.fileno(), line)
                if written != len(line):
                    raise BlockingIOError("the helper's input is full")
            except (OSError, ValueError):  # dead, or not reading: go on without it
                self._drop(process)

    def note_depth(self, depth: int) -> None:
        """The main search completed `depth`: helpers behind it jump ahead again."""
        self.table.main_depth = depth

    def stop(self) -> None:
        """The main search is over: helpers stop the job within a few hundred nodes."""
        self.table.job = 0

    def close(self) -> None:
        """Stop every helper and let go of the table."""
        self._finalizer()

    def _spawn_missing(self) -> None:
        while len(self._processes) < self.count and self._failures < self.count:
            try:
                self._processes.append(self._spawn())
            except OSError:
                self._failures += 1

    def _spawn(self) -> subprocess.Popen[bytes]:
        table = self.table
        command = [sys.executable, "-m", "engine.ai.helper", table.handle, str(table.buckets)]
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), environment.get("PYTHONPATH")]))
        options: dict[str, Any] = {}
        if sys.platform == "win32":
            options["creationflags"] = subprocess.BELOW_NORMAL_PRIORITY_CLASS
        elif table.fd is not None:
            options["pass_fds"] = (table.fd,)
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=str(ROOT),
            env=environment,
            **options,
        )
        assert process.stdin is not None
        os.set_blocking(process.stdin.fileno(), False)  # a stuck helper never blocks a move
        return process

    def _drop(self, process: subprocess.Popen[bytes]) -> None:
        if process in self._processes:
            self._processes.remove(process)
        _end(process)


def _end(process: subprocess.Popen[bytes]) -> None:
    """Close a helper's input (it exits by itself) and wait for it; kill it if it does not."""
    try:
        if process.stdin is not None:
            process.stdin.close()
    except OSError:
        pass
    try:
        process.wait(timeout=CLOSE_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _shut(processes: list[subprocess.Popen[bytes]], table: SharedTable) -> None:
    """A pool's end: its job stopped, its helpers ended, its table let go."""
    if table.words is not None:
        table.job = 0
    while processes:
        _end(processes.pop())
    table.close()


def pool_for(count: int | None = None) -> HelperPool | None:
    """A pool of `count` helpers (default `helper_count()`) with a new table, or None
    when there are to be none or the shared memory cannot be made."""
    count = helper_count() if count is None else count
    if count <= 0:
        return None
    try:
        table = SharedTable()
    except (OSError, ValueError):
        return None
    return HelperPool(count, table)
