"""Settings: full screen, music and effects volume, language, animation speed,
showing legal moves. Every change applies at once and is saved."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIHorizontalSlider

from game import assets
from game.i18n import tr
from game.settings import ANIMATION_SPEEDS, LANGUAGE_CHOICES
from scenes.menu import BUTTON_HEIGHT, Entry, MenuScene

SLIDER_WIDTH = 460


class SettingsScene(MenuScene):
    title_key = "plateaux.menu_settings"
    column_top = 240

    sliders: dict[str, UIHorizontalSlider]

    def entries(self) -> list[Entry]:
        s = self.app.settings
        lang = self.app.lang
        on_off = {True: tr("plateaux.on", lang), False: tr("plateaux.off", lang)}
        speed = tr("plateaux.instant", lang) if s.animation_speed == 0 else f"{s.animation_speed:g}×"
        return [
            Entry("fullscreen", "setting_fullscreen", {"value": on_off[s.fullscreen]}),
            Entry("language", "setting_language", {"value": tr(f"plateaux.language_{s.language}", lang)}),
            Entry("speed", "setting_speed", {"value": speed}),
            Entry("legal", "setting_legal", {"value": on_off[s.show_legal_moves]}),
        ]

    def build(self, root: UIContainer) -> None:
        super().build(root)
        last = self.buttons[-1][0].get_relative_rect()
        self.sliders = {}
        for index, name in enumerate(("music", "effects")):
            top = last.bottom + 52 + index * (BUTTON_HEIGHT + 30)
            rect = pygame.Rect((assets.SCREEN_SIZE[0] - SLIDER_WIDTH) // 2, top, SLIDER_WIDTH, 30)
            value = getattr(self.app.settings, f"{name}_volume")
            self.sliders[name] = UIHorizontalSlider(
                rect, round(value * 100), (0, 100), self.app.manager, container=root
            )

    def choose(self, action: str) -> None:
        s = self.app.settings
        if action == "fullscreen":
            s = s.with_changes(fullscreen=not s.fullscreen)
        elif action == "language":
            following = LANGUAGE_CHOICES[(LANGUAGE_CHOICES.index(s.language) + 1) % len(LANGUAGE_CHOICES)]
            s = s.with_changes(language=following)
        elif action == "speed":
            speeds = ANIMATION_SPEEDS
            index = speeds.index(s.animation_speed) if s.animation_speed in speeds else 2
            s = s.with_changes(animation_speed=speeds[(index + 1) % len(speeds)])
        elif action == "legal":
            s = s.with_changes(show_legal_moves=not s.show_legal_moves)
        self.message = self.app.apply_settings(s) or ""
        self.refresh()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for name, slider in self.sliders.items():
                if event.ui_element is slider:
                    value = slider.get_current_value() / 100
                    changed = self.app.settings.with_changes(**{f"{name}_volume": value})
                    self.message = self.app.apply_settings(changed) or ""
                    if name == "effects":
                        self.app.effect("click")
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lang = self.app.lang
        for name, slider in getattr(self, "sliders", {}).items():
            rect = slider.get_abs_rect()
            value = round(getattr(self.app.settings, f"{name}_volume") * 100)
            label = tr(f"plateaux.setting_{name}_volume", lang, value=value)
            image = assets.text_image(label, 20, tuple(assets.TEXT))
            surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.y - 6)))
