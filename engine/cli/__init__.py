"""The engine command line: `python -m engine COMMAND ...`.

Each command is a module of this package with `add_arguments(parser)` and
`run(args) -> int`. Only the chosen command's module is imported, so a quick
`perft` does not pay for the AI or the console.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS: dict[str, str] = {
    "perft": "count legal move sequences of a given depth from the start",
    "moves": "read lines of moves on standard input, print the legal moves after each",
    "play": "play in the console (moves in notation, save/load/undo/hint/moves/quit)",
    "show": "print the position of a saved game",
    "match": "play two AI levels against each other",
    "bench": "measure the search: nodes per second and depth reached",
    "analyze": "read lines of moves, print every legal move with its solved verdict",
    "review": "classify every move of games (stdin) or report on a saved game (best ... blunder)",
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    usage = "python -m engine COMMAND [ARGS]\n\ncommands:\n" + "\n".join(
        f"  {name:<7} {text}" for name, text in COMMANDS.items()
    )
    if not args or args[0] in ("-h", "--help"):
        print("usage: " + usage)
        return 0 if args else 2
    command = args[0]
    if command not in COMMANDS:
        print(f"error: unknown command {command!r}\nusage: {usage}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"engine.cli.{command}")
    parser = argparse.ArgumentParser(prog=f"python -m engine {command}", description=COMMANDS[command])
    module.add_arguments(parser)
    parsed = parser.parse_args(args[1:])
    try:
        return int(module.run(parsed))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
