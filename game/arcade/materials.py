"""Board materials, procedurally with numpy: warm wood, light and dark woods, green felt.

Each texture is computed once per size (and colours) and cached; boards copy it and
draw their cells on top. The pixels are plain numpy work, so `warm_up` computes the
sizes the boards use on a background thread while the title shows (numpy releases
the interpreter lock): no frame waits a tenth of a second for a board's wood. Only
the quick step from pixels to a Surface runs on the frame loop's thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from functools import cache

import numpy as np
import pygame

from game.arcade import assets

Colour = tuple[int, int, int]

# Dames: a light maple and a dark walnut, the two woods of a chequer board.
MAPLE_LIGHT, MAPLE_DARK = (232, 204, 158), (206, 170, 120)
WALNUT_LIGHT, WALNUT_DARK = (136, 86, 50), (100, 60, 34)
# Othello: billiard-green felt and its dark frame.
FELT_LIGHT, FELT_DARK = (38, 128, 78), (26, 100, 58)
FELT_FRAME = (22, 40, 30)


def _pixels(colour: np.ndarray) -> np.ndarray:
    """Colours (rows, columns, rgb) as the (x, y, rgb) bytes surfarray takes."""
    return np.ascontiguousarray(np.clip(colour, 0, 255).astype(np.uint8).transpose(1, 0, 2))


def _surface(pixels: np.ndarray) -> pygame.Surface:
    return pygame.surfarray.make_surface(pixels).convert()


@cache
def wood_texture(
    size: int, seed: int = 7, light: Colour = assets.WOOD_LIGHT, dark: Colour = assets.WOOD_DARK
) -> pygame.Surface:
    return _surface(wood_pixels(size, seed, light, dark))


@cache
def wood_pixels(size: int, seed: int, light: Colour, dark: Colour) -> np.ndarray:
    """Wood: bent growth rings plus fine fibres, procedurally, once per size."""
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
    lo = np.array(light, dtype=np.float32)
    hi = np.array(dark, dtype=np.float32)
    colour = lo[None, None, :] + (hi - lo)[None, None, :] * np.clip(shade, 0, 1)[..., None]
    return _pixels(colour * vignette[..., None])


@cache
def felt_texture(size: int, seed: int = 11) -> pygame.Surface:
    return _surface(felt_pixels(size, seed))


@cache
def felt_pixels(size: int, seed: int = 11) -> np.ndarray:
    """Green felt: a fine random nap over a soft light falling from the top left."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:size, 0:size].astype(np.float32) / max(size, 1)
    nap = rng.normal(0.0, 1.0, (size, size)).astype(np.float32)
    # Blur the nap a little (a box of 3): felt fibres are soft, not pixel noise.
    soft = (nap + np.roll(nap, 1, 0) + np.roll(nap, -1, 0) + np.roll(nap, 1, 1) + np.roll(nap, -1, 1)) / 5
    light = 1.0 - 0.22 * ((x - 0.35) ** 2 + (y - 0.3) ** 2)
    lo = np.array(FELT_LIGHT, dtype=np.float32)
    hi = np.array(FELT_DARK, dtype=np.float32)
    shade = np.clip(0.45 + 0.35 * soft, 0, 1)
    colour = lo[None, None, :] + (hi - lo)[None, None, :] * shade[..., None]
    return _pixels(colour * light[..., None])


def maple_texture(size: int) -> pygame.Surface:
    return wood_texture(size, 3, MAPLE_LIGHT, MAPLE_DARK)


def walnut_texture(size: int) -> pygame.Surface:
    return wood_texture(size, 5, WALNUT_LIGHT, WALNUT_DARK)


YIELD_SECONDS = 0.02  # a pause between two textures of the warm-up
WOODS: tuple[tuple[int, Colour, Colour], ...] = (
    (7, assets.WOOD_LIGHT, assets.WOOD_DARK),
    (3, MAPLE_LIGHT, MAPLE_DARK),
    (5, WALNUT_LIGHT, WALNUT_DARK),
)


def warm_up(sizes: Iterable[int], felt_sizes: Iterable[int] = ()) -> threading.Thread:
    """Compute the woods at `sizes` (and the felt at `felt_sizes`) on a daemon thread."""

    def work() -> None:
        for size in sizes:
            for seed, light, dark in WOODS:
                wood_pixels(size, seed, light, dark)
                time.sleep(YIELD_SECONDS)  # let the frame loop have the interpreter
        for size in felt_sizes:
            felt_pixels(size)
            time.sleep(YIELD_SECONDS)

    thread = threading.Thread(target=work, name="plateaux-textures", daemon=True)
    thread.start()
    return thread
