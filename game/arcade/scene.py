"""The scene protocol: every screen of the arcade is a Scene on the app's stack.

`handle_event` and `update` may change the scene; `draw` only reads it. Data a scene
needs arrives through its constructor. The top scene owns the pygame_gui widgets on
screen: they are built in `build` when it becomes the top and removed when it is
covered or leaves, so a scene's widgets always reflect its current state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIContainer

from game.arcade import assets

if TYPE_CHECKING:
    from game.arcade.app import App


SceneFactory = Callable[..., "Scene"]

# Scenes reach each other by name through this registry (filled by scenes/__init__.py),
# never by importing each other's classes: no scene depends on another scene's module.
SCENES: dict[str, SceneFactory] = {}


def register_scene(name: str, factory: SceneFactory) -> None:
    SCENES[name] = factory


def make_scene(app: App, name: str, *arguments: Any, **keywords: Any) -> Scene:
    """Build the scene registered as `name`; an unknown name is a programming error."""
    factory = SCENES.get(name)
    if factory is None:
        raise LookupError(f"no scene registered as {name!r} (known: {', '.join(sorted(SCENES))})")
    return factory(app, *arguments, **keywords)


class Scene:
    music: str | None = "menu"
    # The keys this screen answers to, for the keyboard help (F1): (key, text key).
    shortcuts: tuple[tuple[str, str], ...] = ()

    def __init__(self, app: App) -> None:
        self.app = app
        self.root: UIContainer | None = None

    # ----- life cycle (called by the app) -------------------------------------
    def activate(self) -> None:
        """Build the widgets: the scene is now on top."""
        self.deactivate()
        self.root = UIContainer(pygame.Rect((0, 0), assets.SCREEN_SIZE), self.app.manager)
        self.build(self.root)

    def deactivate(self) -> None:
        """Remove the widgets: the scene is covered or gone."""
        if self.root is not None:
            self.root.kill()  # type: ignore[no-untyped-call]
            self.root = None

    def closing(self) -> None:
        """The scene leaves the stack for good: release what it holds."""

    def rebuild(self) -> None:
        """Rebuild the widgets (after a language change, for instance)."""
        if self.root is not None:
            self.activate()

    # ----- to override ---------------------------------------------------------
    def build(self, root: UIContainer) -> None:
        """Create this scene's widgets inside `root`."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event (pygame_gui events included)."""

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene under the widgets."""
        surface.fill(assets.BACKGROUND)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Paint over the widgets (focus rings, tooltips)."""

    @property
    def busy_thinking(self) -> bool:
        """Whether the AI works for this scene (frame times are then measured apart)."""
        return False


def pressed_button(event: pygame.event.Event) -> object | None:
    """The button a pygame_gui click event is about, else None."""
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        return event.ui_element  # type: ignore[no-any-return]
    return None


def press_named_button(
    event: pygame.event.Event, buttons: Mapping[str, object], press: Callable[[str], None]
) -> bool:
    """A click on one of `buttons` goes to `press(name)`; True when the event was any button's
    click (so the scene reads it no further)."""
    element = pressed_button(event)
    if element is None:
        return False
    for name, button in buttons.items():
        if element is button:
            press(name)
    return True
