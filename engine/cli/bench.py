"""`python -m engine bench GAME [--seconds 1 | --nodes N]`: how fast and how deep the search goes.

From a few fixed positions (start, mid-placement, moving phase, flying), runs the
hard level's search for the given time (or node budget) with fresh tables and prints
the depth completed, the nodes searched and the nodes per second of wall time and of
CPU time. On a shared machine the wall figures move with the load; `--nodes` gives the
depth a fixed amount of work reaches, and CPU seconds barely depend on the load.
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
    parser.add_argument("--nodes", type=int, default=None, help="node budget per position instead of time")
    parser.add_argument(
        "--shared", action="store_true", help="the shared search even where the game has its own (hard's)"
    )


def run(args: argparse.Namespace) -> int:
    if not args.seconds > 0 or (args.nodes is not None and args.nodes < 1):
        print("error: --seconds and --nodes must be positive", file=sys.stderr)
        return 2
    options = checked_options(args)
    if options is None:
        return 2
    total_nodes = 0
    total_time = total_cpu = 0.0
    spec = get_spec(args.game)
    for name, moves in spec.bench_positions.items():
        state = spec.new_state(options)
        state.play_all(moves)
        # What the hard level searches with: the game's own search where it has one.
        make = Searcher if args.shared or spec.search is None else spec.search
        searcher = make(spec.evaluate)
        last = None
        start, cpu_start = time.perf_counter(), time.process_time()
        limits = {"max_nodes": args.nodes} if args.nodes is not None else {"movetime": args.seconds}
        for result in searcher.iterate(state, **limits):
            last = result
        elapsed = max(time.perf_counter() - start, 1e-9)
        cpu = max(time.process_time() - cpu_start, 1e-9)
        nodes = searcher.nodes
        depth = last.depth if last else 0
        best = str(last.move) if last else "-"
        print(
            f"{name:<14} depth {depth:>2}  nodes {nodes:>8}  {elapsed:5.2f} s  "
            f"{nodes / elapsed:>7.0f} nodes/s  {nodes / cpu:>7.0f} nodes/cpu-s  best {best}"
        )
        total_nodes += nodes
        total_time += elapsed
        total_cpu += cpu
    print(
        f"total          nodes {total_nodes} in {total_time:.1f} s: {total_nodes / total_time:.0f} nodes/s, "
        f"{total_nodes / total_cpu:.0f} nodes/cpu-s"
    )
    return 0
