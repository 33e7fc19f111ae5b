"""The ring layout of the Morris board, private to the evaluation (bit-parallel evaluation).

The board numbers its points row by row (board.py), which the rules, notation, book
and database keep. The evaluation renumbers a side's points so that the board's
geometry becomes shifts, as strong mill engines do: bit ring*8 + pos, ring 0 the outer
square, 1 the middle one, 2 the inner one, pos 0..7 clockwise from the top-left corner
(corners at even pos, side midpoints at odd pos). Then

- the ring neighbours of a set of points are its rotations by one within each byte
  (`clockwise`, `counterclockwise`);
- the neighbours across the rings are the same pos one byte up or down: midpoints
  always, corners too with the diagonals (`VERTICAL`);
- a side mill is pos-1, pos, pos+1 around an odd pos, a cross mill (or a diagonal)
  the same pos in the three rings.

Counting a term for every piece or mill at once is then a few shifts, ands and
bit_count() calls, whatever the number of pieces. The evaluation inlines the
rotations below in its hot path; these functions name them and serve the tests.
"""

from __future__ import annotations

from engine.core import bit_indices
from engine.games.morris.board import POINTS

ALL = 0xFFFFFF
CORNERS = 0x555555  # even pos of each ring
MIDPOINTS = 0xAAAAAA  # odd pos of each ring
# By `diagonals`: the points joined to the same pos of the neighbouring rings, which
# also make a mill with them: the midpoints, and the corners too with the diagonals.
VERTICAL = (MIDPOINTS, ALL)

# (X, Y) direction from the centre (4, 4) of each pos, clockwise from the top-left.
_CLOCKWISE = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def _ring_bit(x: int, y: int) -> int:
    distance = max(abs(x - 4), abs(y - 4))  # 3 outer, 2 middle, 1 inner
    direction = ((x - 4) // distance, (y - 4) // distance)
    return (3 - distance) * 8 + _CLOCKWISE.index(direction)


RING_BIT: tuple[int, ...] = tuple(_ring_bit(x, y) for x, y in POINTS)  # by board point index

# Board mask to ring layout, one table per byte of the board mask (three look-ups).
RINGS_LOW, RINGS_MIDDLE, RINGS_HIGH = (
    tuple(sum(1 << RING_BIT[shift + i] for i in bit_indices(value)) for value in range(256))
    for shift in (0, 8, 16)
)


def to_rings(mask: int) -> int:
    """A board point mask in the ring layout."""
    return RINGS_LOW[mask & 0xFF] | RINGS_MIDDLE[mask >> 8 & 0xFF] | RINGS_HIGH[mask >> 16]


def clockwise(mask: int) -> int:
    """Every point of `mask` moved one step clockwise on its ring (bit p set when p-1 is
    in `mask`): the clockwise neighbours of the set."""
    return (mask << 1 & 0xFEFEFE) | (mask >> 7 & 0x010101)


def counterclockwise(mask: int) -> int:
    """Every point of `mask` moved one step counterclockwise (bit p set when p+1 is in
    `mask`)."""
    return (mask >> 1 & 0x7F7F7F) | (mask << 7 & 0x808080)


def across(mask: int, diagonals: bool) -> int:
    """The points joined across the rings to some point of `mask`."""
    return (mask << 8 | mask >> 8) & VERTICAL[diagonals]
