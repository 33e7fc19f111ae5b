"""Calibrate the review's win-probability scale per game on self-play (engine/review.py).

    python -m tools.calibrate_review [--games-per 12] [--nodes N] [GAME ...]

Plays hard against hard at a short movetime after a few random opening plies (so games
differ while their results still follow from the positions), scores every position
with the review's search (a node budget), and records (score for the side to move,
that side's result: 1 win, 0.5 draw, 0 loss). The scale c of
p = 1 / (1 + exp(-score / c)) is the one that maximises the likelihood of the results
(a golden-section search on log c). Prints one line per game and records each fit (scale,
sample and game counts) in tools/review_calibration.json, keeping the figures of games
not calibrated this time; each game's plug-in keeps its fitted scale.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

from engine.ai import choose_move
from engine.ai.search import MATE_BOUND, Searcher
from engine.registry import GAMES, get_spec
from engine.review import REVIEW_NODES, deepest

OUTPUT = Path(__file__).resolve().parent / "review_calibration.json"
# Samples that separate perfectly (the side ahead always won) drive the maximum-likelihood
# scale towards zero: half a piece is the floor, so one man up never reads as a sure win.
MIN_SCALE = 500.0
MAX_PLIES = 200  # a self-play game longer than this is cut (and left out)
RANDOM_PLIES = 6  # random opening plies before the engines take over
MOVETIME = 0.05  # seconds a self-play move may take


def self_play(game_id: str, seed: int, nodes: int) -> list[tuple[int, float]]:
    """(score for the side to move, its result) for each position of one game."""
    rng = random.Random(seed)
    state = get_spec(game_id).new_state({})
    searcher = Searcher(get_spec(game_id).evaluate)
    scored: list[tuple[int, int]] = []  # (score, side to move)
    while state.outcome() is None and state.ply < MAX_PLIES:
        result = deepest(searcher, state, nodes)
        if result is not None and abs(result.score) < MATE_BOUND:
            scored.append((result.score, state.to_move))
        if state.ply < RANDOM_PLIES:
            state.push(rng.choice(state.legal_moves()))
        else:
            state.push(choose_move(state, "hard", rng=rng, movetime=MOVETIME))
    outcome = state.outcome()
    if outcome is None:
        return []
    results = {side: 0.5 if outcome.winner is None else float(outcome.winner == side) for side in (0, 1)}
    return [(score, results[side]) for score, side in scored]


def log_likelihood(samples: list[tuple[int, float]], scale: float) -> float:
    total = 0.0
    for score, result in samples:
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-score / scale))))
        total += result * math.log(p) + (1 - result) * math.log(1 - p)
    return total


def fit_scale(samples: list[tuple[int, float]], low: float = MIN_SCALE, high: float = 100_000.0) -> float:
    """The maximum-likelihood scale, by golden-section search on log(scale)."""
    a, b = math.log(low), math.log(high)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if log_likelihood(samples, math.exp(c)) > log_likelihood(samples, math.exp(d)):
            b = d
        else:
            a = c
    return math.exp((a + b) / 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games-per", dest="count", type=int, default=12)
    parser.add_argument("--nodes", type=int, default=REVIEW_NODES)
    args = parser.parse_args(argv)
    # Calibrating some games keeps the others' figures.
    report: dict[str, object] = json.loads(OUTPUT.read_text()) if OUTPUT.exists() else {}
    for game_id in args.games:
        samples: list[tuple[int, float]] = []
        for seed in range(args.count):
            samples += self_play(game_id, seed, args.nodes)
        scale = fit_scale(samples) if samples else float("nan")
        report[game_id] = {"scale": round(scale), "samples": len(samples), "games": args.count}
        print(f"{game_id}: scale {scale:.0f} from {len(samples)} positions of {args.count} games", flush=True)
    OUTPUT.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
