"""The Tk view's command line, kept free of tkinter so `main.py --help` can list it."""

from __future__ import annotations

import argparse

from engine.ai.players import ALL_LEVELS
from engine.cli.options import add_option_argument
from engine.registry import GAMES
from game.i18n import LANGUAGES

DEFAULT_GAME = next(iter(GAMES))  # the first registered game opens (and plays the smoke game)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py --tk", description="Plateaux in a Tkinter window.")
    parser.add_argument("--tk", action="store_true", help=argparse.SUPPRESS)  # if main.py passes it on
    parser.add_argument("--smoke", action="store_true", help="play one AI-against-AI game and exit")
    parser.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME, help="the game to open")
    parser.add_argument(
        "--vs",
        choices=(*ALL_LEVELS, "human"),
        default="medium",
        help="the computer's level (perfect: Teeko only), or 'human' for two players",
    )
    parser.add_argument("--ai-first", action="store_true", help="the computer plays the first side")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help="language (default: settings)")
    parser.add_argument("--movetime", type=float, default=None, help="seconds the computer may think")
    add_option_argument(parser)
    return parser
