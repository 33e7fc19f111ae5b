"""main.py dispatches `--tk` to the Tk view without ever importing pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys, types
fake = types.ModuleType("game.tk.app")
fake.run = lambda argv: print("tk", argv) or 3
import game.tk
sys.modules["game.tk.app"] = fake
game.tk.app = fake
import main
code = main.main(["--tk", "--game", "nine"])
print("pygame loaded" if "pygame" in sys.modules else "no pygame")
sys.exit(code)
"""


def test_tk_flag_dispatches_without_pygame() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert "tk ['--game', 'nine']" in done.stdout
    assert "no pygame" in done.stdout
