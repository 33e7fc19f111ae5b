"""Nine and Twelve Men's Morris (seeds 001 and 000) as a plugin: board, rules, text, evaluation."""

from __future__ import annotations

from engine.core import GameSpec, OptionSpec
from engine.games.morris.endgame import exact_value, solve_for_hard
from engine.games.morris.evaluation import evaluate_morris, evaluate_twelve
from engine.games.morris.explain import MESSAGES
from engine.games.morris.kernel import MorrisSearcher
from engine.games.morris.quiet_lines import books_move
from engine.games.morris.rules import NineState, TwelveState

# Move lists from the start reaching each kind of position (`python -m engine bench nine`).
BENCH_POSITIONS: dict[str, tuple[str, ...]] = {
    "start": (),
    "mid-placement": ("e5", "g7", "c5", "b4", "e3", "b2", "d5xb4", "e4"),
    "moving": (
        "e5", "g7", "c5", "b4", "e3", "b2", "d5xb4", "e4", "c3", "c4", "d7", "d3",
        "d6xe4", "e4", "b6", "f6", "f2", "f4", "f2-d2", "b2-b4",
    ),
    "flying": (
        "d2", "e5", "e4", "g1", "f2", "a7", "d1", "e3", "d3xg1", "g7", "b2xa7", "d7",
        "f6", "a7xe4", "f4xe5", "b4", "a4", "a1", "f4-e4", "d7-d6", "e4-f4xd6", "g7-d7",
        "f4-g4", "b4-b6", "g4-f4xb6", "d7-d6", "f4-e4", "a7-d7", "b2-b4", "d6-d5", "e4-f4xd7",
    ),
}  # fmt: skip

NINE = GameSpec(
    id="nine",
    title="Nine Men's Morris",
    player_names=("White", "Black"),
    factory=NineState,
    evaluate=evaluate_morris,
    endgame=solve_for_hard,
    opening=books_move,  # Twelve has no book: its placement (24 pieces, 24 points) differs
    search=MorrisSearcher,  # the board without diagonals only
    exact_value=exact_value,
    bench_positions=BENCH_POSITIONS,
    messages=MESSAGES,
    review_scale=2488.0,  # tools/calibrate_review.py (review_calibration.json)
)
TWELVE = GameSpec(
    id="twelve",
    title="Twelve Men's Morris",
    player_names=("White", "Black"),
    factory=TwelveState,
    evaluate=evaluate_twelve,
    endgame=solve_for_hard,
    exact_value=exact_value,
    options=(OptionSpec("diagonals", False, (False, True), "Diagonal lines"),),
    messages=MESSAGES,
    review_scale=3919.0,  # tools/calibrate_review.py (review_calibration.json)
)
NineState.spec = NINE
TwelveState.spec = TWELVE
SPECS: tuple[GameSpec, ...] = (NINE, TWELVE)
