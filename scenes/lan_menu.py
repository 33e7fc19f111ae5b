"""Over the network: host the chosen game (and pick a side), or join someone's game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import FIRST
from engine.registry import new_state
from game.game_hooks import game_title, player_name
from game.i18n import tr
from game.session import GameSetup
from scenes.menu import Entry, MenuScene

if TYPE_CHECKING:
    from game.arcade.app import App


class LanMenuScene(MenuScene):
    title_key = "net.lan_title"

    def __init__(self, app: App, setup: GameSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.host_seat = FIRST

    def entries(self) -> list[Entry]:
        lang = self.app.lang
        side = player_name(new_state(self.setup.game_id, self.setup.options), self.host_seat, lang)
        return [
            Entry("host", "text", {"text": tr("net.host_game", lang)}),
            Entry("side", "text", {"text": tr("net.host_side", lang, side=side)}),
            Entry("join", "text", {"text": tr("net.join_game", lang)}),
        ]

    def subtitle(self) -> str:
        return game_title(self.setup.game_id, self.app.lang)

    def choose(self, action: str) -> None:
        if action == "host":
            self.app.push("host", self.setup, self.host_seat)
        elif action == "side":
            self.host_seat = 1 - self.host_seat
            self.refresh()
        elif action == "join":
            self.app.push("join")
