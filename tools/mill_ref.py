"""millref: a fast C Nine Men's Morris searcher as an outside yardstick
(tools/morris_match.py: `ref:MS[:DEPTH]`). A measurement tool: the game never uses it.

The engine is the C sources in tools/mill_ref/ (C11, libc only: millref.h, board.c,
eval.c, search.c, main.c), compiled together on first use with `cc -O2` into
tools/mill_ref/build/ (again whenever a .c or .h file there is newer than the binary).
It runs in a subprocess answering one request per line; each request replays the whole
game from the start, so the two engines cannot drift apart silently: a move
the C engine refuses (a rule it reads differently) fails the request.

    python -m tools.mill_ref          # the benchmark: nodes/s and depths reached
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.rules import MorrisMove, parse_morris_move  # noqa: E402

SOURCE_DIR = ROOT / "tools" / "mill_ref"
BINARY = ROOT / "tools" / "mill_ref" / "build" / "millref"


def sources() -> tuple[list[Path], list[Path]]:
    """The engine's C files (compiled together) and its headers."""
    return sorted(SOURCE_DIR.glob("*.c")), sorted(SOURCE_DIR.glob("*.h"))


def build(force: bool = False) -> Path:
    """The engine's binary, compiled when missing or older than any of its sources."""
    c_files, headers = sources()
    if not c_files:
        raise RuntimeError(f"no C sources in {SOURCE_DIR}")
    newest = max(path.stat().st_mtime for path in [*c_files, *headers])
    if force or not BINARY.exists() or BINARY.stat().st_mtime < newest:
        compiler = shutil.which("cc")
        if compiler is None:
            raise RuntimeError("no C compiler: `cc` is not on PATH")
        BINARY.parent.mkdir(parents=True, exist_ok=True)
        # A name of this process's own: two matches starting at once each compile, and a
        # shared partial file was renamed away under the second one.
        partial = BINARY.with_suffix(f".part{os.getpid()}")
        done = subprocess.run(
            [compiler, "-O2", "-I", str(SOURCE_DIR), "-o", str(partial), *map(str, c_files)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"cannot build millref from {SOURCE_DIR.relative_to(ROOT)}:\n{done.stderr}")
        partial.replace(BINARY)  # atomic: a concurrent user never runs a half-written file
    return BINARY


class MillRef:
    """A persistent millref process answering 'your move after this history'.

    `movetime_ms` bounds each move's time (0: none), `depth` its search depth (0: none);
    at least one of them must be set for `move`."""

    @classmethod
    def from_spec(cls, spec: str) -> MillRef:
        """From a player spec's "MS[:DEPTH]" (tools/morris_match.py's `ref:MS[:DEPTH]`)."""
        movetime, _, depth = spec.partition(":")
        return cls(int(movetime), int(depth or 0))

    def __init__(self, movetime_ms: int, depth: int = 0) -> None:
        if movetime_ms < 0 or depth < 0 or movetime_ms == depth == 0:
            raise ValueError(f"millref needs a time or a depth bound, not {movetime_ms} ms, depth {depth}")
        self.movetime_ms = movetime_ms
        self.depth = depth
        self.last: dict[str, int] = {}  # depth, score and nodes of the last move
        self._process = subprocess.Popen(
            [str(build())], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def _ask(self, request: str) -> list[str]:
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(request + "\n")
            process.stdin.flush()
        except BrokenPipeError as error:
            raise RuntimeError("millref is no longer running") from error
        answer = process.stdout.readline()
        if not answer:
            raise RuntimeError(f"millref died (exit code {process.poll()}) on: {request[:80]}")
        words = answer.split()
        if words[0] == "error":
            raise RuntimeError(f"millref: {' '.join(words[1:])}")
        return words

    def move(self, history: Sequence[MorrisMove], seed: int, avoid: Sequence[MorrisMove] = ()) -> MorrisMove:
        """The best move after `history`, leaving out the moves in `avoid` (asked again
        with the answers so far, it ranks the best few moves)."""
        moves = " ".join(str(move) for move in history)
        if avoid:
            moves += " avoid " + " ".join(str(move) for move in avoid)
        words = self._ask(f"go {self.movetime_ms} {self.depth} {seed} {moves}".strip())
        if words[0] != "move" or len(words) != 8:
            raise RuntimeError(f"millref: unexpected answer {' '.join(words)}")
        self.last = {"depth": int(words[3]), "score": int(words[5]), "nodes": int(words[7])}
        return parse_morris_move(words[1])

    def perft(self, history: Sequence[MorrisMove], depth: int) -> int:
        moves = " ".join(str(move) for move in history)
        words = self._ask(f"perft {depth} {moves}".rstrip())
        if words[0] != "perft" or len(words) != 2:
            raise RuntimeError(f"millref: unexpected answer {' '.join(words)}")
        return int(words[1])

    def close(self) -> None:
        if self._process.poll() is None:
            if self._process.stdin is not None:
                try:
                    self._process.stdin.write("quit\n")
                    self._process.stdin.close()
                except BrokenPipeError:
                    pass
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()

    def __enter__(self) -> MillRef:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


# Benchmark positions: the start, mid-placement and the moving phase (the conftest's
# NINE_MOVING position: mill-free end of placement, White to move).
BENCH_POSITIONS: dict[str, str] = {
    "start": "",
    "mid-placement": "d6 d2 b4 f4 d7 g4 a7 c5",
    "moving": "a7 d6 d7 c5 g4 e4 b6 f4 f6 b4 c3 c4 e3 d1 a1 g1 d2 f2",
}


def main() -> int:
    print(f"millref benchmark ({BINARY.relative_to(ROOT)})")
    for name, text in BENCH_POSITIONS.items():
        history = [parse_morris_move(word) for word in text.split()]
        for movetime in (20, 100, 1000):
            with MillRef(movetime) as engine:
                engine.perft([], 1)  # the process is up and its table cleared: time the search only
                start = time.perf_counter()
                move = engine.move(history, 1)
                elapsed = time.perf_counter() - start
                last = engine.last
            print(
                f"  {name:14} {movetime:5} ms: depth {last['depth']:3}, {last['nodes']:>10,} nodes, "
                f"{last['nodes'] / elapsed / 1e6:5.2f} M nodes/s, move {move}, score {last['score']}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
