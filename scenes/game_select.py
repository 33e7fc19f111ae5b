"""Which game, with its rule options (twelve's diagonal lines, ...)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.registry import GAMES
from game.game_hooks import arcade_games, game_title
from game.i18n import tr
from game.session import GameSetup
from scenes.menu import Entry, MenuScene

if TYPE_CHECKING:
    from game.app import App


def option_text(game_id: str, name: str, value: object, lang: str) -> str:
    """'Diagonal lines: on' in the player's language."""
    label = tr(f"plateaux.option_{name}", lang)
    shown = tr("plateaux.on" if value else "plateaux.off", lang) if isinstance(value, bool) else str(value)
    return f"{label}: {shown}"


class GameSelectScene(MenuScene):
    title_key = "plateaux.choose_game"

    def __init__(self, app: App, setup: GameSetup | None = None) -> None:
        super().__init__(app)
        self.setup = setup or GameSetup()

    def entries(self) -> list[Entry]:
        lang = self.app.lang
        entries = [
            Entry(f"game:{gid}", "text", {"text": game_title(gid, lang)}, chosen=gid == self.setup.game_id)
            for gid in arcade_games()
        ]
        spec = GAMES[self.setup.game_id]
        for option in spec.options:
            value = self.setup.options.get(option.name, option.default)
            text = option_text(spec.id, option.name, value, self.app.lang)
            entries.append(Entry(f"option:{option.name}", "text", {"text": text}))
        entries.append(Entry("next", "next"))
        return entries

    def subtitle(self) -> str:
        spec = GAMES[self.setup.game_id]
        parts = [game_title(spec.id, self.app.lang)]
        for option in spec.options:
            value = self.setup.options.get(option.name, option.default)
            parts.append(option_text(spec.id, option.name, value, self.app.lang))
        return " · ".join(parts)

    def choose(self, action: str) -> None:
        kind, _, name = action.partition(":")
        if kind == "game":
            self.setup = replace(self.setup, game_id=name, options={})
            self.refresh()
        elif kind == "option":
            spec = GAMES[self.setup.game_id]
            option = next(o for o in spec.options if o.name == name)
            current = self.setup.options.get(name, option.default)
            following = option.choices[(option.choices.index(current) + 1) % len(option.choices)]
            self.setup = replace(self.setup, options={**self.setup.options, name: following})
            self.refresh()
        elif kind == "next":
            from scenes.mode_select import ModeSelectScene

            self.app.push(ModeSelectScene(self.app, self.setup))
