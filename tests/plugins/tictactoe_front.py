"""Tic-tac-toe's front end, from the tests folder only: a sixth game costs this one
file (and tests/plugins/tictactoe.py for the rules), with no change to shared code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.games import FrontEnd
from game.games.parts import GRID_POINTS, ROUND, WOOD, BoardGeometry, GameHooks, Look, square_grid
from game.games.words import formed_lines, typed_prompt, typed_refusal
from plugins.tictactoe import NAMES


def geometry(options: Mapping[str, Any]) -> BoardGeometry:
    return square_grid(3, 3, tuple(NAMES), "abc", ("3", "2", "1"))


TICTACTOE_FRONT_END = FrontEnd(
    game_id="tictactoe",
    geometry=geometry,
    looks=(Look("classic", WOOD, GRID_POINTS, ROUND),),
    hooks=GameHooks(
        prompt=typed_prompt("tictactoe"),  # no translation file: the shared 'plateaux.' texts
        refusal=typed_refusal("tictactoe"),
        flash_cells=formed_lines,
    ),
    texts="tictactoe",
    rules_key="tictactoe.rules",
    diagram_caption_key="tictactoe.rules_diagram",
)
