"""Games by id: the one place that knows which games exist."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import EngineError, GameSpec, GameState, OptionError
from engine.games.dames import DAMES
from engine.games.morris import NINE, TWELVE
from engine.games.othello import OTHELLO
from engine.games.teeko import TEEKO

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (NINE, TWELVE, TEEKO, OTHELLO, DAMES)}


def get_spec(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise OptionError(f"unknown game {game_id!r} (known: {known})") from None


def new_state(game_id: str, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh game; options are checked against the game's OptionSpecs."""
    return get_spec(game_id).new_state(options)


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    """Rebuild a state from `GameState.to_dict()` output, replaying every move checked.

    Data from files and the network arrives here: every shape error is an EngineError."""
    if not isinstance(data, Mapping):
        raise EngineError("a game must be an object with game, options and moves")
    options = data.get("options", {})
    moves = data.get("moves", [])
    if not isinstance(options, Mapping):
        raise OptionError("options must be an object")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise EngineError("moves must be a list of texts")
    state = new_state(data.get("game"), options)  # type: ignore[arg-type]
    state.play_all(moves)
    return state
