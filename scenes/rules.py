"""The rules of each game, in the player's language, beside a small board diagram."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UITextBox

import scenes.board_view as board_view
from engine.registry import new_state
from game.arcade import assets
from game.arcade.board_look import BoardLook
from game.arcade.scene import Scene, pressed_button
from game.game_hooks import arcade_games, game_title, hooks_for, tr_or
from game.games import plugin_for
from game.i18n import tr
from scenes.menu import BACK_RECT, backdrop

if TYPE_CHECKING:
    from game.arcade.app import App

DIAGRAM_RECT = pygame.Rect(70, 150, 440, 440)
TEXT_RECT = pygame.Rect(560, 118, 680, 516)


class RulesScene(Scene):
    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        game_id = game_id or arcade_games()[0]  # the rules open on the first game
        self.game_id = game_id
        self.look = BoardLook(game_id, {}, DIAGRAM_RECT)
        hooks = hooks_for(game_id)
        state = new_state(game_id)
        state.play_all(list(hooks.diagram_moves))
        self.cells = state.board()
        names = self.look.geometry.cell_names
        self.marks = {names.index(m) for m in hooks.diagram_marks if m in names}
        self.clock = 0.0
        self.game_buttons: dict[str, UIButton] = {}
        self.back_button: UIButton | None = None

    def build(self, root: UIContainer) -> None:
        UITextBox(plugin_for(self.game_id).rules_key, TEXT_RECT, self.app.manager, container=root)
        self.game_buttons = {}
        games = arcade_games()
        width = min(220, (TEXT_RECT.width - 10 * (len(games) - 1)) // max(1, len(games)))
        for index, game_id in enumerate(games):
            rect = pygame.Rect(TEXT_RECT.x + index * (width + 10), 648, width, 48)
            chosen = ObjectID("#chosen") if game_id == self.game_id else None
            self.game_buttons[game_id] = UIButton(
                rect,
                "plateaux.text",
                self.app.manager,
                container=root,
                object_id=chosen,
                text_kwargs={"text": game_title(game_id, self.app.lang, short=True)},
            )
        self.back_button = UIButton(BACK_RECT, "plateaux.back", self.app.manager, container=root)

    def handle_event(self, event: pygame.event.Event) -> None:
        element = pressed_button(event)
        if element is self.back_button or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.effect("click")
            self.app.pop()
            return
        ids = arcade_games()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if event.key == pygame.K_LEFT else 1
            self.app.replace("rules", ids[(ids.index(self.game_id) + step) % len(ids)])
            return
        for game_id, button in self.game_buttons.items():
            if element is button and game_id != self.game_id:
                self.app.effect("click")
                self.app.replace("rules", game_id)

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        lang = self.app.lang
        title = tr("plateaux.rules_title", lang, game=game_title(self.game_id, lang))
        image = assets.font(48, bold=True).render(title, True, assets.TEXT)
        surface.blit(image, image.get_rect(center=(640, 62)))
        self.look.draw_background(surface)
        board_view.draw_pieces(surface, self.look, self.cells, None)
        for cell in self.marks:  # where the next move would complete a mill
            board_view.draw_selection(surface, self.look, (cell,), self.cells, 0)
        caption = tr_or(plugin_for(self.game_id).diagram_caption_key, lang, "")
        image = assets.text_image(caption, 19, tuple(assets.TEXT_DIM))
        surface.blit(image, image.get_rect(midtop=(DIAGRAM_RECT.centerx, DIAGRAM_RECT.bottom + 18)))
