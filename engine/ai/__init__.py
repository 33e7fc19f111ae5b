"""Computer players. `choose_move` is the one entry point every front end uses."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.ai.players import LEVELS, Choice, analyse
from engine.core import GameState

__all__ = ["LEVELS", "Choice", "analyse", "choose_move"]


def choose_move(
    state: GameState,
    level: str,
    *,
    rng: random.Random | None = None,
    movetime: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The move the player of `level` makes in `state` (the state is left unchanged).

    `movetime` (seconds) bounds the search of the levels that search; `stop` is polled
    during the search and ends it early (the best move found so far is returned).
    Raises ValueError for an unknown level and GameOverError when the game is over.
    """
    return analyse(state, level, rng=rng, movetime=movetime, stop=stop).move
