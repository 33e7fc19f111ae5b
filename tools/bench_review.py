"""How long a game review takes (engine/review.py), per game: a figure, not a test.

    python -m tools.bench_review [--nodes N] [GAME ...]

Plays one game per game id (hard against medium at a short movetime, seeded), then
times its review at the review's node budget and prints plies, seconds and labels.
Issue 19's goal: a 60-move Othello game reviewed in at most 30 s on 2 cores.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from engine.ai import choose_move
from engine.registry import GAMES, get_spec, new_state
from engine.review import REVIEW_NODES, review, review_game_of

MOVETIME = 0.05
MAX_PLIES = 160


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--nodes", type=int, default=REVIEW_NODES)
    args = parser.parse_args(argv)
    for game_id in args.games:
        rng = random.Random(1)
        state = new_state(game_id)
        while state.outcome() is None and state.ply < MAX_PLIES:
            level = ("hard", "medium")[state.to_move]
            state.push(choose_move(state, level, rng=rng, movetime=MOVETIME))
        started = time.perf_counter()
        parts = review_game_of(get_spec(game_id))
        result = review(new_state(game_id), list(state.history), parts, nodes=args.nodes)
        seconds = time.perf_counter() - started
        exact = sum(p.exact for p in result.plies)
        counts = [result.counts(p) for p in (0, 1)]
        print(f"{game_id}: {state.ply} plies reviewed in {seconds:.1f} s ({exact} exact); "
              f"first {counts[0]}, second {counts[1]}", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
