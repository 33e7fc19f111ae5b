"""Games by id: the one place that lists the plugins, each checked when it is registered.

A game is a package under engine/games/ exposing `SPECS`; adding one is one line in
PLUGINS. `register` also takes a spec from elsewhere (a test's sixth game). A spec
missing a required part is refused with an error naming the game and the part, so
nothing falls back silently later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import ALL_LEVELS, PERFECT, EngineError, GameSpec, GameState, OptionError
from engine.games import dames, morris, othello, teeko
from engine.messages import BASE_MESSAGES, bad_templates

PLUGINS = (morris, teeko, othello, dames)
GAMES: dict[str, GameSpec] = {}
_ORACLE_METHODS = ("load", "position_verdict", "move_verdicts", "perfect_move", "decisive_ply")


class GameSpecError(EngineError):
    """A game plugin lacks a required part or declares a bad one."""


def _refuse(spec: Any, part: str, why: str) -> GameSpecError:
    name = getattr(spec, "id", None)
    return GameSpecError(f"game {name!r}: {part} {why}")


def validate(spec: GameSpec) -> None:
    """Raise GameSpecError naming the game and the part when a part is missing or wrong."""
    if not isinstance(spec, GameSpec):
        raise GameSpecError(f"{spec!r} is not a GameSpec")
    if not isinstance(spec.id, str) or not spec.id.isidentifier() or not spec.id.islower():
        raise _refuse(spec, "id", "must be a lower-case identifier")
    if not isinstance(spec.title, str) or not spec.title:
        raise _refuse(spec, "title", "is missing")
    names = spec.player_names
    if not (isinstance(names, tuple) and len(names) == 2 and all(isinstance(n, str) and n for n in names)):
        raise _refuse(spec, "player_names", "must be two names")
    for part in ("factory", "evaluate"):
        if not callable(getattr(spec, part, None)):
            raise _refuse(spec, part, "is missing (a callable is required)")
    for part in ("endgame", "opening", "search"):
        if getattr(spec, part) is not None and not callable(getattr(spec, part)):
            raise _refuse(spec, part, "must be a callable or None")
    if not spec.levels or any(level not in ALL_LEVELS for level in spec.levels):
        raise _refuse(spec, "levels", f"must be chosen from {', '.join(ALL_LEVELS)}")
    if spec.oracle is not None:
        for method in _ORACLE_METHODS:
            if not callable(getattr(spec.oracle, method, None)):
                raise _refuse(spec, "oracle", f"lacks {method}()")
    if PERFECT in spec.levels and spec.oracle is None:
        raise _refuse(spec, "oracle", f"is missing (the {PERFECT} level plays from it)")
    missing = sorted(set(BASE_MESSAGES) - set(spec.messages))
    if missing:
        raise _refuse(spec, "messages", f"lack {', '.join(missing)} (start from BASE_MESSAGES)")
    bad = sorted(bad_templates(spec.messages))
    if bad:
        raise _refuse(spec, "messages", f"have bad keys or templates: {', '.join(bad)}")
    if "start" not in spec.bench_positions:
        raise _refuse(spec, "bench_positions", "must name a 'start' position")


def register(spec: GameSpec) -> GameSpec:
    """Check a spec and add it; registering the same spec again does nothing."""
    validate(spec)
    known = GAMES.get(spec.id)
    if known is not None and known is not spec:
        raise _refuse(spec, "id", "is already taken by another game")
    GAMES[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game added by `register` (tests clean up after themselves)."""
    GAMES.pop(game_id, None)


def _register_plugins() -> None:
    for plugin in PLUGINS:
        specs = getattr(plugin, "SPECS", None)
        if not specs:
            raise GameSpecError(f"plugin {plugin.__name__} exposes no SPECS")
        for spec in specs:
            register(spec)


_register_plugins()


def get_spec(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise OptionError(f"unknown game {game_id!r} (known: {known})") from None


def levels_for(game_id: str) -> tuple[str, ...]:
    """The levels a game offers (menus): its spec's `levels` (`perfect` with an oracle)."""
    return get_spec(game_id).levels


def new_state(game_id: str, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh game; options are checked against the game's OptionSpecs."""
    return get_spec(game_id).new_state(options)


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    """Rebuild a state from `GameState.to_dict()` output: its start ("start", a position
    text, when the game was set up; else the standard start), then every move, checked.

    Data from files and the network arrives here: every shape error is an EngineError."""
    if not isinstance(data, Mapping):
        raise EngineError("a game must be an object with game, options and moves")
    options = data.get("options", {})
    moves = data.get("moves", [])
    start = data.get("start")
    if not isinstance(options, Mapping):
        raise OptionError("options must be an object")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise EngineError("moves must be a list of texts")
    if start is not None and not isinstance(start, str):
        raise EngineError("start must be a position text")
    spec = get_spec(data.get("game"))  # type: ignore[arg-type]
    state = spec.new_state(options) if start is None else spec.from_position(start, options)
    state.play_all(moves)
    return state
