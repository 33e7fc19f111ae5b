"""Words every game's plugin uses: colour names, cell names, a translation with a fallback."""

from __future__ import annotations

from engine.core import GameState
from game.games.registry import plugin_for
from game.i18n import tr


def tr_or(key: str, lang: str, fallback: str, **fields: object) -> str:
    """`tr`, or `fallback` when no translation file has the key (a game added later)."""
    text = tr(key, lang, **fields)
    return fallback if text == key else text


def player_name(state: GameState, player: int, lang: str) -> str:
    """'White', 'Blanc', ... from the game's own colour names."""
    colour = state.spec.player_names[player]
    return tr_or(f"plateaux.colour_{colour.lower()}", lang, colour)


def cell_name(state: GameState, cell: int) -> str:
    return plugin_for(state.spec.id).geometry(state.options).cell_names[cell]
