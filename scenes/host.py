"""Host a game: show the join code and this computer's address, wait for the guest.

The network runs in the bridge's thread; this scene only polls its events. When the
guest is in, the board replaces this scene and takes the bridge with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game.arcade import assets
from game.arcade.scene import Scene, pressed_button
from game.game_hooks import game_title, player_name
from game.i18n import tr
from game.net.bridge import NetBridge
from game.net.discovery import local_addresses
from game.net.events import Ended, Listening, Notice, Started
from game.net.remote_turns import ended_text
from game.session import GameSetup
from scenes.lan_start import start_lan_board
from scenes.menu import BACK_RECT, backdrop, draw_title

if TYPE_CHECKING:
    from game.arcade.app import App


class HostScene(Scene):
    def __init__(self, app: App, setup: GameSetup, seat: int, bridge: NetBridge | None = None) -> None:
        super().__init__(app)
        self.setup = setup
        self.seat = seat
        self.bridge: NetBridge | None = bridge or NetBridge()
        self.bridge.host(setup.game_id, setup.options, seat)
        self.code = ""
        self.port = 0
        self.addresses = local_addresses()
        self.refused = 0  # strangers turned away (shown, so a host sees something happen)
        self.problem = ""
        self.clock = 0.0
        self.back_button: UIButton | None = None

    def build(self, root: UIContainer) -> None:
        self.back_button = UIButton(BACK_RECT, "plateaux.back", self.app.manager, container=root)

    def back(self) -> None:
        self.app.effect("click")
        self.app.pop()

    def closing(self) -> None:
        if self.bridge is not None:
            self.bridge.close()
            self.bridge = None

    def handle_event(self, event: pygame.event.Event) -> None:
        escape = event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        element = pressed_button(event)
        if escape or (element is not None and element is self.back_button):
            self.back()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.bridge is None:
            return
        events = self.bridge.poll()
        for index, event in enumerate(events):
            if isinstance(event, Listening):
                self.code, self.port = event.code, event.port
            elif isinstance(event, Notice):
                self.refused += 1
            elif isinstance(event, Ended):
                self.problem = ended_text(event, self.app.lang)
            elif isinstance(event, Started):
                bridge, self.bridge = self.bridge, None  # the board owns the connection now
                self.app.effect("select")
                self.problem = start_lan_board(self.app, bridge, event, events[index + 1 :], self.setup)
                if self.problem:
                    bridge.close()
                return

    def draw(self, surface: pygame.Surface) -> None:
        lang = self.app.lang
        surface.blit(backdrop(), (0, 0))
        side = player_name_for(self.setup, self.seat, lang)
        draw_title(surface, tr("net.host_title", lang), f"{game_title(self.setup.game_id, lang)}  ·  {side}")
        centre = assets.SCREEN_SIZE[0] // 2
        if self.code:
            label = assets.text_image(tr("net.code_label", lang), 22, tuple(assets.TEXT_DIM))
            surface.blit(label, label.get_rect(center=(centre, 262)))
            box = pygame.Rect(0, 0, 420, 96)
            box.center = (centre, 334)
            pygame.draw.rect(surface, assets.PANEL, box, border_radius=14)
            pygame.draw.rect(surface, assets.ACCENT, box, 2, border_radius=14)
            code = assets.text_image(" ".join(self.code), 56, tuple(assets.ACCENT), mono=True)
            surface.blit(code, code.get_rect(center=box.center))
            where = ", ".join(f"{address}:{self.port}" for address in self.addresses[:3])
            line = assets.text_image(tr("net.your_address", lang, address=where), 22, tuple(assets.TEXT))
            surface.blit(line, line.get_rect(center=(centre, 420)))
        if self.problem:
            status, colour = self.problem, assets.REFUSAL
        elif not self.code:
            status, colour = tr("net.starting", lang), assets.TEXT_DIM
        else:
            dots = "." * (1 + int(self.clock * 2) % 3)
            status, colour = tr("net.waiting_guest", lang) + dots, assets.TEXT
        image = assets.text_image(status, 24, tuple(colour))
        surface.blit(image, image.get_rect(center=(centre, 500)))
        if self.refused:
            text = tr("net.refused_count", lang, count=self.refused)
            note = assets.text_image(text, 18, tuple(assets.TEXT_DIM))
            surface.blit(note, note.get_rect(center=(centre, 540)))


def player_name_for(setup: GameSetup, seat: int, lang: str) -> str:
    from engine.registry import new_state

    return tr("net.you_play", lang, side=player_name(new_state(setup.game_id, setup.options), seat, lang))
