"""Computer players. `choose_move` is the one entry point every front end uses."""

from __future__ import annotations

import random
from typing import Any

from engine.core import GameOverError, GameState

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def choose_move(
    state: GameState,
    level: str,
    *,
    rng: random.Random | None = None,
    movetime: float | None = None,
) -> Any:
    """The move the player of `level` makes in `state` (the state is left unchanged).

    Placeholder until the search lands: every level plays a random legal move.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    moves = state.legal_moves()
    if not moves:
        raise GameOverError("the game is over")
    return (rng or random).choice(moves)
