"""What the Tk view's command line and New game dialog choose, as a GameSetup.

A side is an AI level or HUMAN (None); the game itself is the board controller's
(game.controller), the same as the arcade's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.registry import GAMES
from game.session import AI, GameSetup, Seat
from game.session import HUMAN as HUMAN_SEAT

HUMAN: str | None = None  # a side's level when a person plays it


@dataclass(frozen=True)
class MatchSetup:
    """A game to start: which game, its options, and each side's AI level (None = human)."""

    game_id: str = field(default_factory=lambda: next(iter(GAMES)))
    options: Mapping[str, Any] = field(default_factory=dict)
    levels: tuple[str | None, str | None] = (HUMAN, "medium")
    movetime: float | None = None  # seconds the AI may think; None = the level's own
    look: str = ""  # the board's look (game.looks); "" or unknown: the game's default

    def game_setup(self) -> GameSetup:
        seats = tuple(Seat(HUMAN_SEAT) if level is None else Seat(AI, level) for level in self.levels)
        return GameSetup(self.game_id, dict(self.options), (seats[0], seats[1]), self.look)

    @classmethod
    def of(cls, setup: GameSetup, movetime: float | None = None) -> MatchSetup:
        """The choices behind a session's setup (a loaded game's, for the dialog)."""
        levels = tuple((seat.level or "medium") if seat.is_ai else HUMAN for seat in setup.seats)
        return cls(setup.game_id, dict(setup.options), (levels[0], levels[1]), movetime, setup.look)
