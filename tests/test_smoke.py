"""`python main.py --smoke DIR` tours every scene headless and reports frame times.

The frame times themselves are figures for people (the tour prints them), never a
pass/fail condition: a busy machine makes any time limit flaky."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_smoke_tour(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PLATEAUX_HOME=str(tmp_path / "home")
    )
    done = subprocess.run(
        [sys.executable, "main.py", "--smoke", str(shots)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    pngs = sorted(shots.glob("*.png"))
    assert len(pngs) >= 6
    assert all(p.stat().st_size > 5000 for p in pngs)  # real pictures, not empty frames
    # The statistics are printed, and frames kept coming while the AI thought.
    match = re.search(r"while the AI thinks: (\d+) frames.*p99 ([\d.]+) ms", done.stdout)
    assert match, done.stdout
    assert int(match.group(1)) > 10
    # The tour wrote no settings: the player's file is never touched by --smoke.
    assert not (tmp_path / "home" / "settings.json").exists()
