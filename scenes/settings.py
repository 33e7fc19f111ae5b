"""Settings: full screen, music and effects volume, language, animation speed,
showing legal moves. Every change applies at once and is saved."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIHorizontalSlider

from game.arcade import assets
from game.i18n import tr
from game.settings import ANIMATION_SPEEDS, LANGUAGE_CHOICES
from scenes.menu import BUTTON_HEIGHT, Entry, MenuScene

SLIDER_WIDTH = 460
SLIDER_NAMES = ("music", "effects")
VOLUME_STEP = 5  # percent per Left/Right press on a focused slider


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
            # What the screen is now: under --windowed that is a window, whatever the file says.
            Entry("fullscreen", "setting_fullscreen", {"value": on_off[self.app.fullscreen]}),
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
            self.message = self.app.toggle_fullscreen() or ""
            self.refresh()
            return
        if action == "language":
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

    # The sliders join the keyboard focus ring after the buttons: Up/Down/Tab reach
    # them and Left/Right change the focused one, so no setting needs the mouse.
    def _focused_slider(self) -> str | None:
        index = self.focus - len(self.buttons)
        return SLIDER_NAMES[index] if 0 <= index < len(SLIDER_NAMES) else None

    def move_focus(self, step: int) -> None:
        count = len(self.buttons) + len(SLIDER_NAMES)
        self.focus = (self.focus + step) % count

    def set_volume(self, name: str, percent: int) -> None:
        percent = max(0, min(100, percent))
        slider = self.sliders.get(name)
        if slider is not None and slider.get_current_value() != percent:
            slider.set_current_value(percent)
        changed = self.app.settings.with_changes(**{f"{name}_volume": percent / 100})
        self.message = self.app.apply_settings(changed) or ""
        if name == "effects":
            self.app.effect("click")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for name, slider in self.sliders.items():
                if event.ui_element is slider:
                    self.set_volume(name, round(slider.get_current_value()))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # A click on the track jumps there (pygame_gui only drags the thumb).
            for index, (name, slider) in enumerate(self.sliders.items()):
                rect = slider.get_abs_rect()
                parts = (slider.sliding_button, slider.left_button, slider.right_button)
                on_part = any(b is not None and b.rect.collidepoint(event.pos) for b in parts)
                if rect.collidepoint(event.pos) and not on_part:
                    self.focus = len(self.buttons) + index
                    self.set_volume(name, round((event.pos[0] - rect.x) / max(1, rect.width) * 100))
                    return
        focused = self._focused_slider()
        if event.type == pygame.KEYDOWN and focused is not None:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = VOLUME_STEP if event.key == pygame.K_RIGHT else -VOLUME_STEP
                volume = getattr(self.app.settings, f"{focused}_volume")
                self.set_volume(focused, round(volume * 100) + step)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return  # nothing to press on a slider
        super().handle_event(event)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        name = self._focused_slider()
        if name is None:
            super().draw_overlay(surface)
        elif name in self.sliders:
            rect = self.sliders[name].get_abs_rect().inflate(8, 8)
            pygame.draw.rect(surface, assets.ACCENT, rect, 2, border_radius=8)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lang = self.app.lang
        for name, slider in getattr(self, "sliders", {}).items():
            rect = slider.get_abs_rect()
            value = round(getattr(self.app.settings, f"{name}_volume") * 100)
            label = tr(f"plateaux.setting_{name}_volume", lang, value=value)
            image = assets.text_image(label, 20, tuple(assets.TEXT))
            surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.y - 6)))
