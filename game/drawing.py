"""Each board look described once, in board units, for every front end.

`board_shapes(look, geometry)` lists what the static board is made of (the material,
grooves, points, wells, felt, squares and round cells, labels, square numbers) as
Shapes in board units (0..1 of the board's square, the geometry's own units). The
pygame renderer (game/arcade/board_paint.py) and the Tk renderer (game/tk/paint.py)
draw the same list, each with its own means: textures and bevels there, flat colours
here. `crown` is a king's crown, the same for both. No pygame, no tkinter.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from game.geometry import BoardGeometry
from game.looks import FELT_GRID, GRID_POINTS, POINTS, ROUND_CELLS, Look, grid_step

__all__ = ["FELT_GRID", "GRID_POINTS", "POINTS", "ROUND_CELLS", "Look", "Shape", "board_shapes", "crown"]

Point = tuple[float, float]

# Kinds of shape.
FILL = "fill"  # the whole board surface, frame band included, in a material
AREA = "area"  # a rectangle (x1, y1, x2, y2) of a material
OUTLINE = "outline"  # a rectangle's edge (x1, y1, x2, y2), `size` wide
BORDER = "border"  # the edge of the whole surface, `size` wide
LINE = "line"  # (x1, y1, x2, y2), `size` wide
DISC = "disc"  # (x, y), radius `size`
LABEL = "label"  # text centred on (x, y), `size` high; `margin`: a rank/file label
NUMBER = "number"  # text whose top left is (x, y), `size` high

# Paints: what a shape is made of; each renderer maps them to its textures or colours.
WOOD, FELT_FRAME, FELT = "wood", "felt_frame", "felt"
MAPLE, WALNUT, WALNUT_FRAME = "maple", "walnut", "walnut_frame"
GROOVE = "groove"  # a line cut in wood: dark inlay with a light bevel
INLAY_POINT = "inlay_point"  # a Morris point: an inlaid dot with a bevel
WELL = "well"  # a Teeko point: a round well in the wood, ringed
INLAY = "inlay"  # dark text or edges on wood
FELT_LINE, FELT_LABEL = "felt_line", "felt_label"
WALNUT_CELL, MAPLE_CELL = "walnut_cell", "maple_cell"  # round cells set into maple
CHEQUER_EDGE = "chequer_edge"
MAPLE_INK, WALNUT_INK = "maple_ink", "walnut_ink"


@dataclass(frozen=True)
class Shape:
    kind: str
    at: tuple[float, ...]  # board units
    size: float  # width, radius or text height, in board units
    paint: str
    text: str = ""
    margin: bool = False


def board_shapes(look: Look, geometry: BoardGeometry) -> list[Shape]:
    """The static board of `look` over `geometry` (already oriented), bottom layer first."""
    step = grid_step(geometry.centres)
    if look.cells == POINTS:
        return _morris(geometry)
    if look.cells == GRID_POINTS:
        return _teeko(geometry, step)
    if look.cells == FELT_GRID:
        return _felt(geometry, step)
    return _chequer(look, geometry, step)


def play_area(geometry: BoardGeometry, step: float) -> tuple[float, float, float, float]:
    """The square holding every cell, half a step beyond the outermost centres."""
    xs = [x for x, _ in geometry.centres]
    ys = [y for _, y in geometry.centres]
    return min(xs) - step / 2, min(ys) - step / 2, max(xs) + step / 2, max(ys) + step / 2


def _labels(geometry: BoardGeometry, paint: str, margin: bool = False) -> list[Shape]:
    return [Shape(LABEL, (x, y), 0.03, paint, text, margin) for text, x, y in geometry.labels]


def _morris(geometry: BoardGeometry) -> list[Shape]:
    shapes = [Shape(FILL, (), 0, WOOD)]
    centres = geometry.centres
    shapes += [Shape(LINE, (*centres[a], *centres[b]), 0.009, GROOVE) for a, b in geometry.lines]
    shapes += [Shape(DISC, centre, 0.014, INLAY_POINT) for centre in centres]
    shapes += _labels(geometry, INLAY, margin=True)
    return [*shapes, Shape(BORDER, (), 0.007, INLAY)]


def _teeko(geometry: BoardGeometry, step: float) -> list[Shape]:
    shapes = [Shape(FILL, (), 0, WOOD)]
    for (ax, ay), (bx, by) in itertools.combinations(geometry.centres, 2):
        dx, dy = round(abs(ax - bx) / step), round(abs(ay - by) / step)
        if max(dx, dy) == 1:
            width = 0.008 if dx == 0 or dy == 0 else 0.0065  # diagonals a little finer
            shapes.append(Shape(LINE, (ax, ay, bx, by), width, GROOVE))
    shapes += [Shape(DISC, centre, step * 0.36, WELL) for centre in geometry.centres]
    shapes += _labels(geometry, INLAY)
    return [*shapes, Shape(BORDER, (), 0.007, INLAY)]


def _felt(geometry: BoardGeometry, step: float) -> list[Shape]:
    x1, y1, x2, y2 = play_area(geometry, step)
    shapes = [Shape(FILL, (), 0, FELT_FRAME), Shape(AREA, (x1, y1, x2, y2), 0, FELT)]
    columns, rows = geometry.grid or (8, 8)
    for k in range(columns + 1):
        x = x1 + (x2 - x1) * k / columns
        shapes.append(Shape(LINE, (x, y1, x, y2), 0.003, FELT_LINE))
    for k in range(rows + 1):
        y = y1 + (y2 - y1) * k / rows
        shapes.append(Shape(LINE, (x1, y, x2, y), 0.003, FELT_LINE))
    if columns >= 6 and rows >= 6:  # the star points, two cells in from each corner
        for kx, ky in itertools.product((2, columns - 2), (2, rows - 2)):
            centre = (x1 + (x2 - x1) * kx / columns, y1 + (y2 - y1) * ky / rows)
            shapes.append(Shape(DISC, centre, step * 0.07, FELT_LINE))
    shapes.append(Shape(OUTLINE, (x1, y1, x2, y2), 0.005, FELT_LINE))
    return shapes + _labels(geometry, FELT_LABEL)


def _chequer(look: Look, geometry: BoardGeometry, step: float) -> list[Shape]:
    x1, y1, x2, y2 = play_area(geometry, step)
    columns, rows = geometry.grid or (10, 10)
    s = (x2 - x1) / columns
    dark = {(round((x - x1) / s - 0.5), round((y - y1) / s - 0.5)) for x, y in geometry.centres}
    round_cells = look.cells == ROUND_CELLS
    shapes = [Shape(FILL, (), 0, WALNUT_FRAME)]
    if round_cells:
        shapes.append(Shape(AREA, (x1, y1, x2, y2), 0, MAPLE))
    for column, row in itertools.product(range(columns), range(rows)):
        left, top = x1 + column * s, y1 + row * s
        is_dark = (column, row) in dark
        if round_cells:
            paint = WALNUT_CELL if is_dark else MAPLE_CELL
            shapes.append(Shape(DISC, (left + s / 2, top + s / 2), s * 0.43, paint))
        else:
            shapes.append(Shape(AREA, (left, top, left + s, top + s), 0, WALNUT if is_dark else MAPLE))
    shapes.append(Shape(OUTLINE, (x1, y1, x2, y2), 0.005, CHEQUER_EDGE))
    if look.numbers:  # each cell's number, small in the top left corner of its square
        ink = MAPLE_INK if round_cells else WALNUT_INK
        pad = s * 0.04
        for name, (x, y) in zip(geometry.cell_names, geometry.centres, strict=True):
            shapes.append(Shape(NUMBER, (x - s / 2 + pad, y - s / 2 + pad), s * 0.19, ink, name))
    return shapes


def crown(x: float, y: float, radius: float, diamond: bool) -> tuple[list[Point], float]:
    """A king's crown on a piece of `radius` at (x, y): the crown's outline (its three
    tips are points 1, 3 and 5) and the radius of the gold ring (or lozenge) round it."""
    w = radius * (0.4 if diamond else 0.5)
    outline = [
        (x - w, y + w * 0.5),
        (x - w, y - w * 0.4),
        (x - w * 0.5, y + w * 0.05),
        (x, y - w * 0.6),
        (x + w * 0.5, y + w * 0.05),
        (x + w, y - w * 0.4),
        (x + w, y + w * 0.5),
    ]
    return outline, radius * 0.8
