"""Join a game: pick it from the games heard on the network, or type its address,
then give the host's join code. The board replaces this scene once the host lets us in."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UISelectionList, UITextEntryLine

from game.arcade import assets
from game.arcade.scene import Scene, pressed_button
from game.game_hooks import game_title
from game.i18n import tr
from game.net.bridge import NetBridge
from game.net.events import Ended, FoundGame, GamesFound, Started
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, DEFAULT_PORT, normalise_code, parse_address
from game.net.remote_turns import ended_text
from scenes.lan_start import start_lan_board
from scenes.menu import BACK_RECT, backdrop, draw_title

if TYPE_CHECKING:
    from game.arcade.app import App

LIST_RECT = pygame.Rect(170, 280, 520, 250)
FORM_LEFT, FORM_WIDTH = 760, 350


# The list and entries of this scene only (their own object ids), added to the theme at
# run time: rows tall enough to click, text the size of the rest of the chrome.
def _title(game_id: str, lang: str) -> str:
    """A listed game's title; a game this version lacks is named, never a crash."""
    try:
        return game_title(game_id, lang)
    except ValueError:  # EngineError/OptionError: the discovery filter missed it
        return game_id[:20]


class JoinScene(Scene):
    def __init__(self, app: App, bridge: NetBridge | None = None) -> None:
        super().__init__(app)
        self.bridge: NetBridge | None = bridge or NetBridge()
        self.bridge.discover()
        self.found: tuple[FoundGame, ...] = ()
        self.expect_game: str | None = None  # the game picked from the list, checked by the host
        self.address_text = ""
        self.code_text = ""
        self.joining = False
        self.message = ""
        self.message_is_problem = False
        self.clock = 0.0
        self.games_list: UISelectionList | None = None
        self.address: UITextEntryLine | None = None
        self.code: UITextEntryLine | None = None
        self.join_button: UIButton | None = None
        self.back_button: UIButton | None = None

    # ----- widgets -------------------------------------------------------------------------
    def build(self, root: UIContainer) -> None:
        manager = self.app.manager
        self.games_list = UISelectionList(
            LIST_RECT, self._items(), manager, container=root, object_id=ObjectID("#lan_games")
        )
        self.address = UITextEntryLine(
            pygame.Rect(FORM_LEFT, 300, FORM_WIDTH, 46),
            manager,
            container=root,
            initial_text=self.address_text or None,
            object_id=ObjectID("#lan_entry"),
        )
        self.address.set_text_length_limit(80)
        self.code = UITextEntryLine(
            pygame.Rect(FORM_LEFT, 390, FORM_WIDTH, 46),
            manager,
            container=root,
            initial_text=self.code_text or None,
            object_id=ObjectID("#lan_entry"),
        )
        self.code.set_text_length_limit(CODE_LENGTH + 2)
        self.code.set_allowed_characters(list(CODE_ALPHABET + CODE_ALPHABET.lower() + " -"))
        self.join_button = UIButton(
            pygame.Rect(FORM_LEFT, 462, FORM_WIDTH, 56),
            "net.join",
            manager,
            container=root,
            object_id=ObjectID("#chosen"),
        )
        if self.joining:
            self.join_button.disable()  # type: ignore[no-untyped-call]
        self.back_button = UIButton(BACK_RECT, "plateaux.back", manager, container=root)

    def _items(self) -> list[str | tuple[str, str]]:
        lang = self.app.lang
        return [f"{_title(g.game_id, lang)} — {g.name or g.address} ({g.endpoint})" for g in self.found]

    def deactivate(self) -> None:
        """Keep what was typed when the widgets go (covered, or a language change)."""
        if self.address is not None and self.code is not None and self.root is not None:
            self.address_text, self.code_text = self.address.get_text(), self.code.get_text()
        super().deactivate()

    def closing(self) -> None:
        if self.bridge is not None:
            self.bridge.close()
            self.bridge = None

    # ----- input ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        element = pressed_button(event)
        if element is not None and element is self.back_button:
            self.app.effect("click")
            self.app.pop()
        elif element is not None and element is self.join_button:
            self.join()
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.games_list:
            self.pick(str(event.text))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code:
            self.join()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.address:
            if self.code is not None:
                self.code.focus()  # type: ignore[no-untyped-call]
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.effect("click")
            self.app.pop()

    def pick(self, text: str) -> None:
        items = [str(item) for item in self._items()]
        if text not in items or self.address is None:
            return
        game = self.found[items.index(text)]
        self.address.set_text(game.endpoint)
        self.expect_game = game.game_id
        self.app.effect("select")
        if self.code is not None:
            self.code.focus()  # type: ignore[no-untyped-call]

    def join(self) -> None:
        lang = self.app.lang
        if self.joining or self.bridge is None or self.address is None or self.code is None:
            return
        typed = self.address.get_text()
        try:
            host, port = parse_address(typed, DEFAULT_PORT)
        except ValueError:
            self._say(tr("net.bad_address", lang), problem=True)
            return
        code = normalise_code(self.code.get_text())
        if len(code) != CODE_LENGTH:
            self._say(tr("net.need_code", lang, count=CODE_LENGTH), problem=True)
            return
        if not any(g.endpoint == typed.strip() for g in self.found):
            self.expect_game = None  # typed by hand: whatever game the host offers
        self.address_text, self.code_text = typed, self.code.get_text()
        self.bridge.join(host, port, code, self.expect_game)
        self.joining = True
        if self.join_button is not None:
            self.join_button.disable()  # type: ignore[no-untyped-call]
        self._say(tr("net.connecting", lang, address=f"{host}:{port}"))
        self.app.effect("click")

    def _say(self, text: str, *, problem: bool = False) -> None:
        self.message, self.message_is_problem = text, problem
        if problem:
            self.app.effect("refused")

    # ----- time ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.bridge is None:
            return
        events = self.bridge.poll()
        for index, event in enumerate(events):
            if isinstance(event, GamesFound):
                self.found = event.games
                if self.games_list is not None:
                    self.games_list.set_item_list(self._items())
            elif isinstance(event, Ended):
                self.joining = False
                if self.join_button is not None:
                    self.join_button.enable()  # type: ignore[no-untyped-call]
                self._say(ended_text(event, self.app.lang), problem=True)
            elif isinstance(event, Started):
                bridge, self.bridge = self.bridge, None  # the board owns the connection now
                bridge.stop_discovery()
                self.app.effect("select")
                problem = start_lan_board(self.app, bridge, event, events[index + 1 :])
                if problem:
                    bridge.close()
                    self._say(problem, problem=True)
                return

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lang = self.app.lang
        surface.blit(backdrop(), (0, 0))
        draw_title(surface, tr("net.join_title", lang), tr("net.join_subtitle", lang))
        heading = assets.text_image(tr("net.found_games", lang), 20, tuple(assets.TEXT_DIM))
        surface.blit(heading, (LIST_RECT.x, LIST_RECT.y - 30))
        for top, key in ((270, "net.address_label"), (360, "net.code_entry_label")):
            label = assets.text_image(tr(key, lang), 20, tuple(assets.TEXT_DIM))
            surface.blit(label, (FORM_LEFT, top))
        if self.message:
            colour = assets.REFUSAL if self.message_is_problem else assets.TEXT
            text = assets.fit_text(self.message, 22, 1100)
            image = assets.text_image(text, 22, tuple(colour))
            surface.blit(image, image.get_rect(center=(assets.SCREEN_SIZE[0] // 2, 590)))

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if not self.found:  # over the empty list widget
            dots = "." * (1 + int(self.clock * 2) % 3)
            empty = assets.text_image(tr("net.no_games", self.app.lang) + dots, 19, tuple(assets.TEXT_DIM))
            surface.blit(empty, empty.get_rect(center=LIST_RECT.center))
