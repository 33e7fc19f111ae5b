"""Board geometry shared by every front end (pygame look and Tk view).

Everything is in board units from 0 to 1, origin top-left, so each front end only
scales to its own pixel square. Cell indices are the engine's (`move.steps`,
`state.board()`), so a click maps to a cell and a cell to a place on screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.games.morris.board import NAMES as MORRIS_NAMES
from engine.games.morris.board import POINTS as MORRIS_POINTS
from engine.games.morris.board import topology as morris_topology

MORRIS_MARGIN = 0.08  # room around the outer square for the rank and file labels


@dataclass(frozen=True)
class BoardGeometry:
    """Where cells are and what to draw between them."""

    centres: tuple[tuple[float, float], ...]  # cell centres, in board units
    lines: tuple[tuple[int, int], ...]  # cells joined by a drawn line (Morris)
    grid: tuple[int, int] | None  # (columns, rows) for square-grid boards
    cell_names: tuple[str, ...]  # notation of each cell, for labels and messages
    piece_radius: float  # radius of a piece, in board units
    pick_radius: float  # a click closer than this to a centre selects the cell
    labels: tuple[tuple[str, float, float], ...] = ()  # rank and file labels

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under a point in board units, or None."""
        best, best_d2 = None, self.pick_radius**2
        for index, (cx, cy) in enumerate(self.centres):
            d2 = (cx - x) ** 2 + (cy - y) ** 2
            if d2 <= best_d2:
                best, best_d2 = index, d2
        return best


def _morris(options: Mapping[str, Any]) -> BoardGeometry:
    span = 1 - 2 * MORRIS_MARGIN

    def place(x: float, y: float) -> tuple[float, float]:
        return (MORRIS_MARGIN + span * (x - 1) / 6, MORRIS_MARGIN + span * (y - 1) / 6)

    topo = morris_topology(bool(options.get("diagonals", False)))
    lines = tuple(pair for a, b, c in topo.lines for pair in ((a, b), (b, c)))
    # Labels sit in the margin, inside the 0..1 square every front end draws.
    files = tuple((f, place(i + 1, 1)[0], 1 - MORRIS_MARGIN / 2) for i, f in enumerate("abcdefg"))
    ranks = tuple((str(8 - y), MORRIS_MARGIN / 2, place(1, y)[1]) for y in range(1, 8))
    return BoardGeometry(
        centres=tuple(place(x, y) for x, y in MORRIS_POINTS),
        lines=lines,
        grid=None,
        cell_names=MORRIS_NAMES,
        piece_radius=span / 6 * 0.36,
        pick_radius=span / 6 * 0.48,
        labels=files + ranks,
    )


GRID_MARGIN = 0.06  # room for the rank and file labels around a square grid


def square_grid(
    columns: int, rows: int, names: tuple[str, ...], file_labels: str, rank_labels: tuple[str, ...]
) -> BoardGeometry:
    """Cells of a grid board, row by row from the top; labels below and on the left."""
    span = 1 - 2 * GRID_MARGIN
    step = span / max(columns, rows)

    def centre(column: float, row: float) -> tuple[float, float]:
        return (GRID_MARGIN + step * (column + 0.5), GRID_MARGIN + step * (row + 0.5))

    files = tuple((f, centre(c, 0)[0], 1 - GRID_MARGIN / 2) for c, f in enumerate(file_labels))
    ranks = tuple((r, GRID_MARGIN / 2, centre(0, i)[1]) for i, r in enumerate(rank_labels))
    return BoardGeometry(
        centres=tuple(centre(i % columns, i // columns) for i in range(columns * rows)),
        lines=(),
        grid=(columns, rows),
        cell_names=names,
        piece_radius=step * 0.38,
        pick_radius=step * 0.5,
        labels=files + ranks,
    )


def _teeko(options: Mapping[str, Any]) -> BoardGeometry:
    from engine.games.teeko.rules import NAMES, SIZE

    return square_grid(SIZE, SIZE, NAMES, "abcde", tuple(str(SIZE - r) for r in range(SIZE)))


def _othello(options: Mapping[str, Any]) -> BoardGeometry:
    from engine.games.othello.rules import NAMES, SIZE

    return square_grid(SIZE, SIZE, NAMES, "abcdefgh", tuple(str(r + 1) for r in range(SIZE)))


def _dames(options: Mapping[str, Any]) -> BoardGeometry:
    """The 50 dark squares of a 10×10 board, numbered 1..50 from the top left.

    The grid is the whole board (so a look can draw its light squares); the cells
    are the dark squares only, in the engine's order."""
    from engine.games.dames.rules import COORDS, SIZE, SQUARES

    full = square_grid(SIZE, SIZE, tuple(str(i) for i in range(SIZE * SIZE)), "", ())
    return BoardGeometry(
        centres=tuple(full.centres[row * SIZE + column] for row, column in COORDS),
        lines=(),
        grid=(SIZE, SIZE),
        cell_names=tuple(str(n) for n in range(1, SQUARES + 1)),
        piece_radius=full.piece_radius,
        pick_radius=full.pick_radius,
    )


_BUILDERS = {
    "nine": _morris,
    "twelve": _morris,
    "teeko": _teeko,
    "othello": _othello,
    "dames": _dames,
}


def geometry_for(game_id: str, options: Mapping[str, Any] | None = None) -> BoardGeometry:
    """The geometry of a game's board with the given rule options."""
    return _BUILDERS[game_id](options or {})
