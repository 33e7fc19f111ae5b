"""Board looks: per game, a material, a cell style, a piece style and an orientation.

A look is pure data (no pygame, no tkinter), part of each game's plugin (game/games/),
so the arcade and the Tk view read the same one. Orientation is applied once, to the
board geometry itself: every centre and label is turned by quarter turns about the board's middle, so drawing,
click mapping, keyboard moves and labels all agree without any scene knowing.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.games import plugin_for
from game.games.parts import (
    CHECKER,
    DIAMOND,
    DISC,
    FELT,
    FELT_GRID,
    GRID_POINTS,
    POINTS,
    ROUND,
    ROUND_CELLS,
    SQUARE_CELLS,
    WOOD,
    BoardGeometry,
    Look,
)
from game.geometry import geometry_for

__all__ = [
    "CHECKER",
    "DIAMOND",
    "DISC",
    "FELT",
    "FELT_GRID",
    "GRID_POINTS",
    "POINTS",
    "ROUND",
    "ROUND_CELLS",
    "SQUARE_CELLS",
    "WOOD",
    "Look",
    "board_geometry",
    "look_for",
    "looks_for",
]


def looks_for(game_id: str) -> tuple[Look, ...]:
    """The looks a game's plugin offers, the default first."""
    return plugin_for(game_id).looks


def look_for(game_id: str, look_id: str | None = None) -> Look:
    """The look `look_id` of a game; an unknown or missing id gives the default look,
    so a save from elsewhere (or a damaged field) still shows its game."""
    looks = looks_for(game_id)
    return next((look for look in looks if look.look_id == look_id), looks[0])


def default_look_id(game_id: str) -> str:
    return looks_for(game_id)[0].look_id


def turn_point(x: float, y: float, quarter_turns: int) -> tuple[float, float]:
    """A point in board units (0..1) after clockwise quarter turns about (0.5, 0.5)."""
    for _ in range(quarter_turns % 4):
        x, y = 1.0 - y, x
    return x, y


def oriented(geometry: BoardGeometry, quarter_turns: int) -> BoardGeometry:
    """The geometry as the screen shows it: centres and labels turned.

    A turn about the middle keeps distances, so pick radii and piece sizes hold; a
    quarter turn swaps the grid's columns and rows."""
    turns = quarter_turns % 4
    if turns == 0:
        return geometry
    grid = geometry.grid
    if grid is not None and turns % 2:
        grid = (grid[1], grid[0])
    return replace(
        geometry,
        centres=tuple(turn_point(x, y, turns) for x, y in geometry.centres),
        grid=grid,
        labels=tuple((text, *turn_point(x, y, turns)) for text, x, y in geometry.labels),
    )


def grid_step(centres: Sequence[tuple[float, float]]) -> float:
    """The smallest Chebyshev distance between two cells: one grid step on grid boards."""
    best = math.inf
    for (ax, ay), (bx, by) in itertools.combinations(centres, 2):
        distance = max(abs(ax - bx), abs(ay - by))
        if 1e-9 < distance < best:
            best = distance
    return best if best < math.inf else 1.0


def board_geometry(game_id: str, options: Mapping[str, Any] | None, look: Look) -> BoardGeometry:
    """A game's geometry oriented as its look shows it."""
    return oriented(geometry_for(game_id, options), look.quarter_turns)
