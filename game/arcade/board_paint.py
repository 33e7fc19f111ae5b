"""Painting grid boards once per size: Teeko's points, Othello's felt, the dames chequers.

Input is the look and the geometry already oriented, in board units (0..1 of the
square); output is an opaque square surface the board blits every frame. Circles
are drawn with gfxdraw's anti-aliased outlines over filled discs.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

from game.arcade import assets, materials
from game.geometry import BoardGeometry
from game.looks import FELT_GRID, GRID_POINTS, ROUND_CELLS, Look

Point = tuple[int, int]
BEVEL = (236, 196, 140)  # the light edge of a groove cut in warm wood
FELT_LINE, FELT_LABEL = (14, 44, 28), (204, 222, 208)
MAPLE_INK, WALNUT_INK = (104, 66, 38), (240, 216, 176)


def paint_cells(look: Look, geometry: BoardGeometry, side: int, step: float) -> pygame.Surface:
    """The background of a grid board `side` pixels square."""
    if look.cells == GRID_POINTS:
        return _teeko(geometry, side, step)
    if look.cells == FELT_GRID:
        return _felt(geometry, side, step)
    return _chequer(look, geometry, side, step)


def _pixels(geometry: BoardGeometry, side: int) -> list[Point]:
    return [(round(x * side), round(y * side)) for x, y in geometry.centres]


def _play_area(geometry: BoardGeometry, side: int, step: float) -> pygame.Rect:
    """The square holding every cell, half a step beyond the outermost centres."""
    xs = [x for x, _ in geometry.centres]
    ys = [y for _, y in geometry.centres]
    left, top = (min(xs) - step / 2) * side, (min(ys) - step / 2) * side
    right, bottom = (max(xs) + step / 2) * side, (max(ys) + step / 2) * side
    return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))


def _labels(surface: pygame.Surface, geometry: BoardGeometry, side: int, colour: Sequence[int]) -> None:
    label_font = assets.font(max(14, round(side * 0.03)), bold=True)
    for text, lx, ly in geometry.labels:
        image = label_font.render(text, True, colour)
        surface.blit(image, image.get_rect(center=(round(lx * side), round(ly * side))))


def _aa_disc(surface: pygame.Surface, centre: Point, radius: int, colour: Sequence[int]) -> None:
    pygame.gfxdraw.filled_circle(surface, centre[0], centre[1], radius, colour)
    pygame.gfxdraw.aacircle(surface, centre[0], centre[1], radius, colour)


def _aa_ring(surface: pygame.Surface, centre: Point, radius: int, colour: Sequence[int], width: int) -> None:
    pygame.draw.circle(surface, colour, centre, radius, width)
    pygame.gfxdraw.aacircle(surface, centre[0], centre[1], radius, colour)
    pygame.gfxdraw.aacircle(surface, centre[0], centre[1], max(1, radius - width + 1), colour)


# ----- Teeko: warm wood, lines in eight directions, round points ------------------


def _teeko(geometry: BoardGeometry, side: int, step: float) -> pygame.Surface:
    surface = materials.wood_texture(side).copy()
    points = _pixels(geometry, side)
    s = step * side
    width = max(3, round(side * 0.008))
    for a, b in itertools.combinations(range(len(points)), 2):
        (ax, ay), (bx, by) = geometry.centres[a], geometry.centres[b]
        dx, dy = round(abs(ax - bx) / step), round(abs(ay - by) / step)
        if max(dx, dy) != 1:
            continue
        w = width if dx == 0 or dy == 0 else max(2, width - 1)  # diagonals a little finer
        pa, pb = points[a], points[b]
        pygame.draw.line(surface, BEVEL, (pa[0] + 1, pa[1] + 1), (pb[0] + 1, pb[1] + 1), w)
        pygame.draw.line(surface, assets.INLAY, pa, pb, w)
    # Round points, as on Scarne's board: wells of plain wood the lines lead into.
    plain = materials.wood_texture(side)
    cup = round(s * 0.36)
    for p in points:
        well = _disc_of(plain, p, cup)
        well.fill((18, 14, 10, 0), special_flags=pygame.BLEND_RGBA_SUB)  # a shade deeper
        surface.blit(well, well.get_rect(center=p))
        pygame.draw.arc(
            surface, BEVEL, pygame.Rect(p[0] - cup, p[1] - cup, 2 * cup, 2 * cup).move(1, 1), 3.6, 6.5, 2
        )
        _aa_ring(surface, p, cup, assets.INLAY, max(2, width - 1))
    _labels(surface, geometry, side, assets.INLAY)
    pygame.draw.rect(surface, assets.INLAY, surface.get_rect(), max(2, width - 1), border_radius=6)
    return surface


# ----- Othello: green felt, a thin dark grid, four star points ---------------------


def _felt(geometry: BoardGeometry, side: int, step: float) -> pygame.Surface:
    surface = pygame.Surface((side, side)).convert()
    surface.fill(materials.FELT_FRAME)
    play = _play_area(geometry, side, step)
    surface.blit(materials.felt_texture(play.width), play)
    columns, rows = geometry.grid or (8, 8)
    line = max(1, round(side * 0.003))
    for k in range(columns + 1):
        x = play.x + round(k * play.width / columns)
        pygame.draw.line(surface, FELT_LINE, (x, play.top), (x, play.bottom), line)
    for k in range(rows + 1):
        y = play.y + round(k * play.height / rows)
        pygame.draw.line(surface, FELT_LINE, (play.left, y), (play.right, y), line)
    if columns >= 6 and rows >= 6:  # the star points, two cells in from each corner
        dot = max(3, round(step * side * 0.07))
        for kx, ky in itertools.product((2, columns - 2), (2, rows - 2)):
            centre = (play.x + round(kx * play.width / columns), play.y + round(ky * play.height / rows))
            _aa_disc(surface, centre, dot, FELT_LINE)
    pygame.draw.rect(surface, FELT_LINE, play.inflate(4, 4), 3)
    _labels(surface, geometry, side, FELT_LABEL)
    return surface


# ----- Dames: light and dark woods, round or square cells, square numbers -------------


def _chequer(look: Look, geometry: BoardGeometry, side: int, step: float) -> pygame.Surface:
    maple, walnut = materials.maple_texture(side), materials.walnut_texture(side)
    surface = walnut.copy()
    surface.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)  # the frame: the darkest walnut
    play = _play_area(geometry, side, step)
    columns, rows = geometry.grid or (10, 10)
    s = play.width / columns
    dark = {
        (round((x * side - play.x) / s - 0.5), round((y * side - play.y) / s - 0.5))
        for x, y in geometry.centres
    }
    round_cells = look.cells == ROUND_CELLS
    if round_cells:
        surface.blit(maple, play, play)
    for column, row in itertools.product(range(columns), range(rows)):
        square = pygame.Rect(
            play.x + round(column * s),
            play.y + round(row * s),
            round((column + 1) * s) - round(column * s),
            round((row + 1) * s) - round(row * s),
        )
        is_dark = (column, row) in dark
        if round_cells:
            _round_cell(surface, walnut if is_dark else None, square, s)
        else:
            surface.blit(walnut if is_dark else maple, square, square)
    pygame.draw.rect(surface, (34, 20, 10), play.inflate(6, 6), 3)
    if look.numbers:
        _numbers(surface, geometry, side, s, WALNUT_INK if not round_cells else MAPLE_INK)
    return surface


def _disc_of(texture: pygame.Surface, centre: Point, radius: int) -> pygame.Surface:
    """The round piece of a texture around `centre`, transparent outside, edges smoothed."""
    disc = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    disc.blit(texture, (0, 0), pygame.Rect(centre[0] - radius - 1, centre[1] - radius - 1, *disc.get_size()))
    mask = pygame.Surface(disc.get_size(), pygame.SRCALPHA)
    _aa_disc(mask, (radius + 1, radius + 1), radius, (255, 255, 255, 255))
    disc.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return disc


def _round_cell(
    surface: pygame.Surface, walnut: pygame.Surface | None, square: pygame.Rect, s: float
) -> None:
    """A round cell: a walnut disc set into the maple, or an engraved ring for a light one."""
    radius = round(s * 0.43)
    centre = square.center
    if walnut is None:
        _aa_ring(surface, (centre[0] + 1, centre[1] + 1), radius, (246, 226, 190), 2)
        _aa_ring(surface, centre, radius, (176, 136, 92), 2)
        return
    disc = _disc_of(walnut, centre, radius)
    surface.blit(disc, disc.get_rect(center=centre))
    # Set into the maple: a light lip below, a dark edge all round.
    _aa_ring(surface, (centre[0] + 1, centre[1] + 1), radius, (246, 226, 190), 2)
    _aa_ring(surface, centre, radius, (52, 30, 14), 2)


def _numbers(
    surface: pygame.Surface, geometry: BoardGeometry, side: int, s: float, colour: Sequence[int]
) -> None:
    """Each cell's number, small in the top left corner of its square (screen-wise)."""
    number_font = assets.font(max(10, round(s * 0.19)), bold=True)
    pad = max(2, round(s * 0.04))
    for name, (x, y) in zip(geometry.cell_names, geometry.centres, strict=True):
        image = number_font.render(name, True, colour)
        ink = image.get_bounding_rect()  # place the glyphs themselves, not the line box
        left, top = round(x * side - s / 2) + pad, round(y * side - s / 2) + pad
        surface.blit(image, (left, top), ink)
