"""Board looks: per game, a material, a cell style, a piece style and an orientation.

A look is pure data (no pygame, no tkinter), so the arcade and the Tk view read the
same registry. Orientation is applied once, to the board geometry itself: every
centre and label is turned by quarter turns about the board's middle, so drawing,
click mapping, keyboard moves and labels all agree without any scene knowing.
A new game's look is one entry in LOOKS; no scene changes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.geometry import BoardGeometry, geometry_for

# Materials: what the board is made of.
WOOD, FELT, CHECKER = "wood", "felt", "checker"
# Cell styles: how the places where pieces stand are drawn.
POINTS = "points"  # inlaid lines joining round points (Morris)
GRID_POINTS = "grid_points"  # a grid of round points joined by lines, diagonals too (Teeko)
FELT_GRID = "felt_grid"  # square cells, a thin dark grid and four star points (Othello)
ROUND_CELLS = "round_cells"  # every square of the grid a round cell, light and dark (dames A)
SQUARE_CELLS = "square_cells"  # the classic chequer of light and dark squares (dames B)
# Piece shapes.
ROUND, DISC, DIAMOND = "round", "disc", "diamond"


@dataclass(frozen=True)
class Look:
    """How one game's board is shown."""

    look_id: str
    material: str
    cells: str
    pieces: str
    quarter_turns: int = 0  # clockwise quarter turns of the engine's board (rows from the top)
    dark_first: bool = False  # the first player's pieces are the dark ones
    name_key: str = ""  # translation key of the look's name in menus ("" for a game's only look)
    numbers: bool = False  # square numbers in a corner of each cell (dames notation)
    marks_every_move: bool = False  # legal-move dots on every playable cell, unasked (Othello)
    piece_scale: float = 1.0  # pieces' size against the geometry's (a lozenge needs more reach)


MORRIS_LOOK = Look("classic", WOOD, POINTS, ROUND)
LOOKS: dict[str, tuple[Look, ...]] = {
    "nine": (MORRIS_LOOK,),
    "twelve": (MORRIS_LOOK,),
    # Teeko's first player is Black: its pieces are the dark ones.
    "teeko": (Look("classic", WOOD, GRID_POINTS, ROUND, dark_first=True),),
    "othello": (Look("classic", FELT, FELT_GRID, DISC, dark_first=True, marks_every_move=True),),
    # Seed 004: A has round cells, diamond pieces and White (the first player) at the far
    # side, so the engine's board (White at the bottom) turns half a turn; B has square
    # cells, round pieces and White on the left, a quarter turn clockwise.
    "dames": (
        Look(
            "a", CHECKER, ROUND_CELLS, DIAMOND, 2, name_key="plateaux.look_a", numbers=True, piece_scale=1.25
        ),
        Look(
            "b", CHECKER, SQUARE_CELLS, ROUND, 1, name_key="plateaux.look_b", numbers=True, piece_scale=1.05
        ),
    ),
}


def looks_for(game_id: str) -> tuple[Look, ...]:
    """The looks a game offers, the default first (Morris's for a game without any)."""
    return LOOKS.get(game_id, (MORRIS_LOOK,))


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
