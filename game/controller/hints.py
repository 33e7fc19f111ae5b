"""The hint of a solved game (Teeko), or of a position a game knows exactly (Morris with
3 or 4 pieces a side): every legal move's verdict, for any front end.

Pressing Hint labels each cell the next click may go to with the best verdict behind it:
the empty cells while placing, the pieces that can move, then a selected piece's
destinations ("W5", "D", "L12"). The database loads on a daemon thread from the moment
the board starts (game.verdict_hints), so a frame only ever does the lookups.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameState, Verdict
from game.verdict_hints import (
    cell_verdicts,
    database_error,
    database_ready,
    exact_verdicts,
    has_verdicts,
    verdicts_now,
    warm_up,
)


class VerdictHint:
    """One board's verdict hint: asked for, then shown until the position changes."""

    def __init__(self, game_id: str) -> None:
        self.enabled = has_verdicts(game_id)
        self.asked = False
        self.verdicts: dict[Any, Verdict] | None = None
        if self.enabled:
            warm_up()

    @property
    def usable(self) -> bool:
        """Whether a hint can be shown this way (not when the database failed to load)."""
        return self.enabled and database_error() is None

    def usable_for(self, state: GameState) -> bool:
        """Whether this position's hint is verdicts: a solved game's, or exact values
        where the game knows them (then computed at once)."""
        if self.usable:
            return True
        if self.enabled:
            return False
        self.verdicts = exact_verdicts(state)
        return self.verdicts is not None

    @property
    def failed(self) -> bool:
        """Asked for, but the database could not load: give the usual hint instead."""
        return self.asked and database_error() is not None

    @property
    def shown(self) -> bool:
        return self.verdicts is not None

    def ask(self, state: GameState) -> bool:
        """The player pressed Hint: whether the verdicts are shown at once."""
        self.asked = True
        self.update(state)
        return self.shown

    def update(self, state: GameState) -> bool:
        """Compute the asked-for verdicts once the database is there; whether they just came."""
        if not self.asked or self.shown or not database_ready():
            return False
        self.verdicts = verdicts_now(state)
        self.asked = self.shown
        return self.shown

    def clear(self) -> None:
        """The position changed: the verdicts no longer apply."""
        self.asked = False
        self.verdicts = None

    def labels(self, prefix: tuple[int, ...]) -> dict[int, Verdict]:
        """Cell -> the verdict shown on it, for the clicks made so far."""
        return cell_verdicts(self.verdicts, prefix) if self.verdicts is not None else {}
