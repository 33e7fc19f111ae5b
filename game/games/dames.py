"""The seed's dames variant's front end: the board, its two looks and the rules diagram;
prompts and refusals (a chain's too, from the square the piece now stands on) are the
engine's typed ones, translated from assets/translations/dames.<lang>.json.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.dames.rules import COORDS
from game.games.parts import (
    CHECKER,
    DIAMOND,
    ROUND,
    ROUND_CELLS,
    SQUARE_CELLS,
    BoardGeometry,
    FrontEnd,
    GameHooks,
    Look,
    square_grid,
)
from game.games.words import typed_prompt, typed_refusal

DAMES = GameHooks(
    prompt=typed_prompt("dames"),
    refusal=typed_refusal("dames"),
    # White's man on 37 may take on 32 and stop on 28, or take on 22 too and land on 17.
    diagram_moves=("31-26", "16-21", "32-27", "21x32", "26-21", "17-22"),
    diagram_marks=("28", "17"),
)


def _dames(options: Mapping[str, Any]) -> BoardGeometry:
    """The 50 dark squares of a 10×10 board, numbered 1..50 from the top left.

    The grid is the whole board (so a look can draw its light squares); the cells
    are the dark squares only, in the engine's order."""
    from engine.games.dames.rules import SIZE, SQUARES

    full = square_grid(SIZE, SIZE, tuple(str(i) for i in range(SIZE * SIZE)), "", ())
    return BoardGeometry(
        centres=tuple(full.centres[row * SIZE + column] for row, column in COORDS),
        lines=(),
        grid=(SIZE, SIZE),
        cell_names=tuple(str(n) for n in range(1, SQUARES + 1)),
        piece_radius=full.piece_radius,
        pick_radius=full.pick_radius,
    )


# Seed 004: A has round cells, diamond pieces and White (the first player) at the far
# side, so the engine's board (White at the bottom) turns half a turn; B has square
# cells, round pieces and White on the left, a quarter turn clockwise.
DAMES_LOOKS = (
    Look("a", CHECKER, ROUND_CELLS, DIAMOND, 2, name_key="plateaux.look_a", numbers=True, piece_scale=1.25),
    Look("b", CHECKER, SQUARE_CELLS, ROUND, 1, name_key="plateaux.look_b", numbers=True, piece_scale=1.05),
)
DAMES_FRONT_END = FrontEnd("dames", _dames, DAMES_LOOKS, DAMES, "dames", "dames.rules", "dames.rules_diagram")
