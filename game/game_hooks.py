"""What differs between games in the arcade, behind one registry keyed by game id.

Scenes stay generic: they ask these hooks what to tell the player (the prompt of the
status line, why a click was refused), which cells to flash after a move and what
the rules diagram shows. A new game registers its `GameHooks`; `GENERIC` covers the
rest with plain, always-correct messages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import GameState
from engine.registry import GAMES, get_spec
from game.geometry import geometry_for
from game.i18n import tr


def tr_or(key: str, lang: str, fallback: str, **fields: object) -> str:
    """`tr`, or `fallback` when no translation file has the key (a game added later)."""
    text = tr(key, lang, **fields)
    return fallback if text == key else text


def player_name(state: GameState, player: int, lang: str) -> str:
    """'White', 'Blanc', ... from the game's own colour names."""
    colour = state.spec.player_names[player]
    return tr_or(f"plateaux.colour_{colour.lower()}", lang, colour)


def game_title(game_id: str, lang: str, *, short: bool = False) -> str:
    key = f"plateaux.game_short_{game_id}" if short else f"plateaux.game_{game_id}"
    return tr_or(key, lang, get_spec(game_id).title)


def arcade_games() -> list[str]:
    """The registered games the arcade can show: those with a board geometry."""
    playable = []
    for game_id in GAMES:
        try:
            geometry_for(game_id)
        except (KeyError, ValueError):
            continue
        playable.append(game_id)
    return playable


def cell_name(state: GameState, cell: int) -> str:
    return geometry_for(state.spec.id, state.options).cell_names[cell]


def _generic_prompt(state: GameState, prefix: tuple[int, ...], lang: str) -> str:
    who = player_name(state, state.to_move, lang)
    if prefix:
        return tr("plateaux.prompt_continue", lang, player=who)
    return tr("plateaux.prompt_turn", lang, player=who)


def _generic_refusal(state: GameState, prefix: tuple[int, ...], cell: int, lang: str) -> str:
    return tr("plateaux.refuse_generic", lang, cell=cell_name(state, cell))


def _no_flash(state_after: GameState, move: Any) -> list[int]:
    return []


def _no_score_line(state: GameState, player: int, lang: str) -> str | None:
    return None


@dataclass(frozen=True)
class GameHooks:
    prompt: Callable[[GameState, tuple[int, ...], str], str] = _generic_prompt
    refusal: Callable[[GameState, tuple[int, ...], int, str], str] = _generic_refusal
    flash_cells: Callable[[GameState, Any], list[int]] = _no_flash
    # Moves from the start shown by the rules diagram, and the cells it marks.
    diagram_moves: tuple[str, ...] = ()
    diagram_marks: tuple[str, ...] = ()
    options_label_keys: dict[str, str] = field(default_factory=dict)
    # Translation keys of the rules page and the diagram's caption; a game added later
    # keeps them in its own namespace file (assets/translations/<game>.<lang>.json).
    rules_key: str = ""
    diagram_caption_key: str = ""
    # What a player's card in the side panel counts (Othello: discs), or None for the
    # generic pieces in hand and taken.
    score_line: Callable[[GameState, int, str], str | None] = _no_score_line


GENERIC = GameHooks()
_HOOKS: dict[str, GameHooks] = {}


def register(game_id: str, hooks: GameHooks) -> None:
    _HOOKS[game_id] = hooks


def hooks_for(game_id: str) -> GameHooks:
    return _HOOKS.get(game_id, GENERIC)


# Each game's hooks live in its own module; importing it registers them.
from game import dames_hooks, morris_hooks, othello_hooks, teeko_hooks  # noqa: E402

_ = (dames_hooks, morris_hooks, othello_hooks, teeko_hooks)
