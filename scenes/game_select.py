"""Which game, with its rule options (twelve's diagonal lines, ...) and its look (dames A or B).

The games stand in the left column; the chosen game's options, its look when it has
more than one, and Next stand in the right one, so a game with options never pushes
the buttons into the title.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pygame_gui.core import UIContainer

from engine.core import EngineError
from engine.registry import GAMES
from game.arcade import assets
from game.game_hooks import arcade_games, game_title
from game.i18n import tr
from game.looks import default_look_id, look_for, looks_for
from game.session import GameSetup
from scenes.menu import BUTTON_GAP, BUTTON_HEIGHT, COLUMN_TOP, Entry, MenuScene

if TYPE_CHECKING:
    from game.arcade.app import App

COLUMN_WIDTH, COLUMN_SPACE = 460, 24


def option_text(game_id: str, name: str, value: object, lang: str) -> str:
    """'Diagonal lines: on' in the player's language."""
    label = tr(f"plateaux.option_{name}", lang)
    shown = tr("plateaux.on" if value else "plateaux.off", lang) if isinstance(value, bool) else str(value)
    return tr("plateaux.labelled", lang, label=label, value=shown)


def look_text(game_id: str, look_id: str, lang: str) -> str:
    """'Look A: round cells, diamond pieces' in the player's language."""
    look = look_for(game_id, look_id)
    return tr(look.name_key, lang) if look.name_key else look.look_id


class GameSelectScene(MenuScene):
    title_key = "plateaux.choose_game"

    def __init__(self, app: App, setup: GameSetup | None = None) -> None:
        super().__init__(app)
        chosen = setup or GameSetup()
        if setup is None:  # a new choice starts from the options last chosen for the game
            chosen = replace(chosen, options=self._remembered(chosen.game_id))
        # Seed 004: every new game offers the look again, the game's default first
        # unless this setup already chose one of its looks.
        if chosen.look not in {look.look_id for look in looks_for(chosen.game_id)}:
            chosen = replace(chosen, look=default_look_id(chosen.game_id))
        self.setup = chosen

    def entries(self) -> list[Entry]:
        lang = self.app.lang
        entries = [
            Entry(f"game:{gid}", "text", {"text": game_title(gid, lang)}, chosen=gid == self.setup.game_id)
            for gid in arcade_games()
        ]
        # Next heads the second column and the game's choices come under it, so choosing
        # a game with more choices never moves Next (nor anything) under the pointer.
        entries.append(Entry("next", "next"))
        spec = GAMES[self.setup.game_id]
        for option in spec.options:
            value = self.setup.options.get(option.name, option.default)
            text = option_text(spec.id, option.name, value, self.app.lang)
            entries.append(Entry(f"option:{option.name}", "text", {"text": text}))
        if len(looks_for(spec.id)) > 1:
            entries.append(Entry("look", "text", {"text": look_text(spec.id, self.setup.look, lang)}))
        return entries

    def build(self, root: UIContainer) -> None:
        """The menu's one column, then the options and Next moved to a second column."""
        super().build(root)
        games = [button for button, entry in self.buttons if entry.action.startswith("game:")]
        rest = [button for button, entry in self.buttons if not entry.action.startswith("game:")]
        left = (assets.SCREEN_SIZE[0] - 2 * COLUMN_WIDTH - COLUMN_SPACE) // 2
        for column, buttons in enumerate((games, rest)):
            for row, button in enumerate(buttons):
                x = left + column * (COLUMN_WIDTH + COLUMN_SPACE)
                button.set_relative_position((x, COLUMN_TOP + row * (BUTTON_HEIGHT + BUTTON_GAP)))
                button.set_dimensions((COLUMN_WIDTH, BUTTON_HEIGHT))

    def _remembered(self, game_id: str) -> dict[str, Any]:
        """The options last chosen for a game, if they still suit it (else its defaults)."""
        try:
            return GAMES[game_id].check_options(self.app.settings.options_for(game_id))
        except EngineError:
            return {}

    def subtitle(self) -> str:
        spec = GAMES[self.setup.game_id]
        parts = [game_title(spec.id, self.app.lang)]
        for option in spec.options:
            value = self.setup.options.get(option.name, option.default)
            parts.append(option_text(spec.id, option.name, value, self.app.lang))
        if len(looks_for(spec.id)) > 1:
            parts.append(look_text(spec.id, self.setup.look, self.app.lang))
        return " · ".join(parts)

    def choose(self, action: str) -> None:
        kind, _, name = action.partition(":")
        if kind == "game":
            options = self._remembered(name)
            self.setup = replace(self.setup, game_id=name, options=options, look=default_look_id(name))
            self.refresh()
        elif kind == "option":
            spec = GAMES[self.setup.game_id]
            option = next(o for o in spec.options if o.name == name)
            current = self.setup.options.get(name, option.default)
            following = option.choices[(option.choices.index(current) + 1) % len(option.choices)]
            self.setup = replace(self.setup, options={**self.setup.options, name: following})
            # Remembered for the next game and the next start (a failed write only costs that).
            self.app.apply_settings(self.app.settings.with_options(self.setup.game_id, self.setup.options))
            self.refresh()
        elif kind == "look":
            ids = [look.look_id for look in looks_for(self.setup.game_id)]
            current = ids.index(self.setup.look) if self.setup.look in ids else 0
            self.setup = replace(self.setup, look=ids[(current + 1) % len(ids)])
            self.refresh()
        elif kind == "next":
            self.app.push("mode_select", self.setup)
