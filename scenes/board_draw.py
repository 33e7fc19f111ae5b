"""Painting the board scene: board, highlights, pieces, side panel and status (read only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import scenes.board_view as board_view
from game.arcade import assets
from game.controller.texts import cards_for, phase_line
from game.i18n import tr
from scenes.board_panel import draw_cards, draw_move_list, draw_phase, draw_status
from scenes.board_verdicts import draw_verdict_labels

if TYPE_CHECKING:
    from scenes.board import BoardScene


def draw_board_scene(scene: BoardScene, surface: pygame.Surface) -> None:
    surface.fill(assets.BACKGROUND)
    look, state = scene.look, scene.session.state
    look.draw_background(surface)
    history = state.history
    if history and not scene.animator.busy:
        board_view.draw_last_move(surface, look, history[-1].steps, scene.cells)
        board_view.draw_taken(surface, look, scene.taken_cells)
    pointer = scene.cursor if scene.cursor is not None else scene.hover
    if pointer is not None and scene.human_to_move() and pointer in scene.builder.next_cells():
        board_view.draw_hover(surface, look, pointer)  # only where a click would be taken
    board_view.draw_pieces(surface, look, scene.cells, scene.animator)
    # A chain shown played has its piece on its square already: rings only, no ghost piece.
    ghost = None if scene.shown_prefix else state.to_move
    board_view.draw_selection(surface, look, scene.builder.prefix, scene.cells, ghost)
    board_view.draw_targets(surface, look, scene.targets(), scene.cells, scene.clock)
    if scene.hint is not None:
        board_view.draw_hint(surface, look, scene.hint.steps)
    if scene.verdict_hint.shown:
        labels = scene.verdict_hint.labels(scene.builder.prefix)
        draw_verdict_labels(surface, look, labels, scene.cells, scene.lang)
    if scene.cursor is not None:
        board_view.draw_cursor(surface, look, scene.cursor, scene.clock)
    cards = cards_for(scene.session, scene.game.thinking_side, scene.lang)
    draw_cards(surface, cards, scene.clock, look.piece_style)
    draw_phase(surface, phase_line(scene.session, scene.lang))
    moves = [str(m) for m in history]
    draw_move_list(surface, moves, scene.list_top, tr("plateaux.no_moves_yet", scene.lang))
    draw_status(surface, scene.status_text(), scene.refused)
