"""Keyboard cursor movement over any board's cells (pure geometry)."""

from __future__ import annotations

from collections.abc import Sequence


def nearest_in_direction(
    centres: Sequence[tuple[float, float]], start: int | None, direction: tuple[int, int]
) -> int:
    """The closest cell lying roughly in `direction` from `start` (else `start` itself).

    Cells within 60° of the direction count; the distance along the direction
    matters more than the sideways drift, so the cursor follows rows and columns.
    """
    if start is None:
        return 0
    sx, sy = centres[start]
    dx, dy = direction
    best, best_score = start, float("inf")
    for index, (x, y) in enumerate(centres):
        vx, vy = x - sx, y - sy
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if along <= 1e-6 or across > along * 1.8:
            continue
        score = along + 2.5 * across
        if score < best_score:
            best, best_score = index, score
    return best
