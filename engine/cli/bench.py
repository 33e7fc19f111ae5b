"""`python -m engine bench GAME [--seconds 1]`: how fast and how deep the search goes.

From a few fixed positions (start, mid-placement, moving phase, flying), runs the
hard level's search for the given time with fresh tables and prints the depth
completed, the nodes searched and the nodes per second.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.ai.search import Searcher
from engine.cli.options import add_game_arguments, checked_options
from engine.registry import get_spec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per position")


def run(args: argparse.Namespace) -> int:
    if not args.seconds > 0:
        print("error: --seconds must be positive", file=sys.stderr)
        return 2
    options = checked_options(args)
    if options is None:
        return 2
    total_nodes = 0
    total_time = 0.0
    spec = get_spec(args.game)
    for name, moves in spec.bench_positions.items():
        state = spec.new_state(options)
        state.play_all(moves)
        searcher = Searcher(spec.evaluate)
        last = None
        start = time.perf_counter()
        for result in searcher.iterate(state, movetime=args.seconds):
            last = result
        elapsed = max(time.perf_counter() - start, 1e-9)
        nodes = searcher.nodes
        depth = last.depth if last else 0
        best = str(last.move) if last else "-"
        print(
            f"{name:<14} depth {depth:>2}  nodes {nodes:>8}  {elapsed:5.2f} s  "
            f"{nodes / elapsed:>7.0f} nodes/s  best {best}"
        )
        total_nodes += nodes
        total_time += elapsed
    print(f"total          nodes {total_nodes} in {total_time:.1f} s: {total_nodes / total_time:.0f} nodes/s")
    return 0
