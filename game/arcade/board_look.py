"""How a board looks on screen: its look's material and cells, labels, and cell <-> pixel mapping.

The look (game.looks) names the material, the cell style, the pieces and the
orientation; the geometry arrives already turned, so mapping is one scale. The
background (material, cells, labels) is drawn once and cached; each frame blits it
and draws highlights and pieces on top.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from game.arcade.board_paint import Painter
from game.arcade.sprites import PieceStyle
from game.drawing import board_shapes
from game.geometry import BoardGeometry
from game.looks import POINTS, Look, board_geometry, grid_step, look_for

LABEL_BAND = 0.055  # of the board's side: a wood margin around Morris's geometry for the labels
FRAMES = {"wood": (92, 60, 36), "felt": (14, 24, 18), "checker": (60, 36, 20)}


class BoardLook:
    """One game's board, in one of its looks, fitted into a screen rectangle."""

    def __init__(
        self,
        game_id: str,
        options: Mapping[str, Any] | None,
        rect: pygame.Rect,
        look_id: str | None = None,
    ) -> None:
        self.game_id = game_id
        self.style: Look = look_for(game_id, look_id)
        self.piece_style = PieceStyle(self.style.pieces, self.style.dark_first)
        self.geometry: BoardGeometry = board_geometry(game_id, options, self.style)
        self.rect = pygame.Rect(rect)
        # Morris keeps its labels in a band outside the geometry; grid boards have
        # them in the geometry's own margin, so their cells get the whole square.
        band = round(self.rect.width * LABEL_BAND) if self.style.cells == POINTS else 0
        self.inner = self.rect.inflate(-2 * band, -2 * band)  # where board units 0..1 go
        self.size = self.inner.width
        self.piece_radius = max(4, round(self.geometry.piece_radius * self.size * self.style.piece_scale))
        self.step = grid_step(self.geometry.centres)  # board units between neighbours
        self._neighbours = {frozenset(pair) for pair in self.geometry.lines}
        self._background = self._render_background()

    @property
    def look_id(self) -> str:
        return self.style.look_id

    # ----- mapping ----------------------------------------------------------
    def centre(self, cell: int) -> tuple[float, float]:
        cx, cy = self.geometry.centres[cell]
        return self.inner.x + cx * self.size, self.inner.y + cy * self.size

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        return self.geometry.cell_at((pos[0] - self.inner.x) / self.size, (pos[1] - self.inner.y) / self.size)

    def joined(self, a: int, b: int) -> bool:
        """Whether a line of the board joins two cells (a slide rather than a flight)."""
        if self.geometry.grid is not None:
            (ax, ay), (bx, by) = self.geometry.centres[a], self.geometry.centres[b]
            columns, _ = self.geometry.grid
            return math.hypot(ax - bx, ay - by) <= 1.5 / columns
        return frozenset((a, b)) in self._neighbours

    def steps_between(self, a: int, b: int) -> int:
        """Grid steps from one cell to another along a row, column or diagonal."""
        (ax, ay), (bx, by) = self.geometry.centres[a], self.geometry.centres[b]
        return round(max(abs(ax - bx), abs(ay - by)) / self.step)

    # ----- drawing ----------------------------------------------------------
    def _render_background(self) -> pygame.Surface:
        """The look's shapes (game.drawing), painted once: Morris's geometry sits inside
        a band of wood for its labels, a grid board's fills the whole square."""
        shapes = board_shapes(self.style, self.geometry)
        if self.style.cells == POINTS:
            offset = self._offset
            size = self.size

            def place(x: float, y: float) -> tuple[int, int]:
                return round(offset + x * size), round(offset + y * size)

            return Painter(self.rect.width, size, place, self._label_position).paint(shapes)
        side = self.rect.width

        def grid_place(x: float, y: float) -> tuple[int, int]:
            return round(x * side), round(y * side)

        return Painter(side, side, grid_place).paint(shapes)

    def _label_position(self, lx: float, ly: float) -> tuple[int, int]:
        """A label beyond the outermost cells goes to the middle of the wood's margin
        band, so no piece ever covers it, whatever margin the geometry leaves."""
        xs = [c[0] for c in self.geometry.centres]
        ys = [c[1] for c in self.geometry.centres]
        band_middle = -self._offset / 2
        x = self._offset + lx * self.size
        y = self._offset + ly * self.size
        if lx < min(xs):
            x = self._offset + band_middle
        elif lx > max(xs):
            x = self._offset + self.size - band_middle
        if ly > max(ys):
            y = self._offset + self.size - band_middle
        elif ly < min(ys):
            y = self._offset + band_middle
        return round(x), round(y)

    @property
    def _offset(self) -> int:
        return self.inner.x - self.rect.x

    def _local(self, cell: int) -> tuple[int, int]:
        cx, cy = self.geometry.centres[cell]
        return round(self._offset + cx * self.size), round(self._offset + cy * self.size)

    def draw_background(self, surface: pygame.Surface) -> None:
        frame = self.rect.inflate(16, 16)
        pygame.draw.rect(surface, (20, 14, 10), frame.move(4, 6), border_radius=12)
        pygame.draw.rect(surface, FRAMES.get(self.style.material, FRAMES["wood"]), frame, border_radius=12)
        surface.blit(self._background, self.rect)

    def draw_ring(
        self, surface: pygame.Surface, cell: int, colour: pygame.Color, *, width: int = 4, grow: float = 1.18
    ) -> None:
        x, y = self.centre(cell)
        pygame.draw.circle(surface, colour, (round(x), round(y)), round(self.piece_radius * grow), width)

    def draw_dot(
        self, surface: pygame.Surface, cell: int, colour: pygame.Color, radius: float = 0.34
    ) -> None:
        x, y = self.centre(cell)
        r = round(self.piece_radius * radius)
        pygame.draw.circle(surface, (0, 0, 0), (round(x) + 1, round(y) + 2), r + 1)
        pygame.draw.circle(surface, colour, (round(x), round(y)), r)
