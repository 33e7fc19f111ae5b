"""Piece pictures, rendered once per size: round men, flat discs and diamonds.

Round pieces are ivory and ebony with a rim, a dome and a groove; Othello discs are
glossy black and white; diamonds (dames look A) are faceted like a cut stone. Which
player is dark is the style's choice (Teeko and Othello start with Black). Kings
carry a gold crown. Pieces are drawn supersampled then smooth-scaled, so edges are
anti-aliased; images are cached by (code, radius, style), so a frame only blits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import pygame

from engine.core import FIRST_KING, FIRST_MAN, SECOND_KING, owner_of
from game.arcade import assets
from game.drawing import crown
from game.looks import DIAMOND, DISC, ROUND

SUPERSAMPLE = 4
SHADOW_OFFSET = (0.10, 0.16)  # of the radius: light comes from the top left
Colour = tuple[int, int, int]
Point = tuple[float, float]
DISC_BLACK, DISC_BLACK_RIM = (30, 30, 32), (8, 8, 10)
DISC_WHITE, DISC_WHITE_RIM = (240, 240, 234), (170, 170, 162)
CROWN_GOLD, CROWN_EDGE = (236, 180, 72), (92, 58, 16)
DISC_THICKNESS = 0.3  # of the radius: how much edge a turning disc shows
DISC_EDGE_DARK, DISC_EDGE_LIGHT = (52, 52, 56), (206, 206, 198)


@dataclass(frozen=True)
class PieceStyle:
    """A look's pieces: their shape and which player is dark."""

    shape: str = ROUND
    dark_first: bool = False

    def is_dark(self, code: int) -> bool:
        return (owner_of(code) == 0) == self.dark_first


CLASSIC = PieceStyle()


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def is_king(code: int) -> bool:
    return code in (FIRST_KING, SECOND_KING)


@cache
def piece_image(code: int, radius: int, style: PieceStyle = CLASSIC) -> pygame.Surface:
    """The piece alone (no shadow), 2*radius+2 pixels square, transparent around."""
    big = radius * SUPERSAMPLE
    size = 2 * big + 2 * SUPERSAMPLE
    art = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    dark = style.is_dark(code)
    if style.shape == DISC:
        _paint_disc(art, centre, big, dark)
    elif style.shape == DIAMOND:
        _paint_diamond(art, centre, big, dark)
    else:
        _paint_round(art, centre, big, dark)
    if is_king(code):
        _paint_crown(art, centre, big, style.shape)
    final = 2 * radius + 2
    return pygame.transform.smoothscale(art, (final, final))


def _paint_round(art: pygame.Surface, centre: tuple[int, int], big: int, dark: bool) -> None:
    """Turned ivory or ebony: an edge, a rim, a soft dome and an inlaid groove."""
    light = not dark
    body = assets.IVORY if light else assets.EBONY
    rim = assets.IVORY_RIM if light else assets.EBONY_RIM
    edge = _mix(rim, (0, 0, 0), 0.45)
    pygame.draw.circle(art, edge, centre, big)
    pygame.draw.circle(art, rim, centre, big - SUPERSAMPLE * 2)
    # A soft dome: concentric discs shifted towards the light.
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        r = round((big - SUPERSAMPLE * 5) * (1 - 0.75 * t))
        shift = round(big * 0.18 * t)
        colour = _mix(_mix(body, rim, 0.35), _mix(body, (255, 255, 255), 0.35 if light else 0.18), t)
        pygame.draw.circle(art, colour, (centre[0] - shift, centre[1] - shift), r)
    pygame.draw.circle(art, _mix(rim, (0, 0, 0), 0.2), centre, round(big * 0.62), SUPERSAMPLE)


def _paint_disc(art: pygame.Surface, centre: tuple[int, int], big: int, dark: bool) -> None:
    """An Othello disc seen from above: a flat glossy face inside a thin bevel."""
    body, rim = (DISC_BLACK, DISC_BLACK_RIM) if dark else (DISC_WHITE, DISC_WHITE_RIM)
    pygame.draw.circle(art, rim, centre, big)
    pygame.draw.circle(art, _mix(body, rim, 0.45), centre, big - SUPERSAMPLE * 3)
    steps = 16
    for i in range(steps):  # a flat face: a gentle gradient, brighter towards the light
        t = i / (steps - 1)
        r = round((big - SUPERSAMPLE * 6) * (1 - 0.5 * t))
        shift = round(big * 0.1 * t)
        colour = _mix(body, (255, 255, 255), (0.16 if dark else 0.06) * t)
        pygame.draw.circle(art, colour, (centre[0] - shift, centre[1] - shift), r)
    # A specular glint at the top left.
    glint = pygame.Rect(0, 0, round(big * 0.55), round(big * 0.22))
    glint.center = (centre[0] - round(big * 0.32), centre[1] - round(big * 0.5))
    pygame.draw.ellipse(art, (*_mix(body, (255, 255, 255), 0.35 if dark else 0.6), 150), glint)


def _paint_diamond(art: pygame.Surface, centre: tuple[int, int], big: int, dark: bool) -> None:
    """A lozenge cut like a stone: four facets lit from the top left, a flat table."""
    body = assets.EBONY if dark else assets.IVORY
    rim = assets.EBONY_RIM if dark else assets.IVORY_RIM
    cx, cy = centre
    outer = big - SUPERSAMPLE
    top, right, bottom, left = (cx, cy - outer), (cx + outer, cy), (cx, cy + outer), (cx - outer, cy)
    pygame.draw.polygon(art, _mix(rim, (0, 0, 0), 0.5), [top, right, bottom, left])
    inner = outer - SUPERSAMPLE * 3
    corners = [(cx, cy - inner), (cx + inner, cy), (cx, cy + inner), (cx - inner, cy)]
    table = round(inner * 0.46)
    flat = [(cx, cy - table), (cx + table, cy), (cx, cy + table), (cx - table, cy)]
    lift = (255, 255, 255)
    shades = (  # facet light: top-left brightest, bottom-right darkest
        _mix(body, lift, 0.22 if dark else 0.3),  # top-right facet (between top and right)
        _mix(body, rim, 0.55),  # bottom-right
        _mix(body, rim, 0.25),  # bottom-left
        _mix(body, lift, 0.38 if dark else 0.5),  # top-left
    )
    for index, shade in enumerate(shades):
        a, b = corners[index], corners[(index + 1) % 4]
        c, d = flat[(index + 1) % 4], flat[index]
        pygame.draw.polygon(art, shade, [a, b, c, d])
    pygame.draw.polygon(art, _mix(body, lift, 0.12 if dark else 0.15), flat)
    pygame.draw.polygon(art, _mix(rim, (0, 0, 0), 0.25), flat, SUPERSAMPLE)


def _paint_crown(art: pygame.Surface, centre: tuple[int, int], big: int, shape: str) -> None:
    """A gold crown with a dark outline, and a gold ring (or lozenge) around it: a king
    reads at a glance on light and dark pieces alike."""
    cx, cy = centre
    points, ring = crown(cx, cy, big, shape == DIAMOND)  # the same crown as the Tk view's
    w = big * (0.4 if shape == DIAMOND else 0.5)
    pygame.draw.polygon(art, CROWN_GOLD, points)
    pygame.draw.polygon(art, CROWN_EDGE, points, SUPERSAMPLE * 2)
    band = pygame.Rect(0, 0, round(2 * w), round(w * 0.3))
    band.midbottom = (cx, round(cy + w * 0.5))
    pygame.draw.rect(art, CROWN_EDGE, band, SUPERSAMPLE)
    for px, py in points[1:6:2]:  # jewels on the crown's three tips
        pygame.draw.circle(art, CROWN_EDGE, (round(px), round(py)), SUPERSAMPLE * 3)
        pygame.draw.circle(art, CROWN_GOLD, (round(px), round(py)), SUPERSAMPLE * 2)
    if shape == DIAMOND:
        r = ring
        pygame.draw.polygon(
            art, CROWN_GOLD, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], SUPERSAMPLE * 2
        )
    else:
        pygame.draw.circle(art, CROWN_GOLD, centre, round(ring), SUPERSAMPLE * 2)


@cache
def shadow_image(radius: int, shape: str = ROUND) -> pygame.Surface:
    """A blurred dark shape, a little larger than the piece."""
    size = 2 * radius + 16
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    for i in range(8):
        alpha = 22 + i * 4
        r = radius + 7 - i
        if shape == DIAMOND:
            pygame.draw.polygon(shadow, (0, 0, 0, alpha), [(c, c - r), (c + r, c), (c, c + r), (c - r, c)])
        else:
            pygame.draw.circle(shadow, (0, 0, 0, alpha), (c, c), r)
    return shadow


def draw_piece(
    surface: pygame.Surface,
    code: int,
    centre: Point,
    radius: int,
    *,
    style: PieceStyle = CLASSIC,
    scale: float = 1.0,
    alpha: int = 255,
    lift: float = 0.0,
    squash: float = 1.0,
) -> None:
    """Blit a piece at a screen point; `lift` raises it (pixels) and spreads its shadow."""
    if scale <= 0.01 or alpha <= 0:
        return
    image = piece_image(code if code else FIRST_MAN, radius, style)
    shadow = shadow_image(radius, style.shape)
    if scale != 1.0 or squash != 1.0:
        w = max(1, round(image.get_width() * scale * squash))
        h = max(1, round(image.get_height() * scale))
        image = pygame.transform.smoothscale(image, (w, h))
        sw = max(1, round(shadow.get_width() * scale * squash))
        sh = max(1, round(shadow.get_height() * scale))
        shadow = pygame.transform.smoothscale(shadow, (sw, sh))
    if alpha < 255:
        image = image.copy()
        image.set_alpha(alpha)
        shadow = shadow.copy()
        shadow.set_alpha(alpha)
    x, y = centre
    offset = radius * SHADOW_OFFSET[0] + lift * 0.5, radius * SHADOW_OFFSET[1] + lift * 0.7
    surface.blit(shadow, shadow.get_rect(center=(round(x + offset[0]), round(y + offset[1]))))
    surface.blit(image, image.get_rect(center=(round(x), round(y - lift))))


def draw_turning_disc(
    surface: pygame.Surface,
    front: int,
    back: int,
    centre: Point,
    radius: int,
    turn: float,
    style: PieceStyle,
    lift: float = 0.0,
) -> None:
    """A two-sided disc turning about its vertical axis, `turn` from 0 to 1 (half a turn).

    Drawn as a short cylinder seen from above, by stacking: ellipses from the far face
    to the near one in the colours of the disc's two layers make the edge, then the
    near face, narrowed by cos(angle), goes on top."""
    angle = math.pi * min(max(turn, 0.0), 1.0)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    showing, hidden = (front, back) if cos_a >= 0 else (back, front)
    height = 2 * radius + 2
    width = max(2, round(height * abs(cos_a)))
    depth = DISC_THICKNESS * radius * sin_a  # how far apart the two faces appear
    x, y = centre[0], centre[1] - lift
    near_x, far_x = x - depth / 2, x + depth / 2
    shadow = shadow_image(radius, style.shape)
    shadow_width = max(1, round(shadow.get_width() * max(abs(cos_a), 0.25)))
    shadow = pygame.transform.smoothscale(shadow, (shadow_width, shadow.get_height()))
    sx = x + radius * SHADOW_OFFSET[0] + lift * 0.5
    sy = centre[1] + radius * SHADOW_OFFSET[1] + lift * 0.7
    surface.blit(shadow, shadow.get_rect(center=(round(sx), round(sy))))
    steps = max(1, math.ceil(depth))
    for index in range(steps + 1):
        t = index / steps
        layer = hidden if t < 0.5 else showing
        edge = DISC_EDGE_DARK if style.is_dark(layer) else DISC_EDGE_LIGHT
        rect = pygame.Rect(0, 0, width, height - 2)
        rect.center = (round(far_x + (near_x - far_x) * t), round(y))
        pygame.draw.ellipse(surface, edge, rect)
    near = pygame.transform.smoothscale(piece_image(showing, radius, style), (width, height))
    surface.blit(near, near.get_rect(center=(round(near_x), round(y))))
