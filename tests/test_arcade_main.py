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


def test_tk_without_tkinter_says_so_in_one_line(tmp_path: Path) -> None:
    """Debian's python3 has no Tkinter until python3-tk is installed: one line, exit 1."""
    shadow = tmp_path / "tkinter"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("raise ModuleNotFoundError(\"No module named 'tkinter'\")\n")
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "main.py", "--tk"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "python3-tk" in lines[0] and "Traceback" not in done.stderr
