"""The dames board: 50 dark squares numbered 1..50 (indexed 0..49), directions and neighbours."""

from __future__ import annotations

from engine.core import FIRST, FIRST_KING, FIRST_MAN, SECOND, SECOND_KING, SECOND_MAN

SIZE = 10
SQUARES = 50
# Square index -> (row, column); row 0 on top, a square is dark when row + column is odd.
COORDS: tuple[tuple[int, int], ...] = tuple(
    (row, column) for row in range(SIZE) for column in range(SIZE) if (row + column) % 2 == 1
)
INDEX_OF = {rc: i for i, rc in enumerate(COORDS)}
DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))  # NW, NE, SW, SE
FORWARD = {FIRST: (0, 1), SECOND: (2, 3)}  # White moves up the board, Black down
ALL_DIRECTIONS = (0, 1, 2, 3)
CROWN_ROW = {FIRST: 0, SECOND: SIZE - 1}
MEN, KINGS = {FIRST: FIRST_MAN, SECOND: SECOND_MAN}, {FIRST: FIRST_KING, SECOND: SECOND_KING}


def _neighbour_table(distance: int) -> tuple[tuple[int, ...], ...]:
    """For each square and direction: the square `distance` away, or -1 off the board."""
    table = []
    for row, column in COORDS:
        targets = ((row + dr * distance, column + dc * distance) for dr, dc in DIRECTIONS)
        table.append(tuple(INDEX_OF.get(rc, -1) for rc in targets))
    return tuple(table)


STEP = _neighbour_table(1)
JUMP = _neighbour_table(2)
