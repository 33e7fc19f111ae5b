"""The review screen's side panel, drawn by hand (read only): the evaluation graph,
each player's counts, the move list with a badge per class, and the progress bar."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.review import LABELS, PlyReview
from game.arcade import assets
from game.i18n import tr
from game.review_view import CLASS_COLOURS, ReviewView
from scenes.board_panel import PANEL_RECT, ROW_HEIGHT

GRAPH_RECT = pygame.Rect(PANEL_RECT.x, PANEL_RECT.y, PANEL_RECT.width, 150)
COUNTS_RECT = pygame.Rect(PANEL_RECT.x, GRAPH_RECT.bottom + 10, PANEL_RECT.width, 78)
LIST_RECT = pygame.Rect(PANEL_RECT.x, COUNTS_RECT.bottom + 10, PANEL_RECT.width, 262)
GRAPH_PAD = 12
GRAPH_CAPTION = 26  # the caption's band above the plot
BADGE_SIZE = 19


def plot_rect() -> pygame.Rect:
    """Where the curve goes: the graph's box less its padding and the caption's band."""
    inner = GRAPH_RECT.inflate(-2 * GRAPH_PAD, -2 * GRAPH_PAD)
    return pygame.Rect(inner.x, inner.y + GRAPH_CAPTION, inner.width, inner.height - GRAPH_CAPTION)


def graph_x(view: ReviewView, cursor: int) -> int:
    inner = plot_rect()
    return inner.x + round(inner.width * cursor / max(1, view.total))


def cursor_at(view: ReviewView, x: int) -> int:
    """The ply nearest a click on the graph."""
    inner = plot_rect()
    return round((x - inner.x) / max(1, inner.width) * view.total)


def draw_graph(surface: pygame.Surface, view: ReviewView, first_name: str, lang: str) -> None:
    """The first player's chances over the game: above the middle line, they lead.
    The curve is drawn once per review and language; each frame adds the cursor."""
    surface.blit(_graph_image(view, first_name, lang), GRAPH_RECT)
    inner = plot_rect()
    x = graph_x(view, view.cursor)
    pygame.draw.line(surface, assets.ACCENT, (x, inner.y - 4), (x, inner.bottom + 4), 2)


_graph_cache: dict[tuple[int, str, str], pygame.Surface] = {}


def _graph_image(view: ReviewView, first_name: str, lang: str) -> pygame.Surface:
    key = (id(view.review), first_name, lang)
    image = _graph_cache.get(key)
    if image is None:
        _graph_cache.clear()  # one review on screen at a time
        image = _graph_cache[key] = _paint_graph(view, first_name, lang)
    return image


def _paint_graph(view: ReviewView, first_name: str, lang: str) -> pygame.Surface:
    image = pygame.Surface(GRAPH_RECT.size, pygame.SRCALPHA)
    box = image.get_rect()
    pygame.draw.rect(image, assets.PANEL, box, border_radius=12)
    inner = plot_rect().move(-GRAPH_RECT.x, -GRAPH_RECT.y)
    pygame.draw.line(image, assets.PANEL_LIGHT, (inner.x, inner.centery), (inner.right, inner.centery), 1)
    xs = [graph_x(view, i) - GRAPH_RECT.x for i in range(view.total + 1)]
    points = [(x, round(inner.bottom - p * inner.height)) for x, p in zip(xs, view.graph(), strict=True)]
    if len(points) > 1:
        area = [(points[0][0], inner.centery), *points, (points[-1][0], inner.centery)]
        shade = pygame.Surface(GRAPH_RECT.size, pygame.SRCALPHA)
        pygame.draw.polygon(shade, (236, 239, 244, 38), area)
        image.blit(shade, (0, 0))
        pygame.draw.lines(image, assets.TEXT, False, points, 2)
    for ply in view.review.plies:
        if ply.label in ("mistake", "blunder", "inaccuracy"):
            pygame.draw.circle(image, pygame.Color(CLASS_COLOURS[ply.label]), points[ply.ply + 1], 5)
    caption = tr("plateaux.review_graph", lang, player=first_name)
    image.blit(assets.text_image(caption, 18, tuple(assets.TEXT_DIM)), (inner.x + 2, 8))
    return image


def draw_counts(surface: pygame.Surface, view: ReviewView, names: Sequence[str], lang: str) -> None:
    """Per player: a badge and a count per class, and the accuracy."""
    pygame.draw.rect(surface, assets.PANEL, COUNTS_RECT, border_radius=12)
    for player in (0, 1):
        y = COUNTS_RECT.y + 10 + player * 32
        name = assets.fit_text(names[player], 19, 120, bold=True)
        surface.blit(assets.text_image(name, 19, tuple(assets.TEXT), bold=True), (COUNTS_RECT.x + 14, y))
        counts = view.review.counts(player)
        x = COUNTS_RECT.x + 128
        for label in LABELS:
            pygame.draw.rect(surface, pygame.Color(CLASS_COLOURS[label]), (x, y + 3, 14, 14), border_radius=4)
            image = assets.text_image(str(counts[label]), 19, tuple(assets.TEXT), mono=True)
            surface.blit(image, (x + 19, y - 1))
            x += 50
        accuracy = view.review.accuracy(player)
        if accuracy is not None:
            text = tr("plateaux.review_accuracy", lang, percent=f"{accuracy:.0f}")
            image = assets.text_image(text, 18, tuple(assets.TEXT_DIM))
            surface.blit(image, image.get_rect(topright=(COUNTS_RECT.right - 14, y)))


def list_rows() -> int:
    return (LIST_RECT.height - 16) // ROW_HEIGHT


def first_row(view: ReviewView) -> int:
    """The list's first row, so the row of the move looked at stays in sight."""
    rows = (view.total + 1) // 2
    return max(0, min(view.cursor // 2 - list_rows() // 2, rows - list_rows()))


def row_at(view: ReviewView, pos: tuple[int, int]) -> int | None:
    """The ply under a click in the move list, or None."""
    if not LIST_RECT.collidepoint(pos):
        return None
    row = first_row(view) + (pos[1] - LIST_RECT.y - 8) // ROW_HEIGHT
    ply = row * 2 + (1 if pos[0] >= LIST_RECT.x + 300 else 0)
    return ply if 0 <= ply < view.total else None


def draw_move_list(surface: pygame.Surface, view: ReviewView, lang: str) -> None:
    """Moves by pairs, numbered as everywhere; each with its class badge."""
    pygame.draw.rect(surface, assets.PANEL, LIST_RECT, border_radius=12)
    plies = view.review.plies
    top = first_row(view)
    for offset in range(list_rows()):
        row = top + offset
        if row * 2 >= view.total:
            break
        y = LIST_RECT.y + 8 + offset * ROW_HEIGHT
        number = assets.text_image(f"{row + 1}.", 19, tuple(assets.TEXT_DIM), mono=True)
        surface.blit(number, (LIST_RECT.x + 14, y))
        for column in (0, 1):
            index = row * 2 + column
            if index < len(plies):
                x = LIST_RECT.x + 70 + column * 232
                _draw_entry(surface, plies[index], x, y, index == view.cursor, lang)


def _draw_entry(surface: pygame.Surface, ply: PlyReview, x: int, y: int, current: bool, lang: str) -> None:
    if current:
        pygame.draw.rect(surface, (74, 64, 48), (x - 6, y - 1, 222, ROW_HEIGHT - 2), border_radius=6)
    colour = pygame.Color(CLASS_COLOURS[ply.label])
    pygame.draw.rect(surface, colour, (x, y + 4, 12, 12), border_radius=3)
    text = assets.fit_text(ply.move, 19, 96)
    surface.blit(assets.text_image(text, 19, tuple(assets.ACCENT if current else assets.TEXT), mono=True),
                 (x + 18, y))  # fmt: skip
    if ply.label not in ("best", "good"):
        label = tr(f"plateaux.review_class_{ply.label}", lang)
        image = assets.text_image(assets.fit_text(label, 17, 96), 17, (colour.r, colour.g, colour.b))
        surface.blit(image, (x + 118, y + 2))


def draw_progress(surface: pygame.Surface, done: int, total: int, lang: str) -> None:
    """While the worker reviews: a bar and the count of positions examined."""
    box = pygame.Rect(0, 0, 440, 96)
    box.center = LIST_RECT.center
    pygame.draw.rect(surface, assets.PANEL_LIGHT, box, border_radius=12)
    text = tr("plateaux.review_progress", lang, done=done, total=total)
    image = assets.text_image(text, 20, tuple(assets.TEXT))
    surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + 14)))
    bar = pygame.Rect(box.x + 24, box.y + 54, box.width - 48, 18)
    pygame.draw.rect(surface, assets.BACKGROUND, bar, border_radius=9)
    filled = bar.copy()
    filled.width = round(bar.width * done / max(1, total))
    if filled.width:
        pygame.draw.rect(surface, assets.ACCENT, filled, border_radius=9)
