"""Parsing `-o name=value` game options shared by every command."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.core import EngineError, GameState
from engine.registry import GAMES, get_spec


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES), help="game id")
    add_option_argument(parser)


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """`-o NAME=VALUE`, repeatable: the rule options every command and front end take."""
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option, e.g. -o diagonals=true (twelve)",
    )


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """'diagonals=true' -> {'diagonals': True}; ints stay ints, other text stays text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"option {pair!r} is not NAME=VALUE")
        lowered = text.strip().lower()
        value: Any = text
        if lowered in ("true", "yes", "on", "1"):
            value = True
        elif lowered in ("false", "no", "off", "0"):
            value = False
        elif lowered.lstrip("-").isdigit():
            value = int(lowered)
        options[name.strip()] = value
    return options


def checked_options(args: argparse.Namespace) -> dict[str, Any] | None:
    """The command's rule options checked against its game, or None after printing why."""
    try:
        return get_spec(args.game).check_options(parse_options(args.option))
    except (EngineError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return None


def add_position_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--position",
        metavar="TEXT",
        help="start from this position text instead of the standard start (quote it)",
    )


def start_state(args: argparse.Namespace, options: dict[str, Any]) -> GameState | None:
    """The command's starting state (standard, or `--position`), or None after printing why."""
    spec = get_spec(args.game)
    if args.position is None:
        return spec.new_state(options)
    try:
        return spec.from_position(args.position, options)
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return None
