"""The pygame renderer of a board look (game.drawing describes it): textures, bevels
and anti-aliased circles, painted once per size into an opaque square surface that
the board blits every frame."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame
import pygame.gfxdraw

from game import drawing as d
from game.arcade import assets, materials

Point = tuple[int, int]
Place = Callable[[float, float], Point]
BEVEL = (236, 196, 140)  # the light edge of a groove cut in warm wood
FELT_LINE, FELT_LABEL = (14, 44, 28), (204, 222, 208)
INK = {
    d.INLAY: assets.INLAY,
    d.FELT_LABEL: FELT_LABEL,
    d.MAPLE_INK: (104, 66, 38),
    d.WALNUT_INK: (240, 216, 176),
}


class Painter:
    """Draws Shapes onto a `side`-pixel square; `scale` pixels per board unit, `place`
    maps board units to pixels and `margin` places a rank or file label."""

    def __init__(self, side: int, scale: float, place: Place, margin: Place | None = None) -> None:
        self.side, self.scale, self.place = side, scale, place
        self.margin = margin or place
        self.surface = pygame.Surface((side, side)).convert()
        self._textures: dict[str, pygame.Surface] = {}

    def texture(self, name: str) -> pygame.Surface:
        if name not in self._textures:
            makers: dict[str, Callable[[int], pygame.Surface]] = {
                d.WOOD: materials.wood_texture,
                d.MAPLE: materials.maple_texture,
            }
            self._textures[name] = makers.get(name, materials.walnut_texture)(self.side)
        return self._textures[name]

    def px(self, size: float, least: int = 1) -> int:
        return max(least, round(size * self.scale))

    def rect(self, at: tuple[float, ...]) -> pygame.Rect:
        (left, top), (right, bottom) = self.place(at[0], at[1]), self.place(at[2], at[3])
        return pygame.Rect(left, top, right - left, bottom - top)

    def paint(self, shapes: Sequence[d.Shape]) -> pygame.Surface:
        for shape in shapes:
            getattr(self, "_" + shape.kind)(shape)
        return self.surface

    def _fill(self, shape: d.Shape) -> None:
        if shape.paint == d.FELT_FRAME:
            self.surface.fill(materials.FELT_FRAME)
            return
        self.surface.blit(self.texture(d.WALNUT if shape.paint == d.WALNUT_FRAME else shape.paint), (0, 0))
        if shape.paint == d.WALNUT_FRAME:  # the frame: the darkest walnut
            self.surface.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)

    def _area(self, shape: d.Shape) -> None:
        area = self.rect(shape.at)
        if shape.paint == d.FELT:
            self.surface.blit(materials.felt_texture(area.width), area)
        else:
            self.surface.blit(self.texture(shape.paint), area, area)

    def _outline(self, shape: d.Shape) -> None:
        area = self.rect(shape.at)
        if shape.paint == d.FELT_LINE:
            pygame.draw.rect(self.surface, FELT_LINE, area.inflate(4, 4), 3)
        else:
            pygame.draw.rect(self.surface, (34, 20, 10), area.inflate(6, 6), 3)

    def _border(self, shape: d.Shape) -> None:
        pygame.draw.rect(self.surface, INK[shape.paint], self.surface.get_rect(), self.px(shape.size, 2), 6)

    def _line(self, shape: d.Shape) -> None:
        a, b = self.place(shape.at[0], shape.at[1]), self.place(shape.at[2], shape.at[3])
        if shape.paint == d.FELT_LINE:
            pygame.draw.line(self.surface, FELT_LINE, a, b, self.px(shape.size))
            return
        width = self.px(shape.size, 2)
        pygame.draw.line(self.surface, BEVEL, (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), width)
        pygame.draw.line(self.surface, assets.INLAY, a, b, width)

    def _disc(self, shape: d.Shape) -> None:
        centre = self.place(shape.at[0], shape.at[1])
        if shape.paint == d.INLAY_POINT:
            dot = self.px(shape.size, 4)
            pygame.draw.circle(self.surface, BEVEL, (centre[0] + 1, centre[1] + 1), dot)
            pygame.draw.circle(self.surface, assets.INLAY, centre, dot)
        elif shape.paint == d.WELL:
            self._well(centre, self.px(shape.size))
        elif shape.paint == d.FELT_LINE:
            _aa_disc(self.surface, centre, self.px(shape.size, 3), FELT_LINE)
        else:
            self._round_cell(centre, self.px(shape.size), shape.paint == d.WALNUT_CELL)

    def _well(self, p: Point, cup: int) -> None:
        """A Teeko point, as on Scarne's board: a well of plain wood the lines lead into."""
        well = _disc_of(self.texture(d.WOOD), p, cup)
        well.fill((18, 14, 10, 0), special_flags=pygame.BLEND_RGBA_SUB)  # a shade deeper
        self.surface.blit(well, well.get_rect(center=p))
        arc = pygame.Rect(p[0] - cup, p[1] - cup, 2 * cup, 2 * cup).move(1, 1)
        pygame.draw.arc(self.surface, BEVEL, arc, 3.6, 6.5, 2)
        _aa_ring(self.surface, p, cup, assets.INLAY, self.px(0.007, 2))

    def _round_cell(self, centre: Point, radius: int, dark: bool) -> None:
        """A walnut disc set into the maple, or an engraved ring for a light cell."""
        lip = (centre[0] + 1, centre[1] + 1)
        if not dark:
            _aa_ring(self.surface, lip, radius, (246, 226, 190), 2)
            _aa_ring(self.surface, centre, radius, (176, 136, 92), 2)
            return
        disc = _disc_of(self.texture(d.WALNUT), centre, radius)
        self.surface.blit(disc, disc.get_rect(center=centre))
        # A hollow, not a piece: light falls from the top left, so the rim casts a shadow
        # inside along the top left and the far wall catches the light at the bottom right.
        hollow = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
        box = hollow.get_rect().inflate(-2, -2)
        wall = max(2, round(radius * 0.2))
        shade, shine = math.radians(45), math.radians(225)
        pygame.draw.arc(hollow, (18, 8, 2, 170), box, shade, shine, wall)
        pygame.draw.arc(hollow, (250, 226, 188, 70), box, shine, shade + 2 * math.pi, max(1, wall // 2))
        self.surface.blit(hollow, hollow.get_rect(center=centre))
        _aa_ring(self.surface, lip, radius, (246, 226, 190), 2)  # a light lip below
        _aa_ring(self.surface, centre, radius, (52, 30, 14), 2)  # a dark edge all round

    def _label(self, shape: d.Shape) -> None:
        image = assets.font(self.px(shape.size, 14), bold=True).render(shape.text, True, INK[shape.paint])
        place = self.margin if shape.margin else self.place
        self.surface.blit(image, image.get_rect(center=place(shape.at[0], shape.at[1])))

    def _number(self, shape: d.Shape) -> None:
        image = assets.font(self.px(shape.size, 10), bold=True).render(shape.text, True, INK[shape.paint])
        ink = image.get_bounding_rect()  # place the glyphs themselves, not the line box
        self.surface.blit(image, self.place(shape.at[0], shape.at[1]), ink)


def _aa_disc(surface: pygame.Surface, centre: Point, radius: int, colour: Sequence[int]) -> None:
    pygame.gfxdraw.filled_circle(surface, centre[0], centre[1], radius, colour)
    pygame.gfxdraw.aacircle(surface, centre[0], centre[1], radius, colour)


def _aa_ring(surface: pygame.Surface, centre: Point, radius: int, colour: Sequence[int], width: int) -> None:
    pygame.draw.circle(surface, colour, centre, radius, width)
    pygame.gfxdraw.aacircle(surface, centre[0], centre[1], radius, colour)
    pygame.gfxdraw.aacircle(surface, centre[0], centre[1], max(1, radius - width + 1), colour)


def _disc_of(texture: pygame.Surface, centre: Point, radius: int) -> pygame.Surface:
    """The round piece of a texture around `centre`, transparent outside, edges smoothed."""
    disc = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    disc.blit(texture, (0, 0), pygame.Rect(centre[0] - radius - 1, centre[1] - radius - 1, *disc.get_size()))
    mask = pygame.Surface(disc.get_size(), pygame.SRCALPHA)
    _aa_disc(mask, (radius + 1, radius + 1), radius, (255, 255, 255, 255))
    disc.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return disc
