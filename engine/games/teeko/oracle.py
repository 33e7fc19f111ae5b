"""Teeko's oracle: the solved database behind the perfect level, the hints and `analyze`."""

from __future__ import annotations

import random
from typing import Any

from engine.core import GameState, Verdict
from engine.games.teeko.database import database
from engine.games.teeko.perfect import perfect_move
from engine.games.teeko.verdicts import decisive_ply, position_verdict, verdicts


class TeekoOracle:
    """`engine.spec.Oracle` for Teeko; DatabaseError (an EngineError) when the file is bad."""

    def load(self) -> None:
        database()

    def position_verdict(self, state: GameState) -> Verdict:
        return position_verdict(state)

    def move_verdicts(self, state: GameState) -> dict[Any, Verdict]:
        return dict(verdicts(state))

    def perfect_move(self, state: GameState, rng: random.Random) -> tuple[Any, Verdict]:
        return perfect_move(state, rng)

    def decisive_ply(self, state: GameState) -> int | None:
        return decisive_ply(state.history, state.start_position)
