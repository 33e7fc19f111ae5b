"""`python -m engine bench GAME [--seconds 1]`: how fast and how deep the search goes.

From a few fixed positions (start, mid-placement, moving phase, flying), runs the
hard level's search for the given time with fresh tables and prints the depth
completed, the nodes searched and the nodes per second.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.ai.evaluation import evaluator_for
from engine.ai.search import Searcher
from engine.cli.options import add_game_arguments, checked_options
from engine.registry import new_state

# Move lists from the start, per game family, reaching each kind of position.
MORRIS_POSITIONS: dict[str, list[str]] = {
    "start": [],
    "mid-placement": ["e5", "g7", "c5", "b4", "e3", "b2", "d5xb4", "e4"],
    "moving": [
        "e5", "g7", "c5", "b4", "e3", "b2", "d5xb4", "e4", "c3", "c4", "d7", "d3",
        "d6xe4", "e4", "b6", "f6", "f2", "f4", "f2-d2", "b2-b4",
    ],
    "flying": [
        "d2", "e5", "e4", "g1", "f2", "a7", "d1", "e3", "d3xg1", "g7", "b2xa7", "d7",
        "f6", "a7xe4", "f4xe5", "b4", "a4", "a1", "f4-e4", "d7-d6", "e4-f4xd6", "g7-d7",
        "f4-g4", "b4-b6", "g4-f4xb6", "d7-d6", "f4-e4", "a7-d7", "b2-b4", "d6-d5", "e4-f4xd7",
    ],
}  # fmt: skip
POSITIONS: dict[str, dict[str, list[str]]] = {"nine": MORRIS_POSITIONS, "twelve": {"start": []}}


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
    for name, moves in POSITIONS.get(args.game, {"start": []}).items():
        state = new_state(args.game, options)
        state.play_all(moves)
        searcher = Searcher(evaluator_for(args.game))
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
