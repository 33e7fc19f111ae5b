"""Plateaux: start the pygame arcade, the Tk view (--tk) or the scripted smoke tour.

Nothing heavy is imported at module level: the AI worker's spawn child re-imports
this module, and `--tk` must never load pygame.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

TK_MISSING = (
    "error: the Tk view needs Tkinter, which this Python lacks "
    "(Debian or Ubuntu: sudo apt install python3-tk; then make the virtual environment again)"
)


def tkinter_available() -> bool:
    """Whether this Python has Tkinter (Debian ships it apart, as python3-tk)."""
    try:
        import tkinter  # noqa: F401
    except ImportError:
        return False
    return True


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="plateaux", description="A desktop arcade of classic board games.")
    parser.add_argument("--windowed", action="store_true", help="start in a window instead of full screen")
    parser.add_argument("--no-sound", action="store_true", help="no music and no sound effects")
    parser.add_argument(
        "--smoke",
        metavar="DIR",
        type=Path,
        help="play a scripted tour of every scene headless, saving PNGs into DIR",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if "--tk" in args:
        args.remove("--tk")
        if not tkinter_available():
            print(TK_MISSING, file=sys.stderr)
            return 1
        from game.tk_app import run

        return run(args)
    if "--headless" in args:  # network play without a window: never imports pygame
        args.remove("--headless")
        from game.headless import run as run_headless

        return run_headless(args)
    options = parse_arguments(args)
    if options.smoke is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.smoke import run_smoke

        return run_smoke(options.smoke)
    from game.app import App
    from scenes.title import TitleScene

    app = App(windowed=options.windowed, audio=not options.no_sound)
    app.run(TitleScene(app))
    return 0


if __name__ == "__main__":
    sys.exit(main())
