"""The board scene's mouse and keyboard: clicks on cells, the keyboard cursor,
shortcuts and the move list's scrolling. Functions of the scene, like board_draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import press_named_button
from scenes.board_keys import nearest_in_direction
from scenes.board_panel import LIST_RECT, visible_rows
from scenes.lan_choices import network_choice_key

if TYPE_CHECKING:
    from scenes.board import BoardScene

DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def handle_board_event(scene: BoardScene, event: pygame.event.Event) -> None:
    if press_named_button(event, scene.buttons, scene.press):
        return
    if event.type == pygame.MOUSEMOTION:
        scene.hover = scene.look.cell_at(event.pos)
        scene.cursor = None
    elif event.type == pygame.MOUSEBUTTONDOWN:
        if event.button == 1 and scene.look.rect.collidepoint(event.pos):
            scene.click_cell(scene.look.cell_at(event.pos))
        elif event.button == 3:
            scene.stop_here()
    elif event.type == pygame.MOUSEWHEEL and LIST_RECT.collidepoint(pygame.mouse.get_pos()):
        scroll_list(scene, -event.y)
    elif event.type == pygame.KEYDOWN:
        board_key(scene, event)


def board_key(scene: BoardScene, event: pygame.event.Event) -> None:
    if network_choice_key(scene, event.key):  # the opponent is gone: wait, computer, later
        return
    shortcuts = {pygame.K_u: "undo", pygame.K_r: "redo", pygame.K_h: "hint", pygame.K_ESCAPE: "menu"}
    asked = scene.game.draw.asked is not None  # a person here answers a draw offer
    if event.key in shortcuts:
        scene.press(shortcuts[event.key])
    elif event.key == pygame.K_d and not asked:
        scene.press("offer_draw")
    elif event.key in (pygame.K_y, pygame.K_o, pygame.K_n) and asked:  # yes (oui) or no
        scene.press("decline_draw" if event.key == pygame.K_n else "offer_draw")
    elif event.key == pygame.K_p or (event.key == pygame.K_SPACE and scene.watching):
        scene.toggle_pause()
    elif event.key in DIRECTIONS:
        start = scene.cursor if scene.cursor is not None else scene.hover
        scene.cursor = nearest_in_direction(scene.look.geometry.centres, start, DIRECTIONS[event.key])
    elif event.key == pygame.K_TAB:
        count = len(scene.look.geometry.centres)
        step = -1 if event.mod & pygame.KMOD_SHIFT else 1
        scene.cursor = 0 if scene.cursor is None else (scene.cursor + step) % count
    elif event.key == pygame.K_SPACE and scene.cursor is not None:
        scene.click_cell(scene.cursor)
    elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        if scene.builder.can_stop or scene.cursor is None:
            scene.stop_here()
        else:
            scene.click_cell(scene.cursor)
    elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        scroll_list(scene, -visible_rows() if event.key == pygame.K_PAGEUP else visible_rows())


def scroll_list(scene: BoardScene, rows: int) -> None:
    total = (len(scene.session.state.history) + 1) // 2
    last = max(0, total - visible_rows())
    scene.list_top = max(0, min(last, scene.list_top + rows))
    scene.follow_list = scene.list_top == last


def scroll_to_end(scene: BoardScene) -> None:
    total = (len(scene.session.state.history) + 1) // 2
    scene.list_top = max(0, total - visible_rows())
