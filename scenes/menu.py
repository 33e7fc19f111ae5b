"""The shared shape of every menu: a title in the top third, one column of large
buttons, the current choice under the title, Back at the same place everywhere.

Keyboard: Up/Down or Tab move the focus, Enter/Space press, Escape goes back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton

from engine.games.morris.board import POINTS, topology
from game.arcade import assets
from game.arcade.scene import Scene, pressed_button
from game.i18n import tr

if TYPE_CHECKING:
    from game.arcade.app import App

BUTTON_WIDTH, BUTTON_HEIGHT, BUTTON_GAP = 460, 56, 12
COLUMN_TOP = 250
BACK_RECT = pygame.Rect(40, 648, 200, 48)


@dataclass(frozen=True)
class Entry:
    """One menu button: what it does, its text key and fields, and its state."""

    action: str
    key: str
    fields: dict[str, str] = field(default_factory=dict)
    enabled: bool = True
    chosen: bool = False  # the current choice among several, drawn in the accent colour


@cache
def backdrop() -> pygame.Surface:
    """A faint Morris board behind the menus: the arcade's emblem, never in the way."""
    surface = pygame.Surface(assets.SCREEN_SIZE).convert()
    surface.fill(assets.BACKGROUND)
    size, left, top = 620, 330, 70
    colour = (37, 44, 58)

    def at(point: tuple[int, int]) -> tuple[int, int]:
        return left + (point[0] - 1) * size // 6, top + (point[1] - 1) * size // 6

    for a, _, c in topology(False).lines:
        pygame.draw.line(surface, colour, at(POINTS[a]), at(POINTS[c]), 8)
    for point in POINTS:
        pygame.draw.circle(surface, colour, at(point), 14)
    return surface


def draw_title(surface: pygame.Surface, title: str, subtitle: str = "") -> None:
    image = assets.font(60, bold=True).render(title, True, assets.TEXT)
    surface.blit(image, image.get_rect(center=(assets.SCREEN_SIZE[0] // 2, 130)))
    bar = pygame.Rect(0, 0, 120, 4)
    bar.center = (assets.SCREEN_SIZE[0] // 2, 178)
    pygame.draw.rect(surface, assets.ACCENT, bar, border_radius=2)
    if subtitle:
        image = assets.font(22).render(subtitle, True, assets.TEXT_DIM)
        surface.blit(image, image.get_rect(center=(assets.SCREEN_SIZE[0] // 2, 212)))


class MenuScene(Scene):
    """Subclasses give `title_key`, `entries()` and `choose(action)`."""

    shortcuts = (
        ("plateaux.keycap_up_down", "plateaux.key_menu_move"),
        ("plateaux.keycap_enter", "plateaux.key_menu_choose"),
    )

    title_key = "plateaux.app_title"
    has_back = True
    column_width = BUTTON_WIDTH
    column_centre = assets.SCREEN_SIZE[0] // 2  # a scene with a picture beside it moves it right
    column_top = COLUMN_TOP

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = 0
        self._focus_placed = False  # the first build puts the focus on the current choice
        self.buttons: list[tuple[UIButton, Entry]] = []
        self.back_button: UIButton | None = None
        self.message = ""  # a line under the column: what went wrong, if anything

    # ----- to override ------------------------------------------------------------
    def entries(self) -> list[Entry]:
        return []

    def subtitle(self) -> str:
        return ""

    def choose(self, action: str) -> None:
        """Do what the entry `action` says."""

    def back(self) -> None:
        self.app.effect("click")
        self.app.pop()

    # ----- widgets ---------------------------------------------------------------
    def build(self, root: UIContainer) -> None:
        self.buttons = []
        entries = self.entries()
        height = len(entries) * (BUTTON_HEIGHT + BUTTON_GAP) - BUTTON_GAP
        top = min(self.column_top, 640 - height)
        left = self.column_centre - self.column_width // 2
        for index, entry in enumerate(entries):
            rect = pygame.Rect(
                left, top + index * (BUTTON_HEIGHT + BUTTON_GAP), self.column_width, BUTTON_HEIGHT
            )
            button = UIButton(
                rect,
                f"plateaux.{entry.key}",
                self.app.manager,
                container=root,
                text_kwargs=entry.fields or None,
                object_id=ObjectID("#chosen") if entry.chosen else None,
            )
            if not entry.enabled:
                button.disable()  # type: ignore[no-untyped-call]
            self.buttons.append((button, entry))
        self.back_button = None
        if self.has_back:
            self.back_button = UIButton(BACK_RECT, "plateaux.back", self.app.manager, container=root)
        enabled = [i for i, (_, e) in enumerate(self.buttons) if e.enabled]
        chosen = [i for i in enabled if self.buttons[i][1].chosen]
        if not self._focus_placed and chosen:
            self.focus = chosen[0]  # the focus ring starts on the current choice, not beside it
        if enabled and self.focus not in enabled:
            self.focus = enabled[0]
        self._focus_placed = True

    def refresh(self) -> None:
        """Rebuild after a choice changed what the entries say."""
        self.rebuild()

    def press(self, index: int) -> None:
        entry = self.buttons[index][1]
        if entry.enabled:
            self.focus = index
            self.app.effect("click")
            self.choose(entry.action)

    # ----- events -----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        element = pressed_button(event)
        if element is not None:
            if element is self.back_button:
                self.back()
                return
            for index, (button, _) in enumerate(self.buttons):
                if element is button:
                    self.press(index)
                    return
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            for index, (button, entry) in enumerate(self.buttons):
                if event.ui_element is button and entry.enabled:
                    self.focus = index
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
            step = -1 if event.key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT else 1
            self.move_focus(step)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
            self.press(self.focus)

    def move_focus(self, step: int) -> None:
        count = len(self.buttons)
        for offset in range(1, count + 1):
            index = (self.focus + step * offset) % count
            if self.buttons[index][1].enabled:
                self.focus = index
                return

    # ----- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_title(surface, tr(self.title_key, self.app.lang), self.subtitle())
        if self.message:
            image = assets.font(20).render(self.message, True, assets.REFUSAL)
            surface.blit(image, image.get_rect(center=(assets.SCREEN_SIZE[0] // 2, 672)))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if 0 <= self.focus < len(self.buttons):
            rect = self.buttons[self.focus][0].get_abs_rect().inflate(8, 8)
            pygame.draw.rect(surface, assets.ACCENT, rect, 2, border_radius=13)
