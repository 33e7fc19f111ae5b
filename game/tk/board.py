"""The board on a Tk canvas: the look's material and cells, pieces and the hints around them.

Any game is drawn from its BoardGeometry (cell centres in 0..1 board units, lines,
labels; already turned by its look) and `state.board()` codes, so this module knows
no rules. The look (game.looks) chooses the material, cells and pieces; grid boards
are painted by game.tk.paint. The static layer is redrawn only when the canvas
changes size; the pieces and hints are redrawn on each `show`.
"""

from __future__ import annotations

import math
import tkinter as tk
from dataclasses import dataclass

from engine.core import EMPTY, FIRST_MAN, SECOND_MAN
from game.controller import BoardController
from game.geometry import BoardGeometry
from game.looks import Look, grid_step
from game.tk.paint import EBONY as EBONY  # re-exported: the side panel draws the same pieces
from game.tk.paint import EBONY_RIM as EBONY_RIM
from game.tk.paint import IVORY as IVORY
from game.tk.paint import IVORY_RIM as IVORY_RIM
from game.tk.paint import circle_box, is_dark, paint_board, paint_piece
from game.verdict_hints import LABEL_COLOURS, verdict_label

# LOOK.md: warm wood, dark inlaid lines, ivory and ebony pieces, one accent.
WOOD = "#C8955A"
WOOD_GRAIN = ("#BF8B51", "#CF9D62", "#C48F55", "#D2A268")
WOOD_EDGE = "#7A4E27"
LINE = "#3B2614"
ACCENT = "#E0A84E"
LEGAL = "#7FB77E"
REFUSAL = "#D9665B"
BACKGROUND = "#1E2430"


@dataclass(frozen=True)
class BoardPicture:
    """Everything the canvas shows besides the board itself."""

    cells: tuple[int, ...]  # state.board()
    selected: tuple[int, ...] = ()  # cells clicked so far
    targets: frozenset[int] = frozenset()  # where the next click may go (green dots)
    removable: bool = False  # the targets are pieces to remove (they pulse)
    last_move: tuple[int, ...] = ()  # steps of the last move played (accent)
    refused_cell: int | None = None  # the cell of a refused click (red ring)
    pulse: float = 0.0  # 0..1, the phase of the removable pieces' pulse
    mover: int = FIRST_MAN  # the piece code of the side entering a move (for ghosts)
    ghosts: bool = True  # False while a chain is shown played: its piece stands on its square
    preview: frozenset[int] = frozenset()  # where a hovered piece could go (hollow rings)
    labels: tuple[tuple[int, str, str], ...] = ()  # (cell, 'W13', colour): a solved game's hint


def board_picture(
    game: BoardController, hover: int | None, refused: int | None, pulse: float
) -> BoardPicture:
    """What the controller wants shown, with the pointer's preview: the searched hint's
    cells, or where the hovered piece could go."""
    history = game.state.history
    labels = game.verdict_hint.labels(game.builder.prefix)
    preview: set[int] = set()
    if game.hint is not None:
        preview = set(game.hint.steps)
    elif (
        hover is not None and not game.builder.prefix and game.human_to_move() and game.cells[hover] != EMPTY
    ):
        preview = game.builder.preview(hover)  # only pieces: an empty point is its own hint
    return BoardPicture(
        cells=tuple(game.cells),
        selected=game.builder.prefix,
        targets=frozenset(game.targets(every_move=True)),
        removable=game.removal_due(),
        last_move=tuple(history[-1].steps) if history else (),
        refused_cell=refused,
        pulse=pulse,
        mover=FIRST_MAN if game.state.to_move == 0 else SECOND_MAN,
        ghosts=not game.shown_prefix,
        preview=frozenset(preview),
        labels=tuple(
            (cell, verdict_label(v, game.lang), LABEL_COLOURS[v.kind]) for cell, v in sorted(labels.items())
        ),
    )


class BoardCanvas(tk.Canvas):
    """A square board that keeps its aspect inside a resizable canvas."""

    def __init__(self, master: tk.Misc, geometry: BoardGeometry, look: Look, size: int = 640) -> None:
        super().__init__(master, width=size, height=size, background=BACKGROUND, highlightthickness=0)
        self.geometry = geometry
        self.look = look
        self._step = grid_step(geometry.centres)
        self._origin = (0.0, 0.0)
        self._side = float(size)
        self._low, self._span = 0.0, 1.0  # board units shown: labels may stand outside 0..1
        self._picture = BoardPicture(cells=(EMPTY,) * len(geometry.centres))
        self.bind("<Configure>", self._resized)
        self._layout(size, size)

    # ----- coordinates ---------------------------------------------------------
    def _layout(self, width: int, height: int) -> None:
        self._width, self._height = width, height
        coords = [c for _text, x, y in self.geometry.labels for c in (x, y)]
        low, high = min([0.0, *coords]), max([1.0, *coords])
        if coords:  # room for the label glyphs themselves
            low, high = low - 0.025, high + 0.025
        self._low, self._span = low, high - low
        side = max(min(width, height) - 16, 50)
        self._side = side / self._span  # pixels per board unit
        whole = self._side * self._span
        self._origin = ((width - whole) / 2 - low * self._side, (height - whole) / 2 - low * self._side)

    def to_pixels(self, x: float, y: float) -> tuple[float, float]:
        """Board units (0..1) to canvas pixels."""
        return self._origin[0] + x * self._side, self._origin[1] + y * self._side

    def cell_centre(self, cell: int) -> tuple[int, int]:
        """The pixel at the centre of a cell (tests click there)."""
        x, y = self.to_pixels(*self.geometry.centres[cell])
        return round(x), round(y)

    def cell_at_pixel(self, px: float, py: float) -> int | None:
        """The cell under a canvas pixel, or None."""
        return self.geometry.cell_at((px - self._origin[0]) / self._side, (py - self._origin[1]) / self._side)

    # ----- drawing -------------------------------------------------------------
    def set_geometry(self, geometry: BoardGeometry, look: Look) -> None:
        """A new board (new game or load): its geometry, oriented by `look`."""
        self.geometry = geometry
        self.look = look
        self._step = grid_step(geometry.centres)
        self._picture = BoardPicture(cells=(EMPTY,) * len(geometry.centres))
        self._layout(self._width, self._height)
        self._draw_static()

    def show(self, picture: BoardPicture) -> None:
        self._picture = picture
        self.delete("dynamic")
        self._draw_dynamic(picture)

    def _resized(self, event: tk.Event[tk.Canvas]) -> None:
        self._layout(event.width, event.height)
        self._draw_static()
        self.show(self._picture)

    def _draw_static(self) -> None:
        self.delete("all")
        x0, y0 = self.to_pixels(self._low, self._low)
        side = self._side * self._span
        self.create_rectangle(x0 - 4, y0 - 4, x0 + side + 4, y0 + side + 4, fill=WOOD_EDGE, outline="")
        self.create_rectangle(x0, y0, x0 + side, y0 + side, fill=WOOD, outline="")
        # Grain: thin wavy bands of slightly different browns, the same on every redraw.
        bands = 46
        for band in range(bands):
            y = y0 + side * (band + 0.5) / bands
            colour = WOOD_GRAIN[(band * 7 + band // 3) % len(WOOD_GRAIN)]
            points: list[float] = []
            for step in range(25):
                x = x0 + side * step / 24
                points += [x, y + math.sin(step * 0.7 + band * 1.3) * side / 260]
            self.create_line(*points, fill=colour, width=max(side / bands * 0.55, 1), smooth=True)
        # A frame drawn over the grain's ends keeps the board's edge clean.
        self.create_rectangle(x0 - 2, y0 - 2, x0 + side + 2, y0 + side + 2, outline=WOOD_EDGE, width=5)
        paint_board(self, self, self.look, self.geometry)  # the look's shapes (game.drawing)
        self.tag_lower("all")

    def _draw_dynamic(self, picture: BoardPicture) -> None:
        radius = self.geometry.piece_radius * self._side * self.look.piece_scale
        last_dst = _landing(picture)
        for cell in picture.last_move:
            if cell != last_dst and picture.cells[cell] == EMPTY:  # where it came from / was taken
                self._ring(cell, radius * 0.55, ACCENT, max(radius / 9, 2), dash=(4, 3))
        for cell, code in enumerate(picture.cells):
            if code != EMPTY:
                self._piece(cell, code, radius)
        if last_dst is not None and picture.cells[last_dst] != EMPTY:
            self._ring(last_dst, radius * 1.14, ACCENT, max(radius / 5, 3))
        for cell in picture.selected:
            if picture.cells[cell] == EMPTY and picture.ghosts:  # where the piece entered will stand
                self._piece(cell, picture.mover, radius, ghost=True)
            self._ring(cell, radius * 1.18, ACCENT, max(radius / 4.5, 3))
        for cell in sorted(picture.targets):
            if picture.cells[cell] == EMPTY:
                self._disc(cell, radius * 0.27, LEGAL)
            else:
                grow = 1.08 + 0.14 * picture.pulse if picture.removable else 1.12
                width = max(radius / 6, 2) * (1 + picture.pulse if picture.removable else 1)
                self._ring(cell, radius * grow, REFUSAL if picture.removable else LEGAL, width)
        for cell in sorted(picture.preview - picture.targets):
            self._ring(cell, radius * 0.36, LEGAL, max(radius / 7, 2))
        if picture.refused_cell is not None:
            self._cross(picture.refused_cell, radius * 0.45)
        for cell, text, colour in picture.labels:
            lift = 0.0 if picture.cells[cell] == EMPTY else radius * 0.55  # the piece still shows
            self._label(cell, text, colour, radius, lift)

    def _piece(self, cell: int, code: int, radius: float, ghost: bool = False) -> None:
        x, y = self.to_pixels(*self.geometry.centres[cell])
        if not ghost:
            paint_piece(self, x, y, code, radius, self.look, ("dynamic", f"piece{cell}"))
            return
        dark = is_dark(self.look, code)
        body, rim = (EBONY, EBONY_RIM) if dark else (IVORY, IVORY_RIM)
        # Tk has no transparency: a stippled body reads as "not there yet".
        self.create_oval(
            *circle_box(x, y, radius),
            fill=body,
            outline=rim,
            stipple="gray50",
            width=max(radius / 10, 1.5),
            tags="dynamic",
        )

    def _ring(
        self, cell: int, radius: float, colour: str, width: float, dash: tuple[int, ...] | None = None
    ) -> None:
        x, y = self.to_pixels(*self.geometry.centres[cell])
        self.create_oval(
            *circle_box(x, y, radius),
            outline=colour,
            width=width,
            dash=dash or "",
            tags="dynamic",
        )

    def _disc(self, cell: int, radius: float, colour: str) -> None:
        x, y = self.to_pixels(*self.geometry.centres[cell])
        self.create_oval(
            *circle_box(x, y, radius),
            fill=colour,
            outline=LINE,
            width=1,
            tags=("dynamic", f"target{cell}"),
        )

    def _label(self, cell: int, text: str, colour: str, radius: float, lift: float) -> None:
        """A verdict ('W13', 'D', 'L4') on a coloured tag, dark text."""
        x, y = self.to_pixels(*self.geometry.centres[cell])
        y += lift
        size = max(int(radius * 0.36), 9)
        half_w, half_h = size * (0.45 * len(text) + 0.6), size * 0.85
        self.create_rectangle(
            x - half_w, y - half_h, x + half_w, y + half_h, fill=colour, outline=BACKGROUND, tags="dynamic"
        )
        font = ("DejaVu Sans", size, "bold")
        self.create_text(x, y, text=text, fill=BACKGROUND, font=font, tags=("dynamic", f"verdict{cell}"))

    def _cross(self, cell: int, size: float) -> None:
        x, y = self.to_pixels(*self.geometry.centres[cell])
        for dx in (-size, size):
            self.create_line(
                x - dx,
                y - size,
                x + dx,
                y + size,
                fill=REFUSAL,
                width=max(size / 4, 2),
                capstyle=tk.ROUND,
                tags="dynamic",
            )


def _landing(picture: BoardPicture) -> int | None:
    """Where the last move's piece stands now: the last step that is not a removal."""
    for cell in reversed(picture.last_move):
        if picture.cells[cell] != EMPTY:
            return cell
    return None
