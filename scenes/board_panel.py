"""The side panel of board scenes and the status line, drawn by hand (read only).

Top to bottom: the two players (who, colour, pieces in hand and taken, a thinking
indicator), the phase and whose turn it is, the move list (scrolls, last move in
the accent colour); the buttons sit below it as pygame_gui widgets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from engine.core import FIRST_MAN, SECOND_MAN
from game.arcade import assets
from game.arcade.sprites import CLASSIC, PieceStyle, draw_piece
from game.controller.texts import PlayerCard

PANEL_RECT = pygame.Rect(700, 22, 540, 636)
BOARD_RECT = pygame.Rect(48, 30, 620, 620)
STATUS_RECT = pygame.Rect(40, 670, 1200, 40)
CARD_HEIGHT, CARD_GAP = 78, 10
LIST_TOP = PANEL_RECT.y + 2 * (CARD_HEIGHT + CARD_GAP) + 44
LIST_RECT = pygame.Rect(PANEL_RECT.x, LIST_TOP, PANEL_RECT.width, 540 - LIST_TOP + PANEL_RECT.y)
ROW_HEIGHT = 28
BUTTONS_TOP = LIST_RECT.bottom + 12


def visible_rows(rect: pygame.Rect = LIST_RECT) -> int:
    return (rect.height - 20) // ROW_HEIGHT


def move_rows(moves: Sequence[str]) -> list[tuple[str, str, str]]:
    """(number, first player's move, second player's move) per full turn."""
    rows = []
    for index in range(0, len(moves), 2):
        second = moves[index + 1] if index + 1 < len(moves) else ""
        rows.append((f"{index // 2 + 1}.", moves[index], second))
    return rows


def draw_cards(
    surface: pygame.Surface, cards: Sequence[PlayerCard], clock: float, style: PieceStyle = CLASSIC
) -> None:
    """The two players' cards; `style` is the board's, so a card's piece matches the board's."""
    for index, card in enumerate(cards):
        rect = pygame.Rect(
            PANEL_RECT.x, PANEL_RECT.y + index * (CARD_HEIGHT + CARD_GAP), PANEL_RECT.width, CARD_HEIGHT
        )
        pygame.draw.rect(surface, assets.PANEL, rect, border_radius=12)
        if card.to_move:
            pygame.draw.rect(surface, assets.ACCENT, rect, 3, border_radius=12)
        code = FIRST_MAN if index == 0 else SECOND_MAN
        draw_piece(surface, code, (rect.x + 44, rect.centery), 22, style=style)
        width = rect.width - 110 - (150 if card.thinking else 0)
        title = assets.fit_text(card.title, 22, width, bold=True)
        surface.blit(assets.text_image(title, 22, tuple(assets.TEXT), bold=True), (rect.x + 84, rect.y + 10))
        detail = assets.fit_text(card.detail, 19, rect.width - 110)
        surface.blit(assets.text_image(detail, 19, tuple(assets.TEXT_DIM)), (rect.x + 84, rect.y + 44))
        if card.thinking:
            draw_thinking(surface, (rect.right - 70, rect.y + 26), clock)


def draw_thinking(surface: pygame.Surface, centre: tuple[int, int], clock: float) -> None:
    """Three dots rising in turn: the AI is thinking."""
    for i in range(3):
        phase = clock * 6.0 - i * 0.9
        lift = max(0.0, math.sin(phase)) * 6
        alpha = 0.45 + 0.55 * max(0.0, math.sin(phase))
        colour = pygame.Color(assets.PANEL).lerp(pygame.Color(assets.ACCENT), alpha)
        pygame.draw.circle(surface, colour, (centre[0] - 24 + i * 24, round(centre[1] - lift)), 7)


def draw_phase(surface: pygame.Surface, text: str) -> None:
    y = PANEL_RECT.y + 2 * (CARD_HEIGHT + CARD_GAP) + 4
    line = assets.fit_text(text, 21, PANEL_RECT.width - 16, bold=True)
    surface.blit(assets.text_image(line, 21, tuple(assets.TEXT), bold=True), (PANEL_RECT.x + 8, y))


def draw_move_list(
    surface: pygame.Surface,
    moves: Sequence[str],
    first_row: int,
    heading: str,
    highlight: int | None = None,
    decisive: int | None = None,
) -> None:
    """The moves in notation from `first_row`; `highlight` is the ply drawn in the accent
    (the last one by default); `decisive`, the move that decided a solved game, in red
    with a dot before it."""
    rect = LIST_RECT
    pygame.draw.rect(surface, assets.PANEL, rect, border_radius=12)
    rows = move_rows(moves)
    shown = visible_rows()
    marked = len(moves) - 1 if highlight is None else highlight
    if not rows:
        surface.blit(assets.text_image(heading, 19, tuple(assets.TEXT_DIM)), (rect.x + 18, rect.y + 12))
    for offset, (number, first, second) in enumerate(rows[first_row : first_row + shown]):
        row = first_row + offset
        y = rect.y + 10 + offset * ROW_HEIGHT
        surface.blit(assets.text_image(number, 19, tuple(assets.TEXT_DIM), mono=True), (rect.x + 18, y))
        for column, text in enumerate((first, second)):
            if not text:
                continue
            ply = row * 2 + column
            x = rect.x + 90 + column * 210
            if ply == marked:
                mark = pygame.Rect(x - 8, y - 1, 190, ROW_HEIGHT - 2)
                pygame.draw.rect(surface, (74, 64, 48), mark, border_radius=6)
                colour = tuple(assets.ACCENT)
            else:
                colour = tuple(assets.TEXT)
            if ply == decisive:
                colour = tuple(assets.REFUSAL)
                pygame.draw.circle(surface, assets.REFUSAL, (x - 16, y + ROW_HEIGHT // 2 - 1), 5)
            surface.blit(assets.text_image(text, 19, colour, mono=True), (x, y))
    if len(rows) > shown:  # a thin scroll bar saying where the view is
        track = rect.inflate(0, -20)
        height = max(24, track.height * shown // len(rows))
        top = track.y + (track.height - height) * first_row // max(1, len(rows) - shown)
        pygame.draw.rect(surface, (70, 82, 104), (rect.right - 10, top, 5, height), border_radius=3)


def draw_status(surface: pygame.Surface, text: str, refused: bool) -> None:
    pygame.draw.rect(surface, assets.PANEL, STATUS_RECT, border_radius=10)
    colour = assets.REFUSAL if refused else assets.TEXT
    if refused:
        pygame.draw.rect(surface, assets.REFUSAL, STATUS_RECT, 2, border_radius=10)
    line = assets.fit_text(text, 20, STATUS_RECT.width - 40)
    image = assets.text_image(line, 20, tuple(colour))
    surface.blit(image, image.get_rect(midleft=(STATUS_RECT.x + 20, STATUS_RECT.centery)))
