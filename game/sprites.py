"""Piece pictures: ivory and ebony with a rim and a soft shadow, rendered once per size.

Pieces are drawn supersampled then smooth-scaled, so edges are anti-aliased; the
images are cached by (cell code, radius), so a frame only blits.
"""

from __future__ import annotations

from functools import cache

import pygame

from engine.core import FIRST_KING, FIRST_MAN, SECOND_KING, owner_of
from game import assets

SUPERSAMPLE = 4
SHADOW_OFFSET = (0.10, 0.16)  # of the radius: light comes from the top left


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@cache
def piece_image(code: int, radius: int) -> pygame.Surface:
    """The piece alone (no shadow), 2*radius+2 pixels square, transparent around."""
    big = radius * SUPERSAMPLE
    size = 2 * big + 2 * SUPERSAMPLE
    art = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    light = owner_of(code) == 0
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
    # An inlaid groove near the rim, like turned wood or bone.
    pygame.draw.circle(art, _mix(rim, (0, 0, 0), 0.2), centre, round(big * 0.62), SUPERSAMPLE)
    if code in (FIRST_KING, SECOND_KING):
        crown = assets.ACCENT
        w = big * 0.5
        points = [
            (centre[0] - w, centre[1] + w * 0.45),
            (centre[0] - w, centre[1] - w * 0.35),
            (centre[0] - w * 0.5, centre[1] + w * 0.05),
            (centre[0], centre[1] - w * 0.55),
            (centre[0] + w * 0.5, centre[1] + w * 0.05),
            (centre[0] + w, centre[1] - w * 0.35),
            (centre[0] + w, centre[1] + w * 0.45),
        ]
        pygame.draw.polygon(art, crown, points)
    final = 2 * radius + 2
    return pygame.transform.smoothscale(art, (final, final))


@cache
def shadow_image(radius: int) -> pygame.Surface:
    """A blurred dark disc, a little larger than the piece."""
    size = 2 * radius + 16
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(8):
        alpha = 22 + i * 4
        pygame.draw.circle(shadow, (0, 0, 0, alpha), (size // 2, size // 2), radius + 7 - i)
    return shadow


def draw_piece(
    surface: pygame.Surface,
    code: int,
    centre: tuple[float, float],
    radius: int,
    *,
    scale: float = 1.0,
    alpha: int = 255,
    lift: float = 0.0,
    squash: float = 1.0,
) -> None:
    """Blit a piece at a screen point; `lift` raises it (pixels) and spreads its shadow."""
    if scale <= 0.01 or alpha <= 0:
        return
    image = piece_image(code if code else FIRST_MAN, radius)
    shadow = shadow_image(radius)
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
