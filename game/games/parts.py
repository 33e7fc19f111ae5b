"""What a game's front-end plugin is made of: pure data and functions, no pygame, no
tkinter (game/games/<plugin>.py fills them in; game/games/__init__.py registers them).

Board geometry is in board units from 0 to 1, origin top-left, so each front end only
scales to its own pixel square. Cell indices are the engine's (`move.steps`,
`state.board()`), so a click maps to a cell and a cell to a place on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import GameState


class FrontEndError(LookupError):
    """A registered game has no front-end plugin, or its plugin lacks a part."""


@dataclass(frozen=True)
class BoardGeometry:
    """Where cells are and what to draw between them."""

    centres: tuple[tuple[float, float], ...]  # cell centres, in board units
    lines: tuple[tuple[int, int], ...]  # cells joined by a drawn line (Morris)
    grid: tuple[int, int] | None  # (columns, rows) for square-grid boards
    cell_names: tuple[str, ...]  # notation of each cell, for labels and messages
    piece_radius: float  # radius of a piece, in board units
    pick_radius: float  # a click closer than this to a centre selects the cell
    labels: tuple[tuple[str, float, float], ...] = ()  # rank and file labels

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under a point in board units, or None."""
        best, best_d2 = None, self.pick_radius**2
        for index, (cx, cy) in enumerate(self.centres):
            d2 = (cx - x) ** 2 + (cy - y) ** 2
            if d2 <= best_d2:
                best, best_d2 = index, d2
        return best


GRID_MARGIN = 0.06  # room for the rank and file labels around a square grid


def square_grid(
    columns: int, rows: int, names: tuple[str, ...], file_labels: str, rank_labels: tuple[str, ...]
) -> BoardGeometry:
    """Cells of a grid board, row by row from the top; labels below and on the left."""
    span = 1 - 2 * GRID_MARGIN
    step = span / max(columns, rows)

    def centre(column: float, row: float) -> tuple[float, float]:
        return (GRID_MARGIN + step * (column + 0.5), GRID_MARGIN + step * (row + 0.5))

    files = tuple((f, centre(c, 0)[0], 1 - GRID_MARGIN / 2) for c, f in enumerate(file_labels))
    ranks = tuple((r, GRID_MARGIN / 2, centre(0, i)[1]) for i, r in enumerate(rank_labels))
    return BoardGeometry(
        centres=tuple(centre(i % columns, i // columns) for i in range(columns * rows)),
        lines=(),
        grid=(columns, rows),
        cell_names=names,
        piece_radius=step * 0.38,
        pick_radius=step * 0.5,
        labels=files + ranks,
    )


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


def no_flash(state_after: GameState, move: Any) -> list[int]:
    return []


def no_score_line(state: GameState, player: int, lang: str) -> str | None:
    return None


@dataclass(frozen=True)
class GameHooks:
    """What a game tells the player: the prompt, why a click is refused, what flashes."""

    prompt: Callable[[GameState, tuple[int, ...], str], str]
    refusal: Callable[[GameState, tuple[int, ...], int, str], str]
    flash_cells: Callable[[GameState, Any], list[int]] = no_flash
    # Moves from the start shown by the rules diagram, and the cells it marks.
    diagram_moves: tuple[str, ...] = ()
    diagram_marks: tuple[str, ...] = ()
    options_label_keys: dict[str, str] = field(default_factory=dict)
    # What a player's card in the side panel counts (Othello: discs), or None for the
    # generic pieces in hand and taken.
    score_line: Callable[[GameState, int, str], str | None] = no_score_line


@dataclass(frozen=True)
class FrontEnd:
    """One game's front-end side: every part is required (game/games/registry.py checks)."""

    game_id: str
    geometry: Callable[[Mapping[str, Any]], BoardGeometry]  # the board for some rule options
    looks: tuple[Look, ...]  # the default first
    hooks: GameHooks
    texts: str  # the translation namespace (assets/translations/<texts>.<lang>.json)
    rules_key: str  # the rules page's translation key
    diagram_caption_key: str  # the caption under the rules diagram
