"""Plateaux: start the pygame arcade, the Tk view (--tk), headless network play
(--headless) or the scripted smoke tour (--smoke DIR).

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


def build_parser() -> argparse.ArgumentParser:
    """The arcade's options; the help also lists the Tk view's and headless play's."""
    from game.headless import build_parser as headless_parser
    from game.tk.options import build_parser as tk_parser

    modes = "\n".join(parser.format_help() for parser in (tk_parser(), headless_parser()))
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="A desktop arcade of classic board games.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Other modes (each takes its options after the flag):\n\n" + modes,
    )
    parser.add_argument("--tk", action="store_true", help="open the Tk view instead (options below)")
    parser.add_argument("--headless", action="store_true", help="network play, no window (options below)")
    parser.add_argument("--windowed", action="store_true", help="start in a window instead of full screen")
    parser.add_argument("--no-sound", action="store_true", help="no music and no sound effects")
    parser.add_argument(
        "--smoke",
        metavar="DIR",
        type=Path,
        help="play a scripted tour of every scene headless, saving PNGs into DIR",
    )
    return parser


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def front_ends_complete() -> bool:
    """Every registered game has a whole front-end plugin; else say which part lacks."""
    from game.games import FrontEndError, check_front_ends

    try:
        check_front_ends()
    except FrontEndError as error:
        print(f"error: {error}", file=sys.stderr)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    # The Tk view and headless play parse the rest of the line with their own parsers.
    if "--tk" in args:
        args.remove("--tk")
        if not tkinter_available():
            print(TK_MISSING, file=sys.stderr)
            return 1
        if not front_ends_complete():
            return 2
        from game.tk.app import run

        return run(args)
    if "--headless" in args:  # network play without a window: never imports pygame
        args.remove("--headless")
        from game.headless import run as run_headless

        return run_headless(args)
    options = parse_arguments(args)
    if not front_ends_complete():
        return 2
    if options.smoke is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from tools.smoke import run_smoke

        return run_smoke(options.smoke)
    import scenes  # registers every scene by name
    from game.arcade.app import App

    app = App(windowed=options.windowed, audio=not options.no_sound)
    app.run(app.scene("title"), warm_up=scenes.warm_up_materials)
    return 0


if __name__ == "__main__":
    sys.exit(main())
