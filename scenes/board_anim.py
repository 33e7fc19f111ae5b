"""What the board and replay scenes share about a move's animation: the part of a move
still to show, and the sound effects due later in it (a removal after its mill, each
piece of a capture chain as it is jumped)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

MILL_SOUND_DELAY, CAPTURE_AFTER_MILL = 0.22, 0.4  # seconds at speed 1, matched to the flash


class ShownSteps(NamedTuple):
    """The part of a move still to animate, from where the piece is shown standing."""

    steps: tuple[int, ...]


class DueEffects:
    """Sound effects waiting for their moment; `update` plays those whose time came."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, str]] = []

    def add(self, delay: float, name: str) -> None:
        self.waiting.append((delay, name))

    def clear(self) -> None:
        self.waiting.clear()

    def update(self, dt: float, play: Callable[[str], None]) -> None:
        due = [(t - dt, name) for t, name in self.waiting]
        for t, name in due:
            if t <= 0:
                play(name)
        self.waiting = [(t, name) for t, name in due if t > 0]

    def capture_sounds(self, removal_moments: list[float], jumped: bool, speed: float) -> None:
        """A capture's sounds: one per piece as it is jumped, or a mill then its removal."""
        if jumped:
            for moment in removal_moments:
                self.add(moment, "capture")
            return
        scale = 1.0 / speed if speed > 0 else 0.0
        self.add(MILL_SOUND_DELAY * scale, "mill")
        self.add((MILL_SOUND_DELAY + CAPTURE_AFTER_MILL) * scale, "capture")
