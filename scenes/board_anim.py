"""The arcade's timing of a capture chain shown jump by jump (game.controller shows the
board after each jump; this makes the jumped piece leave as the mover passes over it)."""

from __future__ import annotations

from typing import NamedTuple

from game.arcade.animation import Animator, Removal, Travel


class ShownSteps(NamedTuple):
    """The part of a move still to animate, from where the piece is shown standing."""

    steps: tuple[int, ...]


def remove_when_jumped(animator: Animator) -> float:
    """Time a one-jump step's removal for the moment the piece passes over its victim
    (the jumped piece leaves at once, not after the landing); returns that moment."""
    travel = next((item for item in animator.items if isinstance(item, Travel)), None)
    moment = 0.0 if travel is None else travel.delay + travel.duration / 2
    for item in animator.items:
        if isinstance(item, Removal):
            item.delay = moment
    return moment
