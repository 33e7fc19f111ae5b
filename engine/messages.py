"""English texts of refusals and prompts, from each game's message table.

A game's `GameSpec.messages` maps 'refuse_<code>' and 'prompt_<code>' to an English
template; its fields are the item's parameters, cells and players shown by name. The
engine's own texts (the CLI, ia.py, errors) come from here; front ends translate the
codes themselves.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping

from engine.basics import CELL_PARAMS, PLAYER_PARAMS, Prompt, Refusal

# Codes every game may return, with their English texts; a plugin adds its own.
BASE_MESSAGES: Mapping[str, str] = {
    "refuse_game_over": "the game is over",
    "refuse_illegal": "{move} is not a legal move here",
    "refuse_no_such_cell": "no such cell",
    "refuse_no_move": "no legal move goes through {cell} now",
    "prompt_game_over": "the game is over",
    "prompt_turn": "{player} to play",
    "prompt_continue": "{player}: go on with the move",
}
KNOWN_FIELDS = CELL_PARAMS | PLAYER_PARAMS | {"count", "move"}


def key_of(item: Refusal | Prompt) -> str:
    """The message key of a refusal or a prompt: 'refuse_<code>' or 'prompt_<code>'."""
    return f"{'refuse' if isinstance(item, Refusal) else 'prompt'}_{item.code}"


def fields_of(template: str) -> set[str]:
    """The names a template uses ('{cell} is not next to {src}' -> {'cell', 'src'})."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def bad_templates(messages: Mapping[str, str]) -> Iterable[str]:
    """Keys whose template is not text or uses a field no refusal or prompt provides."""
    for key, template in messages.items():
        if not key.startswith(("refuse_", "prompt_")) or not isinstance(template, str):
            yield str(key)
        else:
            try:
                if not fields_of(template) <= KNOWN_FIELDS:
                    yield key
            except ValueError:  # an unbalanced brace
                yield key


def describe(
    item: Refusal | Prompt,
    messages: Mapping[str, str],
    cell_name: Callable[[int], str],
    player_names: tuple[str, str],
) -> str:
    """The English text of a refusal or a prompt (its code when the game has no text)."""
    template = messages.get(key_of(item), item.code.replace("_", " "))
    fields: dict[str, str] = {}
    for name, value in item.params.items():
        if name in CELL_PARAMS and isinstance(value, int):
            fields[name] = cell_name(value)
        elif name in PLAYER_PARAMS and value in (0, 1):
            fields[name] = player_names[int(value)]
        else:
            fields[name] = str(value)
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):  # validation keeps this from happening
        return template
