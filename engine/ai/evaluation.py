"""Evaluation functions by game id: `evaluate(state) -> score` from the side to move's view.

A score is in thousandths of a piece, roughly: 1000 is one man ahead. Finished games
are scored by the search itself, so an evaluation only sees games still going on.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.dames_eval import evaluate_dames
from engine.ai.morris_eval import evaluate_morris
from engine.ai.othello_eval import evaluate_othello
from engine.ai.teeko_eval import evaluate_teeko
from engine.core import GameState

Evaluator = Callable[[GameState], int]

EVALUATORS: dict[str, Evaluator] = {
    "nine": evaluate_morris,
    "twelve": evaluate_morris,
    "teeko": evaluate_teeko,
    "othello": evaluate_othello,
    "dames": evaluate_dames,
}


def material_only(state: GameState) -> int:
    """Fallback for a game without its own evaluation: every position looks equal."""
    return 0


def evaluator_for(game_id: str) -> Evaluator:
    """The evaluation of a game, or a neutral one (the search still finds forced wins)."""
    return EVALUATORS.get(game_id, material_only)


def register(game_id: str, evaluate: Evaluator) -> None:
    """Add or replace a game's evaluation (used by games added later)."""
    EVALUATORS[game_id] = evaluate
