"""What differs between games in the front ends, asked of each game's plugin (game/games/).

Front ends stay generic: they ask these hooks what to tell the player (the prompt of
the status line, why a click was refused), which cells to flash after a move and what
the rules page shows. A game without a plugin is an error naming it (no fallback).
"""

from __future__ import annotations

from engine.registry import get_spec
from game.games import front_end_games, plugin_for
from game.games.parts import GameHooks
from game.games.words import cell_name, player_name, tr_or

__all__ = ["GameHooks", "arcade_games", "cell_name", "game_title", "hooks_for", "player_name", "tr_or"]


def game_title(game_id: str, lang: str, *, short: bool = False) -> str:
    key = f"plateaux.game_short_{game_id}" if short else f"plateaux.game_{game_id}"
    return tr_or(key, lang, get_spec(game_id).title)


def arcade_games() -> list[str]:
    """The registered games the front ends can show: those with a plugin."""
    return front_end_games()


def hooks_for(game_id: str) -> GameHooks:
    return plugin_for(game_id).hooks
