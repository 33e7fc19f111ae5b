"""A plain-text picture of the Morris board for the console and `show`."""

from __future__ import annotations

from engine.core import FIRST_MAN, SECOND_MAN
from engine.games.morris.board import POINTS

# Rows of the drawing: 7 point rows (Y = 1..7) with connector rows between them.
_TEMPLATE = (
    "O-----------O-----------O",
    "|           |           |",
    "|   O-------O-------O   |",
    "|   |       |       |   |",
    "|   |   O---O---O   |   |",
    "|   |   |       |   |   |",
    "O---O---O       O---O---O",
    "|   |   |       |   |   |",
    "|   |   O---O---O   |   |",
    "|   |       |       |   |",
    "|   O-------O-------O   |",
    "|           |           |",
    "O-----------O-----------O",
)
# Where the diagonal strokes go (row, column, character) when the option is on.
_DIAGONAL_STROKES = (
    (1, 2, "\\"), (3, 6, "\\"), (1, 22, "/"), (3, 18, "/"),
    (11, 2, "/"), (9, 6, "/"), (11, 22, "\\"), (9, 18, "\\"),
)  # fmt: skip
_SYMBOL = {FIRST_MAN: "W", SECOND_MAN: "B"}


def render_board(cells: tuple[int, ...], diagonals: bool = False) -> str:
    """White 'W', Black 'B', empty points '+', ranks on the left, files below."""
    rows = [list(line) for line in _TEMPLATE]
    for (x, y), cell in zip(POINTS, cells, strict=True):
        rows[2 * (y - 1)][4 * (x - 1)] = _SYMBOL.get(cell, "+")
    if diagonals:
        for line, column, char in _DIAGONAL_STROKES:
            rows[line][column] = char
    lines = []
    for index, chars in enumerate(rows):
        label = str(7 - index // 2) if index % 2 == 0 else " "
        lines.append(f"{label}  {''.join(chars)}")
    lines.append("   " + "   ".join("abcdefg"))
    return "\n".join(lines)
