"""Othello (seed 003) as a plugin: bitboard rules, evaluation and an exact endgame solver."""

from __future__ import annotations

from engine.core import GameSpec
from engine.games.othello.endgame import exact_value, solve_for_hard
from engine.games.othello.evaluation import evaluate_othello
from engine.games.othello.rules import MESSAGES, OthelloState

OTHELLO = GameSpec(
    id="othello",
    title="Othello",
    player_names=("Black", "White"),
    factory=OthelloState,
    evaluate=evaluate_othello,
    messages=MESSAGES,
    endgame=solve_for_hard,
    exact_value=exact_value,
)
OthelloState.spec = OTHELLO
SPECS: tuple[GameSpec, ...] = (OTHELLO,)
