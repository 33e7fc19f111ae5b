"""The AI's strength and which side the person plays (or both AIs' strengths)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.registry import levels_for
from game.game_hooks import player_name
from game.i18n import tr
from game.session import AI, HUMAN, GameSetup, Seat
from scenes.menu import Entry, MenuScene
from scenes.mode_select import seat_text

if TYPE_CHECKING:
    from game.arcade.app import App


class DifficultyScene(MenuScene):
    title_key = "plateaux.choose_difficulty"

    def __init__(self, app: App, setup: GameSetup) -> None:
        super().__init__(app)
        self.setup = setup

    @property
    def levels(self) -> tuple[str, ...]:
        """The levels this game offers: `perfect` for a solved game (Teeko) only."""
        return levels_for(self.setup.game_id)

    @property
    def both_ai(self) -> bool:
        return all(seat.is_ai for seat in self.setup.seats)

    def _names(self) -> tuple[str, str]:
        from engine.registry import new_state

        state = new_state(self.setup.game_id, self.setup.options)
        return player_name(state, 0, self.app.lang), player_name(state, 1, self.app.lang)

    def entries(self) -> list[Entry]:
        lang = self.app.lang
        names = self._names()
        seats = self.setup.seats
        if self.both_ai:
            entries = [
                Entry(
                    f"cycle:{i}",
                    "side_level",
                    {"side": names[i], "level": tr(f"plateaux.level_{seats[i].level}", lang)},
                )
                for i in (0, 1)
            ]
        else:
            ai_side = 0 if seats[0].is_ai else 1
            level = seats[ai_side].level
            entries = [Entry(f"level:{lv}", f"level_{lv}", chosen=lv == level) for lv in self.levels]
            human_side = 1 - ai_side
            entries.append(Entry("side", "play_side", {"side": names[human_side]}))
        entries.append(Entry("start", "start"))
        return entries

    def subtitle(self) -> str:
        names = self._names()
        lang = self.app.lang
        seats = [seat_text(seat, lang) for seat in self.setup.seats]
        return "  ·  ".join(tr("plateaux.labelled", lang, label=names[i], value=seats[i]) for i in (0, 1))

    def choose(self, action: str) -> None:
        kind, _, value = action.partition(":")
        seats = list(self.setup.seats)
        if kind == "level":
            seats = [Seat(AI, value) if s.is_ai else s for s in seats]
        elif kind == "cycle":
            index = int(value)
            levels = self.levels
            level = seats[index].level if seats[index].level in levels else levels[-1]
            seats[index] = Seat(AI, levels[(levels.index(level) + 1) % len(levels)])
        elif kind == "side":
            seats.reverse()
            seats = [Seat(AI, s.level) if s.is_ai else Seat(HUMAN) for s in seats]
        elif kind == "start":
            self.app.push("new_game", self.setup)
            return
        self.setup = replace(self.setup, seats=(seats[0], seats[1]))
        self.refresh()
