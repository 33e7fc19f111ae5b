"""Who plays: against the AI, two people on this computer, or AI against AI."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.game_hooks import game_title
from game.i18n import tr
from game.session import AI, HUMAN, GameSetup, Seat
from scenes.menu import Entry, MenuScene

if TYPE_CHECKING:
    from game.arcade.app import App

VS_AI, TWO_PLAYERS, AI_VS_AI = "vs_ai", "two_players", "ai_vs_ai"


class ModeSelectScene(MenuScene):
    title_key = "plateaux.choose_mode"

    def __init__(self, app: App, setup: GameSetup) -> None:
        super().__init__(app)
        self.setup = setup

    def entries(self) -> list[Entry]:
        return [
            Entry(VS_AI, "mode_vs_ai"),
            Entry(TWO_PLAYERS, "mode_two_players"),
            Entry(AI_VS_AI, "mode_ai_vs_ai"),
            Entry("lan", "text", {"text": tr("net.mode_lan", self.app.lang)}),
        ]

    def subtitle(self) -> str:
        return game_title(self.setup.game_id, self.app.lang)

    def choose(self, action: str) -> None:
        if action == TWO_PLAYERS:
            setup = replace(self.setup, seats=(Seat(HUMAN), Seat(HUMAN)))
            self.app.push("new_game", setup=setup)
        elif action == VS_AI:
            setup = replace(self.setup, seats=(Seat(HUMAN), Seat(AI, "medium")))
            self.app.push("difficulty", setup)
        elif action == "lan":
            self.app.push("lan_menu", self.setup)
        elif action == AI_VS_AI:
            setup = replace(self.setup, seats=(Seat(AI, "medium"), Seat(AI, "hard")))
            self.app.push("difficulty", setup)


def seat_text(seat: Seat, lang: str) -> str:
    if seat.is_ai:
        return tr("plateaux.seat_ai", lang, level=tr(f"plateaux.level_{seat.level}", lang))
    return seat.name or tr("plateaux.seat_human", lang)
