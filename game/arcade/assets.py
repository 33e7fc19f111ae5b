"""Where the arcade's files are, its palette and its fonts (pygame_gui's bundled OFL fonts)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame
import pygame_gui

ROOT = Path(__file__).resolve().parent.parent.parent
ASSETS_DIR = ROOT / "assets"
THEME_PATH = ASSETS_DIR / "theme.json"
TRANSLATIONS_DIR = ASSETS_DIR / "translations"
FONT_DIR = Path(pygame_gui.__file__).resolve().parent / "data"

SCREEN_SIZE = (1280, 720)

# The chrome palette of LOOK.md.
BACKGROUND = pygame.Color("#1E2430")
PANEL = pygame.Color("#2A3242")
PANEL_LIGHT = pygame.Color("#353F52")
TEXT = pygame.Color("#ECEFF4")
TEXT_DIM = pygame.Color("#A7B0C0")
ACCENT = pygame.Color("#E0A84E")
REFUSAL = pygame.Color("#D9665B")
LEGAL = pygame.Color("#7FB77E")

# Board materials.
WOOD_LIGHT = (196, 146, 92)
WOOD_DARK = (160, 108, 60)
INLAY = (58, 36, 22)
IVORY = (242, 233, 214)
IVORY_RIM = (190, 172, 140)
EBONY = (44, 38, 36)
EBONY_RIM = (98, 88, 84)


def forget_fonts() -> None:
    """Drop cached fonts and text: pygame.quit() invalidates them, and a later App (tests,
    a restart) must not draw with dead fonts."""
    font.cache_clear()
    text_image.cache_clear()


@cache
def font(size: int, *, bold: bool = False, mono: bool = False) -> pygame.font.Font:
    """Noto Sans (or Fira Code for numbers), cached by size."""
    name = "FiraCode-Regular.ttf" if mono else "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return pygame.font.Font(str(FONT_DIR / name), size)


@functools.lru_cache(maxsize=1024)
def text_image(
    text: str, size: int, colour: tuple[int, int, int], *, bold: bool = False, mono: bool = False
) -> pygame.Surface:
    """Rendered text, cached: HUD text changes rarely, so frames mostly blit."""
    return font(size, bold=bold, mono=mono).render(text, True, colour)


def fit_text(text: str, size: int, width: int, *, bold: bool = False) -> str:
    """Shorten text with an ellipsis so it fits `width` pixels."""
    face = font(size, bold=bold)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


# The faces and sizes the screens draw their own text in: warmed before they are needed.
TEXT_SIZES = (17, 18, 19, 20, 21, 22, 24, 26, 30)
# Every glyph a screen may need: a face loads each one the first time it is measured.
WARM_SAMPLE = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ·…:;,.%×-–—'’?!()/"
    "ÉÈÊÀÂÇÔéèêëàâçôîïûùœ"
)


def font_warmers() -> list[Callable[[], None]]:
    """One small task per face and size: loading a face and its glyphs takes a few
    milliseconds the first time, so the app runs these one a frame while the title shows."""

    def warm(size: int, bold: bool, mono: bool) -> Callable[[], None]:
        return lambda: font(size, bold=bold, mono=mono).size(WARM_SAMPLE) and None

    faces = ((False, False), (True, False), (False, True))  # (bold, mono)
    return [warm(size, bold, mono) for size in TEXT_SIZES for bold, mono in faces]
