"""Fit the Morris evaluation's weights to positions scored by a much deeper search.

    python -m tools.fit_morris_eval [--games 400] [--game-ms 20] [--label-depth 10]
        [--ridge 0.3] [--seed 7] [--data tools/data/morris_fit_positions.jsonl]
        [--decided 4000] [--only NAME,NAME]

The hard level's one-second search sees 5-10 plies; millref (tools/mill_ref.py) sees
10 in a tenth of that. Fitting the weights so that the static evaluation predicts
millref's depth-`--label-depth` score teaches the shallow search some of what the deep
one sees (distillation, as Texel tuning fits weights to game results):

1. Positions: `--games` millref self-play games at `--game-ms` a move from random
   openings, each move replaced by a random one with probability BLUNDER so that
   lopsided positions occur too; every SAMPLE_EVERY-th position from ply FIRST_PLY on.
   The games depend on the machine's load (millref plays by time): `--data` is their
   record, a line a game (its moves, the sampled plies and their labels), and a rerun
   with the same arguments reuses it.
2. Labels: millref's fixed-depth score of each position (side to move), in thousandths
   of a piece; positions already decided (|score| > DECIDED) are left out.
3. Fit: each weight's feature is the evaluation's change per unit of that weight (a
   finite difference; each entry of a danger table is a weight of its own); ridge
   regression toward the current DEFAULT, weights kept non-negative. Four fifths fit,
   one fifth is held out: the mean absolute error before and after is printed with the
   fitted Weights, which a match must then confirm (tools/tune_morris.py).

Round 1 (160 games, 2,050 positions) fitted the weights that became DEFAULT (engine/
games/morris/evaluation.py): held-out error 850 -> 688, and they beat the hand-tuned
weights 72-78% in self-play. Round 2 (400 games, 4,777 positions) refits them to
nearly the same error (722 -> 718): these features have given what they can. The data
then grew to 938 games (`--games 938`: 15,909 positions, 11,253 within DECIDED) for the
line patterns (tools/fit_morris_patterns.py), which learn what these terms miss.

Session 20 tried fitting to move choice in the moving phase instead (scratch scripts,
not kept): the 1,571 moving-phase positions of the losses file's games, each legal
move's child scored by millref at depth 10; 33 games held out (the 58-position suite's,
lines 86-88). A fit to the children's differences from their siblings' mean (a
position's own tactics cancel), on these terms and the moving patterns, cut the held-out
error (387 -> 268; 270 for a constant) but picked millref's best move no more often (43%
-> 41-45%). The same on each child's depth-5 principal-variation leaf (TD-leaf, the leaf
kept): error 386 -> 266-314, best move 59% -> 53-58%; a softmax fit to millref's choices
59% -> 57%. The moving phase's missing judgement is not in these terms' weights.

Session 21 found some of it in a new term: `--only NAMES` fits just those weights to
what the level's whole evaluation (line patterns included) leaves of the labels, the
others held. Free mills and free threats (a mill or closing point no enemy piece can
step into) were fitted so, `--games 938 --only free_mill,free_threat --ridge 0
--decided 8000`: held-out error 907 -> 877 (from both at 0), weights 672 and 759,
rounded to 700 and 740. They weigh in lopsided positions (a running mill decides the
game): within the default 4,000 of equal they fit to 99 and 127 (708 -> 707). On
tools/data/morris_suite.jsonl, hard at 1 s made 30-33 mistakes with them (four runs),
37 and 36 without (and 32 at twice the weights). Then `--only count_cost` (the worth
of each count of pieces once moving; from 0): 877 -> 841 held out, (245, 872, 899,
812, 179, 296) against a first fit's (260, 883, 955, 843, 172, 336), which the suite
kept: the mean given away 191-193 against 228-269, moves into a lost game 9 against
11-13.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.evaluation import (  # noqa: E402
    DEFAULT,
    PIECE,
    MorrisEvaluator,
    Weights,
    evaluate_morris,
    evaluate_with,
)
from engine.games.morris.rules import MorrisState, parse_morris_move  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_book_lines import ref_score, replay  # noqa: E402

DATA_FILE = ROOT / "tools" / "data" / "morris_fit_positions.jsonl"
OPENING_PLIES = 4  # random placements before each game
BLUNDER = 0.08  # probability of a random move instead of millref's
FIRST_PLY = 6
SAMPLE_EVERY = 3
MAX_PLIES = 160
DECIDED = 4 * PIECE  # a label beyond four pieces says little about the weights
STEP = 100  # finite-difference step of a weight


def self_play(ref: MillRef, rng: random.Random) -> list[list[str]]:
    """One millref game with random blunders: the sampled positions, as move lists."""
    state = replay([])
    sampled: list[list[str]] = []
    while state.outcome() is None and state.ply < MAX_PLIES:
        if state.ply >= FIRST_PLY and state.ply % SAMPLE_EVERY == 0:
            sampled.append([str(move) for move in state.history])
        if state.ply < OPENING_PLIES or rng.random() < BLUNDER:
            state.push(rng.choice(state.legal_moves()))
        else:
            state.push(ref.move(state.history, rng.randrange(1 << 30)))
    return sampled


def positions_and_labels(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Stages 1 and 2, resumed from `--data` (one line a game: its moves, the sampled
    plies and their labels); the positions within DECIDED, with their labels."""
    games = read_games(args.data)
    games_done = {game["game"] for game in games}
    player, labeller = MillRef(args.game_ms), MillRef(0, args.label_depth)
    try:
        for number in range(args.games):
            if number in games_done:
                continue
            rng = random.Random(args.seed * 100_000 + number)
            sampled = self_play(player, rng)
            labels = []
            for texts in sampled:
                labeller.move([parse_morris_move(text) for text in texts], 0)
                labels.append(ref_score(labeller.last["score"]))
            moves = sampled[-1] if sampled else []
            game = {"game": number, "moves": moves, "plies": [len(texts) for texts in sampled],
                    "labels": labels, "depth": args.label_depth}  # fmt: skip
            games.append(game)
            with args.data.open("a", encoding="utf-8") as out:
                out.write(json.dumps(game) + "\n")
            print(f"game {number}: {sum(len(g['plies']) for g in games)} positions", flush=True)
    finally:
        player.close()
        labeller.close()
    return records_of(games, args.label_depth, args.decided)


def read_games(path: Path) -> list[dict[str, Any]]:
    """The games of a data file (`--data`'s format), none if it does not exist yet."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def records_of(games: list[dict[str, Any]], label_depth: int, decided: int = DECIDED) -> list[dict[str, Any]]:
    """The labelled positions of `--data`'s games within `decided` of equal: their
    moves, label and game number."""
    return [
        {"moves": game["moves"][:ply], "label": label, "game": game["game"]}
        for game in games
        if game["depth"] == label_depth
        for ply, label in zip(game["plies"], game["labels"], strict=True)
        if abs(label) <= decided
    ]


def flat(weights: Sequence[int | tuple[int, ...]]) -> list[int]:
    """The weights (or some of them, in order), each table entry as one."""
    values: list[int] = []
    for value in weights:
        values.extend(value if isinstance(value, tuple) else (value,))
    return values


def unflat(values: list[int]) -> Weights:
    fields: list[Any] = []
    rest = list(values)
    for value in DEFAULT:
        if isinstance(value, tuple):
            fields.append(tuple(rest[: len(value)]))
            del rest[: len(value)]
        else:
            fields.append(rest.pop(0))
    return Weights(*fields)


def evaluator_for(whole: bool) -> Callable[[Weights], MorrisEvaluator]:
    """The evaluations the fit compares: the terms alone, or (`whole`, for `--only`) the
    level's whole evaluation (line patterns included: the named weights fit what it
    leaves)."""
    if not whole:
        return evaluate_with
    return lambda weights: MorrisEvaluator(weights, evaluate_morris.patterns)


def features(state: MorrisState, indices: list[int], whole: bool) -> tuple[list[float], int]:
    """Each fitted weight's finite-difference feature (`indices`, in `flat` order), and
    the part of the score they do not weigh."""
    base = flat(DEFAULT)
    evaluator = evaluator_for(whole)
    score = evaluator(DEFAULT)(state)
    row = []
    for index in indices:
        moved = list(base)
        moved[index] += STEP
        row.append((evaluator(unflat(moved))(state) - score) / STEP)
    weighted = float(np.dot(row, [base[index] for index in indices]))
    return row, score - round(weighted)


def fit(records: list[dict[str, Any]], ridge: float, seed: int, only: list[int]) -> Weights:
    """Ridge regression of the weights (`only` those, if given) on the labels."""
    indices = only or list(range(len(flat(DEFAULT))))
    rows, targets = [], []
    for record in records:
        state = replay([parse_morris_move(text) for text in record["moves"]])
        row, rest = features(state, indices, bool(only))
        rows.append(row)
        targets.append(record["label"] - rest)  # what the weighted terms should explain
    matrix, target = np.array(rows), np.array(targets, dtype=float)
    order = np.random.default_rng(seed).permutation(len(target))
    held, train = order[: len(order) // 5], order[len(order) // 5 :]
    everything = flat(DEFAULT)
    start = np.array([everything[index] for index in indices], dtype=float)
    a, b = matrix[train], target[train]
    scale = ridge * len(train) * np.mean(a * a, axis=0) + 1e-9  # ridge per feature's size
    fitted = start + np.linalg.solve(a.T @ a + np.diag(scale), a.T @ (b - a @ start))
    fitted = np.maximum(fitted, 0.0)
    for name, weights in (("DEFAULT", start), ("fitted", fitted)):
        error = np.mean(np.abs(matrix[held] @ weights - target[held]))
        print(f"{name}: mean absolute error on {len(held)} held-out positions {error:.0f}")
    for index, value in zip(indices, fitted, strict=True):
        everything[index] = round(value)
    return unflat(everything)


def only_indices(names: str) -> list[int]:
    """`--only`'s weight names as indices in `flat` order (a table: all its entries)."""
    indices: list[int] = []
    for name in filter(None, names.split(",")):
        if name not in DEFAULT._fields:
            raise SystemExit(f"--only: {name!r} is not a weight of Weights")
        position = DEFAULT._fields.index(name)
        indices.extend(range(len(flat(DEFAULT[:position])), len(flat(DEFAULT[: position + 1]))))
    return indices


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--game-ms", type=int, default=20)
    parser.add_argument("--label-depth", type=int, default=10)
    parser.add_argument("--ridge", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--data", type=Path, default=DATA_FILE)
    parser.add_argument("--decided", type=int, default=DECIDED, help="labels beyond this are left out")
    parser.add_argument("--only", default="", help="fit these weights (comma-separated), hold the others")
    args = parser.parse_args(argv)
    only = only_indices(args.only)
    records = positions_and_labels(args)
    print(f"{len(records)} positions within {args.decided} of equal", flush=True)
    print(fit(records, args.ridge, args.seed, only))
    return 0


if __name__ == "__main__":
    sys.exit(main())
