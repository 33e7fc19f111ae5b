"""The Morris board: 24 points, seed coordinates, algebraic names, lines and adjacency.

Points are indexed 0..23 in the order RULES.md lists them (top row first, left to
right). Sets of points are 24-bit ints (bit i = point i), so mills and adjacency
are mask operations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine.core import InvalidMoveError, bit_indices

# Indices of the set bits of each byte value, shifted to each of a mask's three bytes.
_BYTE_POINTS: tuple[tuple[list[int], ...], ...] = tuple(
    tuple([shift + i for i in bit_indices(value)] for value in range(256)) for shift in (0, 8, 16)
)
_LOW, _MIDDLE, _HIGH = _BYTE_POINTS


def points_of(mask: int) -> list[int]:
    """Indices of the set bits of a 24-point mask, lowest first (three table look-ups:
    the search asks this for every node)."""
    return _LOW[mask & 0xFF] + _MIDDLE[mask >> 8 & 0xFF] + _HIGH[mask >> 16 & 0xFF]


# Seed coordinates (X, Y): X = 1..7 left to right, Y = 1..7 top to bottom.
POINTS: tuple[tuple[int, int], ...] = (
    (1, 1), (4, 1), (7, 1), (2, 2), (4, 2), (6, 2), (3, 3), (4, 3), (5, 3),
    (1, 4), (2, 4), (3, 4), (5, 4), (6, 4), (7, 4), (3, 5), (4, 5), (5, 5),
    (2, 6), (4, 6), (6, 6), (1, 7), (4, 7), (7, 7),
)  # fmt: skip
POINT_COUNT = len(POINTS)
ALL_POINTS = (1 << POINT_COUNT) - 1
INDEX_OF_XY = {xy: i for i, xy in enumerate(POINTS)}

FILES = "abcdefg"
# Algebraic name: file a..g is X, rank is 8 - Y, so (1, 1) = a7 and (7, 7) = g1.
NAMES: tuple[str, ...] = tuple(f"{FILES[x - 1]}{8 - y}" for x, y in POINTS)
INDEX_OF_NAME = {name: i for i, name in enumerate(NAMES)}

# The four corner diagonals of the traditional twelve men's morris board.
DIAGONALS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((1, 1), (2, 2), (3, 3)),
    ((7, 1), (6, 2), (5, 3)),
    ((1, 7), (2, 6), (3, 5)),
    ((7, 7), (6, 6), (5, 5)),
)


def _straight_lines() -> list[tuple[int, int, int]]:
    """The 8 horizontal and 8 vertical lines of three points, as point indices."""
    lines: list[tuple[int, int, int]] = []
    for axis in (0, 1):  # 0: rows (same Y), 1: columns (same X)
        fixed, moving = (1, 0) if axis == 0 else (0, 1)
        for value in range(1, 8):
            row = sorted((p for p in POINTS if p[fixed] == value), key=lambda p: p[moving])
            # The middle row and column hold six points: two separate lines.
            for start in range(0, len(row), 3):
                a, b, c = row[start : start + 3]
                lines.append((INDEX_OF_XY[a], INDEX_OF_XY[b], INDEX_OF_XY[c]))
    return lines


def _mask(points: tuple[int, ...] | list[int]) -> int:
    result = 0
    for p in points:
        result |= 1 << p
    return result


@dataclass(frozen=True)
class Topology:
    """Lines and adjacency of one board variant (with or without diagonals)."""

    lines: tuple[tuple[int, int, int], ...]
    mill_masks: tuple[int, ...]
    mills_at: tuple[tuple[int, ...], ...]  # mill masks through each point
    adjacent: tuple[int, ...]  # mask of neighbours of each point
    # The neighbours of a set of points, by byte of its mask (three 256-entry tables).
    _reach: tuple[tuple[int, ...], ...]
    # For each point, the other two points of each mill through it: a piece arriving
    # there closes the mill when the mover already holds the pair.
    pairs_at: tuple[tuple[int, ...], ...]

    def reach(self, mask: int) -> int:
        """Every point next to some point of `mask` (three look-ups, no loop)."""
        low, middle, high = self._reach
        return low[mask & 0xFF] | middle[mask >> 8 & 0xFF] | high[mask >> 16 & 0xFF]


@cache
def topology(diagonals: bool) -> Topology:
    lines = _straight_lines()
    if diagonals:
        lines += [tuple(INDEX_OF_XY[p] for p in d) for d in DIAGONALS]  # type: ignore[misc]
    masks = tuple(_mask(line) for line in lines)
    mills_at = tuple(tuple(m for m in masks if m >> p & 1) for p in range(POINT_COUNT))
    adjacent = [0] * POINT_COUNT
    for a, b, c in lines:
        for p, q in ((a, b), (b, c)):
            adjacent[p] |= 1 << q
            adjacent[q] |= 1 << p
    reach = tuple(
        tuple(_union(adjacent[shift + i] for i in bit_indices(value)) for value in range(256))
        for shift in (0, 8, 16)
    )
    pairs_at = tuple(tuple(m & ~(1 << p) for m in mills_at[p]) for p in range(POINT_COUNT))
    return Topology(tuple(lines), masks, mills_at, tuple(adjacent), reach, pairs_at)


def _union(masks: Iterable[int]) -> int:
    result = 0
    for mask in masks:
        result |= mask
    return result


def name_to_index(text: str) -> int:
    """'d7' or seed coordinates '4,1' / '(4,1)' / '4 1' to a point index."""
    text = text.strip().lower()
    if text in INDEX_OF_NAME:
        return INDEX_OF_NAME[text]
    match = re.fullmatch(r"\(\s*([0-9])\s*[, ]\s*([0-9])\s*\)|([0-9])\s*[, ]\s*([0-9])", text, re.ASCII)
    if match:
        x, y = (g for g in match.groups() if g is not None)
        xy = (int(x), int(y))
        if xy in INDEX_OF_XY:
            return INDEX_OF_XY[xy]
        raise InvalidMoveError(f"({xy[0]},{xy[1]}) is not a point of the board")
    raise InvalidMoveError(f"{text!r} is not a point (use a7..g1 or X,Y)")
