"""`python -m engine perft GAME DEPTH [--divide] [--position TEXT]`."""

from __future__ import annotations

import argparse
import sys
import time

from engine.cli.options import add_game_arguments, add_position_argument, checked_options, start_state
from engine.perft import divide


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_position_argument(parser)
    parser.add_argument("depth", type=int, help="number of moves (plies)")
    parser.add_argument("--divide", action="store_true", help="print the count under each first move")
    parser.add_argument("--time", action="store_true", help="print the time taken on standard error")


def run(args: argparse.Namespace) -> int:
    if args.depth < 0:
        print("error: depth must be 0 or more", file=sys.stderr)
        return 2
    options = checked_options(args)
    if options is None:
        return 2
    state = start_state(args, options)
    if state is None:
        return 2
    start = time.perf_counter()
    if args.divide and args.depth > 0:
        counts = divide(state, args.depth)
        for move, count in counts.items():
            print(f"{move}: {count}")
        total = sum(counts.values())
    else:
        total = state.perft(args.depth)
    if args.time:
        print(f"{time.perf_counter() - start:.3f} s", file=sys.stderr)
    print(total)
    return 0
