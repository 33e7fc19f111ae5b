"""The keyboard help: F1 or ? shows, over any screen, the keys it answers to.

Each scene lists its own keys (`Scene.shortcuts`: a key's label and the translation
key of what it does); the keys every screen shares (Escape, M, F11) come after them.
Any key or click closes the help.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.arcade import assets
from game.i18n import tr

# (the key's label, what it does): translation keys, or a plain letter for a letter key.
COMMON_SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("plateaux.keycap_escape", "plateaux.key_back"),
    ("M", "plateaux.key_mute"),
    ("F11", "plateaux.key_fullscreen"),
    ("plateaux.keycap_help", "plateaux.key_help"),
)
HELP_KEYS = (pygame.K_F1,)
HELP_CHARACTER = "?"
WIDTH, ROW = 900, 34
LABEL_RIGHT, TEXT_LEFT = 250, 276  # the key column's right edge, the text's left edge


def is_help_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and (
        event.key in HELP_KEYS or getattr(event, "unicode", "") == HELP_CHARACTER
    )


def draw_help(surface: pygame.Surface, shortcuts: Sequence[tuple[str, str]], lang: str) -> None:
    """A dimmed screen and a panel: one row per key, this screen's keys first."""
    rows = [*shortcuts, *COMMON_SHORTCUTS]
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((10, 12, 18, 170))
    surface.blit(shade, (0, 0))
    panel = pygame.Rect(0, 0, WIDTH, 110 + ROW * len(rows))
    panel.center = surface.get_rect().center
    pygame.draw.rect(surface, assets.PANEL, panel, border_radius=16)
    pygame.draw.rect(surface, assets.ACCENT, panel, 2, border_radius=16)
    title = assets.text_image(tr("plateaux.help_title", lang), 30, tuple(assets.TEXT), bold=True)
    surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 18)))
    for index, (key, text_key) in enumerate(rows):
        y = panel.y + 70 + index * ROW
        label = tr(key, lang) if "." in key else key
        badge = assets.text_image(label, 20, tuple(assets.ACCENT), bold=True)
        surface.blit(badge, badge.get_rect(topright=(panel.x + LABEL_RIGHT, y)))
        line = assets.fit_text(tr(text_key, lang), 20, WIDTH - TEXT_LEFT - 24)
        surface.blit(assets.text_image(line, 20, tuple(assets.TEXT)), (panel.x + TEXT_LEFT, y))
    hint = assets.text_image(tr("plateaux.help_close", lang), 18, tuple(assets.TEXT_DIM))
    surface.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - 12)))
