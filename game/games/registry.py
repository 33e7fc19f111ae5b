"""The front-end plugins, registered explicitly (game/games/__init__.py); a registered
engine game without one, or a plugin missing a part, is an error naming both."""

from __future__ import annotations

from engine.registry import GAMES
from game.games.parts import FrontEnd, FrontEndError

_PLUGINS: dict[str, FrontEnd] = {}


def register(plugin: FrontEnd) -> None:
    """Add a game's front end (a test may register a game of its own)."""
    check_plugin(plugin)
    _PLUGINS[plugin.game_id] = plugin


def unregister(game_id: str) -> None:
    _PLUGINS.pop(game_id, None)


def plugin_for(game_id: str) -> FrontEnd:
    plugin = _PLUGINS.get(game_id)
    if plugin is None:
        raise FrontEndError(f"game {game_id!r} has no front-end plugin (register one in game/games/)")
    return plugin


def check_plugin(plugin: FrontEnd) -> None:
    """Every part present: a geometry builder, a look, a prompt, a refusal, texts, rules."""
    parts = {
        "geometry": callable(plugin.geometry),
        "looks": bool(plugin.looks),
        "hooks.prompt": callable(getattr(plugin.hooks, "prompt", None)),
        "hooks.refusal": callable(getattr(plugin.hooks, "refusal", None)),
        "texts": bool(plugin.texts),
        "rules_key": bool(plugin.rules_key),
        "diagram_caption_key": bool(plugin.diagram_caption_key),
    }
    missing = [name for name, present in parts.items() if not present]
    if missing:
        raise FrontEndError(f"the front-end plugin of {plugin.game_id!r} lacks: {', '.join(missing)}")


def check_front_ends() -> None:
    """At start: every game of the engine's registry has a complete front end."""
    for game_id in GAMES:
        check_plugin(plugin_for(game_id))


def front_end_games() -> list[str]:
    """The games the front ends can show, in the engine's order."""
    return [game_id for game_id in GAMES if game_id in _PLUGINS]
