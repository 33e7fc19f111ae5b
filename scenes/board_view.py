"""Drawing a board with its pieces, highlights and running animations (read only)."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

import pygame

from engine.core import EMPTY, FIRST_MAN, SECOND_MAN, owner_of
from game.arcade import assets
from game.arcade.animation import Animator
from game.arcade.board_look import BoardLook
from game.arcade.sprites import draw_piece


def draw_pieces(
    surface: pygame.Surface, look: BoardLook, cells: Sequence[int], animator: Animator | None
) -> None:
    hidden = animator.hidden() if animator is not None else set()
    for cell, code in enumerate(cells):
        if code != EMPTY and cell not in hidden:
            draw_piece(surface, code, look.centre(cell), look.piece_radius, style=look.piece_style)
    if animator is not None:
        animator.draw(surface, look)


def draw_last_move(
    surface: pygame.Surface, look: BoardLook, steps: Sequence[int], cells: Sequence[int]
) -> None:
    """The last move in the accent colour: rings where pieces stand, dots where they left."""
    colour = pygame.Color(assets.ACCENT)
    for cell in steps:
        if cells[cell] != EMPTY:
            look.draw_ring(surface, cell, colour, width=3, grow=1.16)
        else:
            x, y = look.centre(cell)
            pygame.draw.circle(surface, colour, (round(x), round(y)), round(look.piece_radius * 0.5), 3)


def draw_targets(
    surface: pygame.Surface, look: BoardLook, targets: Collection[int], cells: Sequence[int], clock: float
) -> None:
    """Where the next click may go: green dots on empty cells, pulsing rings on pieces."""
    pulse = 0.5 + 0.5 * math.sin(clock * 6.0)
    for cell in targets:
        if cells[cell] == EMPTY:
            look.draw_dot(surface, cell, pygame.Color(assets.LEGAL))
        else:
            colour = pygame.Color(assets.REFUSAL).lerp(pygame.Color(assets.ACCENT), pulse * 0.4)
            look.draw_ring(surface, cell, colour, width=round(3 + 3 * pulse), grow=1.12 + 0.14 * pulse)


def draw_selection(
    surface: pygame.Surface,
    look: BoardLook,
    prefix: Sequence[int],
    cells: Sequence[int],
    mover: int | None = None,
) -> None:
    """Accent rings on the cells clicked so far; a translucent piece of the mover where
    it would land (the move is not played until its last click)."""
    for cell in prefix:
        if mover is not None and cells[cell] == EMPTY:
            draw_piece(
                surface,
                FIRST_MAN if mover == 0 else SECOND_MAN,
                look.centre(cell),
                look.piece_radius,
                style=look.piece_style,
                alpha=150,
            )
        look.draw_ring(surface, cell, pygame.Color(assets.ACCENT), width=5, grow=1.22)


def draw_cursor(surface: pygame.Surface, look: BoardLook, cell: int, clock: float) -> None:
    x, y = look.centre(cell)
    r = look.piece_radius * 1.35
    rect = pygame.Rect(0, 0, round(2 * r), round(2 * r))
    rect.center = (round(x), round(y))
    glow = 0.6 + 0.4 * math.sin(clock * 5.0)
    colour = pygame.Color(assets.TEXT).lerp(pygame.Color(assets.ACCENT), glow)
    pygame.draw.rect(surface, colour, rect, 3, border_radius=8)


def draw_hover(surface: pygame.Surface, look: BoardLook, cell: int) -> None:
    x, y = look.centre(cell)
    overlay = pygame.Surface((look.piece_radius * 3, look.piece_radius * 3), pygame.SRCALPHA)
    c = overlay.get_width() // 2
    pygame.draw.circle(overlay, (255, 255, 255, 46), (c, c), round(look.piece_radius * 1.2))
    surface.blit(overlay, overlay.get_rect(center=(round(x), round(y))))


HINT = pygame.Color("#6FB4E8")  # the hint's own colour: never the last move's accent


def draw_hint(surface: pygame.Surface, look: BoardLook, steps: Sequence[int]) -> None:
    """The hinted move: a line through its cells and a blue ring on each."""
    centres = [look.centre(cell) for cell in steps]
    if len(centres) > 1:
        pygame.draw.lines(surface, HINT, False, centres, 4)
    for cell in steps:
        look.draw_ring(surface, cell, HINT, width=4, grow=1.24)


def taken_cells(before: Sequence[int], after: Sequence[int], mover: int) -> tuple[int, ...]:
    """Cells where the mover's opponent had a piece before the move and none after."""
    pairs = enumerate(zip(before, after, strict=True))
    return tuple(cell for cell, (was, now) in pairs if owner_of(was) == 1 - mover and now == EMPTY)


def draw_taken(surface: pygame.Surface, look: BoardLook, cells: Sequence[int]) -> None:
    """A soft red cross where a piece was just taken: the eye finds what went."""
    colour = pygame.Color(assets.REFUSAL)
    for cell in cells:
        x, y = look.centre(cell)
        r = look.piece_radius * 0.42
        for dx in (-r, r):
            pygame.draw.line(surface, colour, (x - dx, y - r), (x + dx, y + r), 4)
