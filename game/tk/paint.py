"""The Tk view's board looks: Teeko's points, Othello's felt, the dames chequers, and
the pieces of every look (round men, flat discs, diamonds; kings crowned).

Everything is drawn with canvas items from the look (game.looks) and the geometry
already oriented, through the canvas's `to_pixels`; no pygame here.
"""

from __future__ import annotations

import itertools
import tkinter as tk
from typing import Protocol

from engine.core import FIRST_KING, SECOND_KING, owner_of
from game.geometry import BoardGeometry
from game.looks import DIAMOND, DISC, FELT_GRID, GRID_POINTS, ROUND_CELLS, Look

WOOD = "#C8955A"
WOOD_EDGE = "#7A4E27"
LINE = "#3B2614"
WELL = "#B98549"
FELT, FELT_FRAME, FELT_LINE, FELT_LABEL = "#2A8A55", "#16281E", "#0E2C1C", "#CCDED0"
MAPLE, MAPLE_RING, WALNUT, WALNUT_FRAME = "#E4C898", "#B08858", "#7E4E2C", "#3C2414"
MAPLE_INK, WALNUT_INK = "#68422A", "#F0D8B0"
IVORY, IVORY_RIM, IVORY_SHINE = "#F3EAD6", "#B79F7C", "#FFFBF1"
EBONY, EBONY_RIM, EBONY_SHINE = "#2A2420", "#0D0B0A", "#4D433C"
DISC_BLACK, DISC_BLACK_RIM, DISC_WHITE, DISC_WHITE_RIM = "#1E1E20", "#000000", "#F0F0EA", "#A8A8A0"
GOLD, GOLD_EDGE = "#ECB448", "#5C3A10"
SHADOW = "#6E4623"


class Canvas(Protocol):
    """What the painters need of the board canvas."""

    def to_pixels(self, x: float, y: float) -> tuple[float, float]: ...


def is_dark(look: Look, code: int) -> bool:
    return (owner_of(code) == 0) == look.dark_first


# ----- boards ---------------------------------------------------------------------


def paint_board(canvas: tk.Canvas, board: Canvas, geometry: BoardGeometry, look: Look, step: float) -> None:
    """The static layer of a grid board (wood, lines or squares, labels)."""
    side = board.to_pixels(1, 0)[0] - board.to_pixels(0, 0)[0]
    if look.cells == GRID_POINTS:
        _teeko(canvas, board, geometry, step, side)
    elif look.cells == FELT_GRID:
        _felt(canvas, board, geometry, step, side)
    else:
        _chequer(canvas, board, geometry, look, step, side)


def _play_area(board: Canvas, geometry: BoardGeometry, step: float) -> tuple[float, float, float, float]:
    xs = [x for x, _ in geometry.centres]
    ys = [y for _, y in geometry.centres]
    x1, y1 = board.to_pixels(min(xs) - step / 2, min(ys) - step / 2)
    x2, y2 = board.to_pixels(max(xs) + step / 2, max(ys) + step / 2)
    return x1, y1, x2, y2


def _labels(canvas: tk.Canvas, board: Canvas, geometry: BoardGeometry, side: float, colour: str) -> None:
    font = ("DejaVu Sans", max(int(side / 40), 8), "bold")
    for text, lx, ly in geometry.labels:
        canvas.create_text(*board.to_pixels(lx, ly), text=text, fill=colour, font=font)


def _teeko(canvas: tk.Canvas, board: Canvas, geometry: BoardGeometry, step: float, side: float) -> None:
    width = max(side / 130, 2)
    centres = geometry.centres
    for (ax, ay), (bx, by) in itertools.combinations(centres, 2):
        dx, dy = round(abs(ax - bx) / step), round(abs(ay - by) / step)
        if max(dx, dy) == 1:
            w = width if dx == 0 or dy == 0 else max(width * 0.7, 1.5)
            canvas.create_line(*board.to_pixels(ax, ay), *board.to_pixels(bx, by), fill=LINE, width=w)
    cup = step * 0.36
    for cx, cy in centres:
        x1, y1 = board.to_pixels(cx - cup, cy - cup)
        x2, y2 = board.to_pixels(cx + cup, cy + cup)
        canvas.create_oval(x1, y1, x2, y2, fill=WELL, outline=LINE, width=width * 0.8)
    _labels(canvas, board, geometry, side, LINE)


def _felt(canvas: tk.Canvas, board: Canvas, geometry: BoardGeometry, step: float, side: float) -> None:
    x0, y0 = board.to_pixels(0, 0)
    x3, y3 = board.to_pixels(1, 1)
    canvas.create_rectangle(x0, y0, x3, y3, fill=FELT_FRAME, outline="")
    x1, y1, x2, y2 = _play_area(board, geometry, step)
    canvas.create_rectangle(x1, y1, x2, y2, fill=FELT, outline=FELT_LINE, width=3)
    columns, rows = geometry.grid or (8, 8)
    for k in range(1, columns):
        x = x1 + (x2 - x1) * k / columns
        canvas.create_line(x, y1, x, y2, fill=FELT_LINE, width=1)
    for k in range(1, rows):
        y = y1 + (y2 - y1) * k / rows
        canvas.create_line(x1, y, x2, y, fill=FELT_LINE, width=1)
    if columns >= 6 and rows >= 6:
        dot = max(side * step * 0.07, 2.5)
        for kx, ky in itertools.product((2, columns - 2), (2, rows - 2)):
            x, y = x1 + (x2 - x1) * kx / columns, y1 + (y2 - y1) * ky / rows
            canvas.create_oval(*circle_box(x, y, dot), fill=FELT_LINE, outline="")
    _labels(canvas, board, geometry, side, FELT_LABEL)


def _chequer(
    canvas: tk.Canvas, board: Canvas, geometry: BoardGeometry, look: Look, step: float, side: float
) -> None:
    x0, y0 = board.to_pixels(0, 0)
    x3, y3 = board.to_pixels(1, 1)
    canvas.create_rectangle(x0, y0, x3, y3, fill=WALNUT_FRAME, outline="")
    x1, y1, x2, y2 = _play_area(board, geometry, step)
    canvas.create_rectangle(x1 - 2, y1 - 2, x2 + 2, y2 + 2, fill=MAPLE, outline="#22140A", width=2)
    columns, rows = geometry.grid or (10, 10)
    s = (x2 - x1) / columns
    dark = {
        (round((x - x1) / s - 0.5), round((y - y1) / s - 0.5)) for x, y in _pixel_centres(board, geometry)
    }
    round_cells = look.cells == ROUND_CELLS
    for column, row in itertools.product(range(columns), range(rows)):
        left, top = x1 + column * s, y1 + row * s
        is_dark = (column, row) in dark
        if round_cells:
            inset = s * 0.07
            canvas.create_oval(
                left + inset,
                top + inset,
                left + s - inset,
                top + s - inset,
                fill=WALNUT if is_dark else MAPLE,
                outline="#34200E" if is_dark else MAPLE_RING,
                width=2,
            )
        elif is_dark:
            canvas.create_rectangle(left, top, left + s, top + s, fill=WALNUT, outline="")
    if look.numbers:
        font = ("DejaVu Sans", max(int(s * 0.16), 7), "bold")
        ink = MAPLE_INK if round_cells else WALNUT_INK
        for name, (px, py) in zip(geometry.cell_names, _pixel_centres(board, geometry), strict=True):
            canvas.create_text(px - s / 2 + 2, py - s / 2 + 1, text=name, fill=ink, font=font, anchor=tk.NW)


def _pixel_centres(board: Canvas, geometry: BoardGeometry) -> list[tuple[float, float]]:
    return [board.to_pixels(x, y) for x, y in geometry.centres]


# ----- pieces ---------------------------------------------------------------------


def paint_piece(
    canvas: tk.Canvas, x: float, y: float, code: int, radius: float, look: Look, tags: tuple[str, ...]
) -> None:
    """A piece of the look at a pixel: shadow, body, rim, and a crown for a king."""
    dark = is_dark(look, code)
    off = radius * 0.12
    if look.pieces == DIAMOND:
        _diamond(canvas, x, y, radius, dark, off, tags)
    elif look.pieces == DISC:
        _oval(canvas, x + off, y + off * 1.5, radius, SHADOW, "", 0, ("dynamic",))
        body, rim = (DISC_BLACK, DISC_BLACK_RIM) if dark else (DISC_WHITE, DISC_WHITE_RIM)
        _oval(canvas, x, y, radius, body, rim, max(radius / 12, 1.5), tags)
        shine = "#5A5A5E" if dark else "#FFFFFF"
        canvas.create_arc(
            *circle_box(x, y, radius * 0.7),
            start=100,
            extent=60,
            style=tk.ARC,
            outline=shine,
            width=max(radius / 10, 1),
            tags="dynamic",
        )
    else:
        _round(canvas, x, y, radius, dark, off, tags)
    if code in (FIRST_KING, SECOND_KING):
        _crown(canvas, x, y, radius, look.pieces == DIAMOND)


def circle_box(x: float, y: float, r: float) -> tuple[float, float, float, float]:
    """The bounding box Tk's create_oval wants for a circle of radius r around (x, y)."""
    return x - r, y - r, x + r, y + r


def _oval(
    canvas: tk.Canvas,
    x: float,
    y: float,
    r: float,
    fill: str,
    outline: str,
    width: float,
    tags: tuple[str, ...],
) -> None:
    canvas.create_oval(*circle_box(x, y, r), fill=fill, outline=outline, width=width, tags=tags)


def _round(
    canvas: tk.Canvas, x: float, y: float, radius: float, dark: bool, off: float, tags: tuple[str, ...]
) -> None:
    body, rim, shine = (EBONY, EBONY_RIM, EBONY_SHINE) if dark else (IVORY, IVORY_RIM, IVORY_SHINE)
    _oval(canvas, x + off, y + off * 1.5, radius, SHADOW, "", 0, ("dynamic",))
    _oval(canvas, x, y, radius, body, rim, max(radius / 10, 1.5), tags)
    inner = radius * 0.68
    canvas.create_oval(*circle_box(x, y, inner), outline=rim, width=max(radius / 16, 1), tags="dynamic")
    canvas.create_arc(
        *circle_box(x, y, inner * 0.8),
        start=100,
        extent=70,
        style=tk.ARC,
        outline=shine,
        width=max(radius / 12, 1),
        tags="dynamic",
    )


def _diamond(
    canvas: tk.Canvas, x: float, y: float, r: float, dark: bool, off: float, tags: tuple[str, ...]
) -> None:
    body, rim = (EBONY, EBONY_RIM) if dark else (IVORY, IVORY_RIM)
    light, shade = ("#5A4E46", "#17120F") if dark else ("#FFFBF1", "#C9B796")
    canvas.create_polygon(
        x + off, y - r + off * 1.5, x + r + off, y + off * 1.5, x + off, y + r + off * 1.5, x - r + off,
        y + off * 1.5, fill=SHADOW, outline="", tags="dynamic",
    )  # fmt: skip
    canvas.create_polygon(x, y - r, x + r, y, x, y + r, x - r, y, fill=body, outline=rim, width=2, tags=tags)
    t = r * 0.45  # the flat table in the middle; facets lit from the top left
    canvas.create_polygon(x - r, y, x, y - r, x, y - t, x - t, y, fill=light, outline="", tags="dynamic")
    canvas.create_polygon(x + r, y, x, y + r, x, y + t, x + t, y, fill=shade, outline="", tags="dynamic")
    canvas.create_polygon(x, y - t, x + t, y, x, y + t, x - t, y, fill=body, outline=rim, tags="dynamic")


def _crown(canvas: tk.Canvas, x: float, y: float, radius: float, diamond: bool) -> None:
    """A gold crown with a dark edge and a gold ring (or lozenge) round it."""
    w = radius * (0.42 if diamond else 0.5)
    points = [
        (x - w, y + w * 0.5),
        (x - w, y - w * 0.4),
        (x - w * 0.5, y + w * 0.05),
        (x, y - w * 0.6),
        (x + w * 0.5, y + w * 0.05),
        (x + w, y - w * 0.4),
        (x + w, y + w * 0.5),
    ]
    flat = [c for point in points for c in point]
    canvas.create_polygon(*flat, fill=GOLD, outline=GOLD_EDGE, width=max(radius / 14, 1), tags="dynamic")
    r = radius * 0.8
    if diamond:
        canvas.create_polygon(
            x, y - r, x + r, y, x, y + r, x - r, y, fill="", outline=GOLD, width=2, tags="dynamic"
        )
    else:
        canvas.create_oval(*circle_box(x, y, r), outline=GOLD, width=max(radius / 10, 2), tags="dynamic")
