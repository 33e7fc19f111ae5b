"""`python -m engine show FILE`: print a saved game, or refuse a bad file in one line."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.describe import result_text, turn_text
from engine.saves import SAVE_EXTENSION, SavedGame, SaveError, format_time, load_game

LINE_WIDTH = 78


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=f"a saved game (usually ending in {SAVE_EXTENSION})")


def run(args: argparse.Namespace) -> int:
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if callable(reconfigure):
            reconfigure(errors="replace")  # odd names or paths must not crash the printing
    try:
        saved = load_game(args.file)
    except SaveError as error:
        print(f"error: {args.file}: {error}", file=sys.stderr)
        return 1
    print(describe_save(saved))
    return 0


def describe_save(saved: SavedGame) -> str:
    """Title, options, players, numbered moves, the board and the result, as text."""
    state = saved.state
    spec = state.spec
    lines = [
        f"{spec.title} ({spec.id})",
        f"options: {_options_text(state.options)}",
        "players: "
        + "; ".join(
            f"{side}: {p.name} ({p.kind if p.level is None else f'{p.kind}, {p.level}'})"
            for side, p in zip(spec.player_names, saved.players, strict=True)
        ),
        f"created: {format_time(saved.created)}, updated: {format_time(saved.updated)}",
        f"moves ({state.ply}):",
        *_numbered_moves([str(m) for m in state.history]),
        state.render(),
    ]
    outcome = state.outcome()
    lines.append(
        f"result: {result_text(outcome, spec.player_names)}"
        if outcome is not None
        else f"in progress: {turn_text(state)}"
    )
    return "\n".join(lines)


def _options_text(options: dict[str, Any]) -> str:
    if not options:
        return "none"
    return ", ".join(f"{name}={str(value).lower()}" for name, value in options.items())


def _numbered_moves(moves: list[str]) -> list[str]:
    """'1. d6 a7  2. g7 d2 ...' wrapped to the line width; one number per pair of moves."""
    if not moves:
        return ["  (none)"]
    pairs = [f"{i // 2 + 1}. {' '.join(moves[i : i + 2])}" for i in range(0, len(moves), 2)]
    lines: list[str] = []
    current: list[str] = []
    for pair in pairs:
        if current and len("  " + "  ".join([*current, pair])) > LINE_WIDTH:
            lines.append("  " + "  ".join(current))
            current = []
        current.append(pair)
    lines.append("  " + "  ".join(current))
    return lines
