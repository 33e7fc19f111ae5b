"""Board geometry shared by every front end (pygame look and Tk view): each game's
builder is its plugin's (game/games/); the types live in game/games/parts.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.games import plugin_for
from game.games.parts import GRID_MARGIN, BoardGeometry, square_grid

__all__ = ["GRID_MARGIN", "BoardGeometry", "geometry_for", "square_grid"]


def geometry_for(game_id: str, options: Mapping[str, Any] | None = None) -> BoardGeometry:
    """The geometry of a game's board with the given rule options."""
    return plugin_for(game_id).geometry(options or {})
