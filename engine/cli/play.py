"""`python -m engine play GAME [--vs LEVEL] [--ai-first] [--seed N] [-o NAME=VALUE]`."""

from __future__ import annotations

import argparse
import sys

from engine.ai.players import ALL_LEVELS
from engine.cli.console import Console
from engine.cli.options import add_game_arguments, parse_options
from engine.core import EngineError
from engine.registry import levels_for, new_state
from engine.saves import SAVE_EXTENSION


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument(
        "--vs",
        choices=ALL_LEVELS,
        metavar="LEVEL",
        help=f"play the computer: {', '.join(ALL_LEVELS)} (perfect: Teeko only)",
    )
    parser.add_argument("--ai-first", action="store_true", help="the computer makes the first move")
    parser.add_argument("--seed", type=int, help="seed the computer's random choices (repeatable games)")
    parser.epilog = (
        "Commands at the prompt: a move in notation, moves, hint, undo, "
        f"save FILE, load FILE (saves end in {SAVE_EXTENSION}), board, help, quit."
    )


def run(args: argparse.Namespace) -> int:
    if args.ai_first and args.vs is None:
        print("error: --ai-first needs --vs LEVEL", file=sys.stderr)
        return 2
    if args.vs is not None and args.vs not in levels_for(args.game):
        offered = ", ".join(levels_for(args.game))
        print(f"error: {args.game} has no level {args.vs!r} (choose from {offered})", file=sys.stderr)
        return 2
    try:
        state = new_state(args.game, parse_options(args.option))
    except (EngineError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for stream in (sys.stdin, sys.stdout):
        _tolerate_unprintable(stream)
    console = Console(
        state,
        sys.stdin,
        sys.stdout,
        ai_level=args.vs,
        ai_side=0 if args.ai_first else 1,
        seed=args.seed,
        echo=not _is_terminal(sys.stdin),
    )
    return console.run()


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty()) if callable(isatty) else False


def _tolerate_unprintable(stream: object) -> None:
    """Bytes that are not text, or text the terminal cannot show, are replaced, not a crash."""
    reconfigure = getattr(stream, "reconfigure", None)
    if callable(reconfigure):
        reconfigure(errors="replace")
