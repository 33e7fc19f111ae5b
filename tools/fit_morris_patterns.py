"""Fit Nine Men's Morris's line pattern weights to positions scored by a deeper search.

    python -m tools.fit_morris_patterns [--ridge 10] [--label-depth 10] [--check-depth D]
        [--data tools/data/morris_fit_positions.jsonl] [--write]

The positions and their labels (millref's depth-10 score, thousandths of a piece, side
to move) are those of tools/fit_morris_eval.py, which generates them (`--games N` there
adds games). Each position's features are its line patterns (engine/games/morris/
patterns.py: 27 fillings of a mill line, by kind of line and phase) and the score of
the hand-designed evaluation without patterns; ridge regression (the base score's
coefficient unpenalised) fits label ~ c * base + sum of pattern weights, and the
pattern weights divided by c are what the evaluation adds to its base score: the same
move choices as the fit, in the base score's units. Positions of one game in five are
held out, whole games so that a game's neighbouring positions do not leak into the
check; the mean absolute errors before and after are printed.

`--write` regenerates engine/games/morris/pattern_weights.py; a match must confirm the
weights before they stay (tools/morris_match.py, fixed nodes against the previous build).

Session 8: 11,253 positions (938 games), held-out error 744 -> 677. At 10,000 nodes a
move the patterns beat the evaluation without them +16 =14 -0 (77%, 30 games; `tools/
morris_match.py nodes:10000:new nodes:10000:base --games 30 --seed 31`). Tried and not
kept: the placement split in two (error 665, even in play), patterns of the three
points around each corner (676), of each point with its neighbours (lines and points
685 against lines 690 on 10,300 positions, at 24 more look-ups an evaluation), and a
joint refit of the hand-designed weights (654 with them kept non-negative; not played).
Session 9: labels from millref's depth-12 search (tools/relabel_morris_fit.py) teach the
patterns nothing the depth-10 ones do not (`--check-depth` scores a fit against another
depth's labels: 726 against the depth-12 fit's own 724).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.evaluation import DEFAULT, MorrisEvaluator  # noqa: E402
from engine.games.morris.patterns import KINDS, PHASES, line_counts, pattern_code, phase_of  # noqa: E402
from engine.games.morris.rings import to_rings  # noqa: E402
from engine.games.morris.rules import MorrisState, parse_morris_move  # noqa: E402
from tools.fit_morris_eval import DATA_FILE, read_games, records_of  # noqa: E402
from tools.morris_book_lines import replay  # noqa: E402

WEIGHTS_FILE = ROOT / "engine" / "games" / "morris" / "pattern_weights.py"
HELD_OUT_EVERY = 5  # games whose number is a multiple of this are held out
CODES = sorted({pattern_code((a, b, c)) for a in range(3) for b in range(3) for c in range(3)})
COLUMNS = [(phase, kind, code) for phase in PHASES for kind in KINDS for code in CODES]
COLUMN = {column: index for index, column in enumerate(COLUMNS)}


Fitted = dict[str, dict[str, dict[int, int]]]  # by phase, kind of line, pattern code


def feature_row(state: MorrisState, base: MorrisEvaluator) -> np.ndarray:
    """The pattern counts, then the base evaluation's score, for the side to move."""
    row = np.zeros(len(COLUMNS) + 1)
    hands = state.in_hand(0) + state.in_hand(1)
    phase = phase_of(hands, state.on_board(0) + state.in_hand(0), state.on_board(1) + state.in_hand(1))
    if phase is not None:
        side = state.to_move
        mine, theirs = to_rings(state.occupied(side)), to_rings(state.occupied(1 - side))
        for (kind, code), count in line_counts(mine, theirs).items():
            row[COLUMN[PHASES[phase], kind, code]] = count
    row[-1] = base(state)
    return row


def table(records: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The feature rows, the labels and which records are held out."""
    base = MorrisEvaluator(DEFAULT)  # without patterns
    states = [replay([parse_morris_move(text) for text in record["moves"]]) for record in records]
    matrix = np.array([feature_row(state, base) for state in states])
    target = np.array([record["label"] for record in records], dtype=float)
    held = np.array([record["game"] % HELD_OUT_EVERY == 0 for record in records])
    return matrix, target, held


def fit(records: list[dict[str, Any]], ridge: float) -> tuple[Fitted, float, np.ndarray]:
    """The pattern weights in the base score's units, the base score's coefficient and
    the whole solution (the fit's weights on `feature_row`)."""
    matrix, target, held = table(records)
    a, b = matrix[~held], target[~held]
    penalty = np.full(matrix.shape[1], ridge)
    penalty[-1] = 1e-6
    solution = np.linalg.solve(a.T @ a + np.diag(penalty), a.T @ b)
    scale = float(np.sum(a[:, -1] * b) / np.sum(a[:, -1] ** 2))
    alone = np.mean(np.abs(scale * matrix[held, -1] - target[held]))
    with_patterns = np.mean(np.abs(matrix[held] @ solution - target[held]))
    training = np.mean(np.abs(a @ solution - b))
    print(f"{len(target)} positions, {held.sum()} held out")
    print(f"base alone (scaled by {scale:.3f}): held-out error {alone:.0f}")
    print(f"with patterns (base x {solution[-1]:.3f}): held-out error {with_patterns:.0f}", end=", ")
    print(f"training error {training:.0f}")
    coefficient = float(solution[-1])
    weights: Fitted = {phase: {kind: {} for kind in KINDS} for phase in PHASES}
    for (phase, kind, code), value in zip(COLUMNS, solution[:-1], strict=True):
        weights[phase][kind][code] = round(value / coefficient)
    return weights, coefficient, solution


def check(records: list[dict[str, Any]], solution: np.ndarray) -> float:
    """The held-out error of a solution against other labels (another depth's)."""
    matrix, target, held = table(records)
    return float(np.mean(np.abs(matrix[held] @ solution - target[held])))


def write(weights: Fitted, coefficient: float, count: int, ridge: float) -> None:
    lines = [
        '"""Nine Men\'s Morris line pattern weights (engine/games/morris/patterns.py), in',
        "thousandths of a piece.",
        "",
        f"Generated by tools/fit_morris_patterns.py (ridge {ridge}) from {count} positions scored by",
        f"millref's deep search; the fit's base coefficient was {coefficient:.3f}. Do not edit: refit.",
        '"""',
        "",
        "LINE_WEIGHTS: dict[str, dict[str, dict[int, int]]] = {",
    ]
    for phase in PHASES:
        lines.append(f'    "{phase}": {{')
        for kind in KINDS:
            entries = [f"{code}: {value}," for code, value in sorted(weights[phase][kind].items())]
            rows = [" " * 12 + " ".join(entries[at : at + 9]) for at in range(0, len(entries), 9)]
            lines.extend([f'        "{kind}": {{', *rows, "        },"])
        lines.append("    },")
    lines.append("}  # fmt: skip")
    WEIGHTS_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--label-depth", type=int, default=10)
    parser.add_argument("--check-depth", type=int, help="also score the fit against these labels")
    parser.add_argument("--data", type=Path, default=DATA_FILE)
    parser.add_argument("--write", action="store_true", help="regenerate the weights module")
    args = parser.parse_args(argv)
    games = read_games(args.data)
    records = records_of(games, args.label_depth)
    weights, coefficient, solution = fit(records, args.ridge)
    if args.check_depth is not None:
        error = check(records_of(games, args.check_depth), solution)
        print(f"held-out error against the depth-{args.check_depth} labels: {error:.0f}")
    if args.write:
        write(weights, coefficient, len(records), args.ridge)
    return 0


if __name__ == "__main__":
    sys.exit(main())
