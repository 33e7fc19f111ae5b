"""What the board controller tells its view, as data: a view animates and plays sounds
from these (the arcade) or just redraws (Tk). Cells are indices of the game's board."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MoveShown:
    """A move was played (by anyone): the board went from `before` to `after`.

    `steps` are the cells still to animate (the rest of a capture chain whose first
    jumps were already shown), `flash` the cells the game wants flashed (a mill),
    `chain_end` whether this is the last jump of a chain clicked jump by jump and
    `still` whether nothing moved (a chain stopped where it was already shown)."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    steps: tuple[int, ...]
    flash: tuple[int, ...]
    placed: bool  # a piece came from the hand
    flew: bool  # the mover's pieces fly (Morris with three pieces)
    capture: bool
    chain_end: bool
    still: bool


@dataclass(frozen=True)
class ChainStep:
    """One more jump of a capture chain being clicked is shown played."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    steps: tuple[int, ...]  # the jump: from, to
    capture: bool


@dataclass(frozen=True)
class Effect:
    """A sound for the view: 'click', 'select', 'refused', 'win', 'lose'."""

    name: str


@dataclass(frozen=True)
class GameEnded:
    """The game just ended; `sound` is 'win' or 'lose' for the person at the table."""

    sound: str


@dataclass(frozen=True)
class AIFailed:
    """The AI could not answer; a legal move was played for it (the status says so)."""

    error: str


BoardEvent = MoveShown | ChainStep | Effect | GameEnded | AIFailed


def ignore(_event: BoardEvent) -> None:
    """A listener for a controller nobody watches."""


@dataclass(frozen=True)
class Feedback:
    """What a click or key did: the move played (if any) and a refusal (if any)."""

    played: Any = None
    refusal: str | None = None
