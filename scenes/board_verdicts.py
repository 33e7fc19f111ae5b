"""Drawing a solved game's hint (Teeko) in the arcade: a pill per cell with the verdict
("W5" green, "D" grey, "L12" soft red). The verdicts are the controller's
(game.controller.hints)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.core import EMPTY, Verdict
from game.arcade import assets
from game.arcade.board_look import BoardLook
from game.verdict_hints import DRAW, WIN, verdict_label

LABEL_SIZE = 19  # px, bold: LOOK.md's small text, still readable at 1280x720
DARK_TEXT = (30, 36, 48)  # the background colour: dark text on the light pills
DRAW_GREY = pygame.Color("#A7B0C0")  # LOOK.md's dim text colour: neutral, neither green nor red


def verdict_colour(verdict: Verdict) -> pygame.Color:
    if verdict.kind == WIN:
        return assets.LEGAL
    if verdict.kind == DRAW:
        return DRAW_GREY
    return assets.REFUSAL


def draw_verdict_labels(
    surface: pygame.Surface, look: BoardLook, labels: dict[int, Verdict], cells: Sequence[int], lang: str
) -> None:
    """A pill per cell: centred on an empty cell, under the middle of a piece (so the
    piece's colour still shows)."""
    for cell, verdict in labels.items():
        text = assets.text_image(verdict_label(verdict, lang), LABEL_SIZE, DARK_TEXT, bold=True)
        pill = text.get_rect().inflate(14, 2)
        x, y = look.centre(cell)
        lift = 0.0 if cells[cell] == EMPTY else look.piece_radius * 0.55
        pill.center = (round(x), round(y + lift))
        pygame.draw.rect(surface, verdict_colour(verdict), pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, DARK_TEXT, pill, 1, border_radius=pill.height // 2)
        surface.blit(text, text.get_rect(center=pill.center))
