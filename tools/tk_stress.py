"""Run the Tk and AI-worker tests many times and count aborts (issue 14's stress run).

    python tools/tk_stress.py [--runs 30] [TEST_PATH ...]

Each run is a fresh `pytest` process (the Tk tests start their own Xvfb). A run that
dies by a signal (SIGABRT: Tcl called from the wrong thread) counts as an abort; a
run with failing tests counts as a failure. Exit status 0 only if every run passed.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_TESTS = (
    "tests/test_tk_view.py",
    "tests/test_tk_games.py",
    "tests/test_tk_dialog.py",
    "tests/test_ai_worker.py",
    "tests/test_looks.py",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("tests", nargs="*", default=list(DEFAULT_TESTS))
    args = parser.parse_args(argv)
    aborts = failures = 0
    for run in range(1, args.runs + 1):
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args.tests],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        code = done.returncode
        # A signal shows as a negative code, or 128 + signal through a shell.
        if code < 0 or code == 128 + signal.SIGABRT or "Fatal Python error" in done.stderr + done.stdout:
            aborts += 1
            verdict = f"ABORT ({code})"
            print(done.stdout[-1500:] + done.stderr[-1500:], file=sys.stderr)
        elif code != 0:
            failures += 1
            verdict = f"failed ({code})"
            print(done.stdout[-1500:], file=sys.stderr)
        else:
            verdict = "passed"
        lines = done.stdout.strip().splitlines()
        summary = next((line for line in reversed(lines) if " passed" in line or " failed" in line), "")
        seconds = time.monotonic() - started
        print(f"run {run}/{args.runs}: {verdict} in {seconds:.0f} s  {summary}", flush=True)
    print(f"tk stress: {args.runs} runs, {aborts} aborts, {failures} failed runs")
    return 0 if aborts == 0 and failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
