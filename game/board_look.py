"""How a board looks on screen: material, inlaid lines, labels, and cell <-> pixel mapping.

The background (wood grain, lines, points, labels) is drawn once with numpy and
cached; each frame blits it and draws highlights and pieces on top.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import pygame

from game import assets
from game.geometry import BoardGeometry, geometry_for

LABEL_BAND = 0.055  # of the board's side: a wood margin around the geometry for the labels
MATERIALS: dict[str, str] = {"nine": "wood", "twelve": "wood"}  # future: othello felt


@cache
def wood_texture(size: int, seed: int = 7) -> pygame.Surface:
    """Warm wood: bent growth rings plus fine fibres, procedurally, once per size."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:size, 0:size].astype(np.float32)
    scale = 640.0 / size
    x *= scale
    y *= scale
    # Long, gently wandering growth rings across the board, like a quarter-sawn plank.
    bend = 6.0 * np.sin(x * 0.006 + 0.7) + 2.5 * np.sin(x * 0.019 + y * 0.01) + 1.2 * np.sin(x * 0.047)
    rings = np.sin((y + bend) * 0.23 + 3.0 * np.sin(y * 0.021) + 1.5 * np.sin(y * 0.0057))
    rings = (rings + 1.0) * 0.5
    fibres = rng.normal(0.0, 1.0, size).astype(np.float32)[:, None]  # streaks along the grain
    fibres = np.repeat(fibres, size, axis=1).T
    fibres += rng.normal(0.0, 0.5, (size, size)).astype(np.float32)
    shade = 0.32 * rings**4 + 0.12 * rings + 0.05 * fibres
    vignette = 1.0 - 0.18 * (((x / 640.0 - 0.5) ** 2 + (y / 640.0 - 0.5) ** 2) * 2.0)
    light = np.array(assets.WOOD_LIGHT, dtype=np.float32)
    dark = np.array(assets.WOOD_DARK, dtype=np.float32)
    colour = light[None, None, :] + (dark - light)[None, None, :] * np.clip(shade, 0, 1)[..., None]
    colour *= vignette[..., None]
    pixels = np.clip(colour, 0, 255).astype(np.uint8).transpose(1, 0, 2)  # surfarray is (x, y)
    return pygame.surfarray.make_surface(np.ascontiguousarray(pixels)).convert()


class BoardLook:
    """One game's board fitted into a screen rectangle."""

    def __init__(self, game_id: str, options: Mapping[str, Any] | None, rect: pygame.Rect) -> None:
        self.game_id = game_id
        self.geometry: BoardGeometry = geometry_for(game_id, options)
        self.rect = pygame.Rect(rect)
        band = round(self.rect.width * LABEL_BAND)
        self.inner = self.rect.inflate(-2 * band, -2 * band)  # where board units 0..1 go
        self.size = self.inner.width
        self.piece_radius = max(4, round(self.geometry.piece_radius * self.size))
        self._neighbours = {frozenset(pair) for pair in self.geometry.lines}
        self._background = self._render_background()

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

    # ----- drawing ----------------------------------------------------------
    def _render_background(self) -> pygame.Surface:
        size = self.size
        surface = wood_texture(self.rect.width).copy()
        width = max(3, round(size * 0.009))
        bevel = (236, 196, 140)
        points = [self._local(c) for c in range(len(self.geometry.centres))]
        for a, b in self.geometry.lines:
            pa, pb = points[a], points[b]
            pygame.draw.line(surface, bevel, (pa[0] + 1, pa[1] + 1), (pb[0] + 1, pb[1] + 1), width)
            pygame.draw.line(surface, assets.INLAY, pa, pb, width)
        dot = max(4, round(size * 0.014))
        for p in points:
            pygame.draw.circle(surface, bevel, (p[0] + 1, p[1] + 1), dot)
            pygame.draw.circle(surface, assets.INLAY, p, dot)
        label_font = assets.font(max(14, round(size * 0.03)), bold=True)
        for text, lx, ly in self.geometry.labels:
            image = label_font.render(text, True, assets.INLAY)
            surface.blit(image, image.get_rect(center=self._label_position(lx, ly)))
        pygame.draw.rect(surface, assets.INLAY, surface.get_rect(), max(2, width - 1), border_radius=6)
        return surface

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
        pygame.draw.rect(surface, (92, 60, 36), frame, border_radius=12)
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
