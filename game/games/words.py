"""Words every game's plugin uses: colour names, cell names, a translation with a fallback,
and the engine's typed refusals and prompts translated ('<plugin>.refuse_<code>')."""

from __future__ import annotations

from collections.abc import Callable

from engine.basics import CELL_PARAMS, PLAYER_PARAMS, Prompt, Refusal
from engine.core import GameState
from engine.messages import key_of
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


def item_text(state: GameState, item: Refusal | Prompt, lang: str, namespace: str) -> str:
    """A refusal's or prompt's text in `lang`: '<namespace>.refuse_<code>' (or prompt_),
    else the shared 'plateaux.' one; cells and players named. The engine's English only
    for a code no translation file knows (tests/test_refusal_texts.py keeps that empty)."""
    fields: dict[str, object] = {}
    for name, value in item.params.items():
        if name in CELL_PARAMS and isinstance(value, int):
            fields[name] = cell_name(state, value)
        elif name in PLAYER_PARAMS and value in (0, 1):
            fields[name] = player_name(state, int(value), lang)
        else:
            fields[name] = value
    key = key_of(item)
    for full in (f"{namespace}.{key}", f"plateaux.{key}"):
        text = tr(full, lang, **fields)
        if text != full:
            return text
    return state.describe(item)


def typed_prompt(namespace: str) -> Callable[[GameState, tuple[int, ...], str], str]:
    """A plugin's prompt hook: the engine's typed prompt, translated."""

    def prompt(state: GameState, prefix: tuple[int, ...], lang: str) -> str:
        return item_text(state, state.prompt(prefix), lang, namespace)

    return prompt


def typed_refusal(namespace: str) -> Callable[[GameState, tuple[int, ...], int, str], str]:
    """A plugin's refusal hook: the engine's typed reason for a refused click, translated."""

    def refusal(state: GameState, prefix: tuple[int, ...], cell: int, lang: str) -> str:
        found = state.click_refusal(prefix, cell) or Refusal("no_move", (cell,), {"cell": cell})
        return item_text(state, found, lang, namespace)

    return refusal


def formed_lines(state_after: GameState, move: object) -> list[int]:
    """A plugin's flash hook: the lines the move completed (Morris mills, Teeko's four)."""
    return list(state_after.formed_lines())
