"""The Tk renderer of the board looks (game.drawing describes them once, for both front
ends) and of the pieces of every look (round men, flat discs, diamonds; kings crowned).

Everything is drawn with canvas items through the canvas's `to_pixels`; no pygame here.
"""

from __future__ import annotations

import tkinter as tk
from typing import Protocol

from engine.core import FIRST_KING, SECOND_KING, owner_of
from game import drawing as d
from game.geometry import BoardGeometry
from game.looks import DIAMOND, DISC, Look

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

    def label_pixels(self, x: float, y: float) -> tuple[float, float]: ...


def is_dark(look: Look, code: int) -> bool:
    return (owner_of(code) == 0) == look.dark_first


# ----- boards: the look's shapes (game.drawing) in flat colours ---------------------
COLOURS = {
    d.FELT_FRAME: FELT_FRAME,
    d.FELT: FELT,
    d.MAPLE: MAPLE,
    d.WALNUT: WALNUT,
    d.WALNUT_FRAME: WALNUT_FRAME,
    d.GROOVE: LINE,
    d.INLAY_POINT: LINE,
    d.INLAY: LINE,
    d.FELT_LINE: FELT_LINE,
    d.FELT_LABEL: FELT_LABEL,
    d.MAPLE_INK: MAPLE_INK,
    d.WALNUT_INK: WALNUT_INK,
}


def paint_board(canvas: tk.Canvas, board: Canvas, look: Look, geometry: BoardGeometry) -> None:
    """The static layer of a board: the look's shapes over the wood the canvas drew."""
    side = board.to_pixels(1, 0)[0] - board.to_pixels(0, 0)[0]
    for shape in d.board_shapes(look, geometry):
        _paint_shape(canvas, board, shape, side)


def _paint_shape(canvas: tk.Canvas, board: Canvas, shape: d.Shape, side: float) -> None:
    at, colour = shape.at, COLOURS.get(shape.paint, LINE)
    if shape.kind == d.FILL:
        if shape.paint != d.WOOD:  # the canvas's grained wood is the wood here
            canvas.create_rectangle(*board.to_pixels(0, 0), *board.to_pixels(1, 1), fill=colour, outline="")
    elif shape.kind == d.AREA:
        canvas.create_rectangle(
            *board.to_pixels(at[0], at[1]), *board.to_pixels(at[2], at[3]), fill=colour, outline=""
        )
    elif shape.kind == d.OUTLINE:
        x1, y1 = board.to_pixels(at[0], at[1])
        x2, y2 = board.to_pixels(at[2], at[3])
        edge, width = (FELT_LINE, 3) if shape.paint == d.FELT_LINE else ("#22140A", 2)
        canvas.create_rectangle(x1 - 2, y1 - 2, x2 + 2, y2 + 2, outline=edge, width=width)
    elif shape.kind == d.LINE:
        least = 1 if shape.paint == d.FELT_LINE else 2
        canvas.create_line(
            *board.to_pixels(at[0], at[1]),
            *board.to_pixels(at[2], at[3]),
            fill=colour,
            width=max(shape.size * side, least),
            capstyle=tk.ROUND,
        )
    elif shape.kind == d.DISC:
        _paint_disc(canvas, board, shape, side)
    elif shape.kind == d.LABEL:
        font = ("DejaVu Sans", max(int(shape.size * side * 0.8), 8), "bold")
        canvas.create_text(*board.label_pixels(at[0], at[1]), text=shape.text, fill=colour, font=font)
    elif shape.kind == d.NUMBER:
        font = ("DejaVu Sans", max(int(shape.size * side * 0.85), 7), "bold")
        x, y = board.to_pixels(at[0], at[1])
        canvas.create_text(x, y, text=shape.text, fill=colour, font=font, anchor=tk.NW)
    # BORDER: the canvas frames the wood itself


def _paint_disc(canvas: tk.Canvas, board: Canvas, shape: d.Shape, side: float) -> None:
    x, y = board.to_pixels(shape.at[0], shape.at[1])
    radius = shape.size * side
    if shape.paint == d.WELL:
        canvas.create_oval(*circle_box(x, y, radius), fill=WELL, outline=LINE, width=max(side / 160, 1.5))
    elif shape.paint == d.WALNUT_CELL:  # a hollow: shadowed inside along the top left
        canvas.create_oval(*circle_box(x, y, radius), fill=WALNUT, outline="#34200E", width=2)
        wall = max(radius * 0.18, 2)
        inner = circle_box(x, y, radius - wall / 2 - 1)
        canvas.create_arc(*inner, start=45, extent=180, style=tk.ARC, outline="#2A1608", width=wall)
    elif shape.paint == d.MAPLE_CELL:
        canvas.create_oval(*circle_box(x, y, radius), fill=MAPLE, outline=MAPLE_RING, width=2)
    else:  # a Morris point or a felt star point
        least = 3 if shape.paint == d.INLAY_POINT else 2.5
        canvas.create_oval(*circle_box(x, y, max(radius, least)), fill=COLOURS[shape.paint], outline="")


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
    """A gold crown with a dark edge and a gold ring (or lozenge) round it (game.drawing)."""
    outline, r = d.crown(x, y, radius, diamond)
    flat = [c for point in outline for c in point]
    canvas.create_polygon(*flat, fill=GOLD, outline=GOLD_EDGE, width=max(radius / 14, 1), tags="dynamic")
    if diamond:
        canvas.create_polygon(
            x, y - r, x + r, y, x, y + r, x - r, y, fill="", outline=GOLD, width=2, tags="dynamic"
        )
    else:
        canvas.create_oval(*circle_box(x, y, r), outline=GOLD, width=max(radius / 10, 2), tags="dynamic")
