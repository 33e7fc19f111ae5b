"""The Othello evaluation (placeholder: every position looks equal until it is written)."""

from __future__ import annotations

from engine.core import GameState


def evaluate_othello(state: GameState) -> int:
    """Score from the side to move's view, in thousandths of a piece."""
    return 0
