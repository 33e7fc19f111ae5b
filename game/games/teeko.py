"""Teeko's front end: the board, its look, the score line and the rules diagram; prompts
and refusals are the engine's typed ones, translated ("teeko.refuse_<code>").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import GameState
from engine.games.teeko.rules import TeekoState
from game.games.parts import GRID_POINTS, ROUND, WOOD, BoardGeometry, FrontEnd, GameHooks, Look, square_grid
from game.games.words import formed_lines, typed_prompt, typed_refusal
from game.i18n import tr


def teeko_score_line(state: GameState, player: int, lang: str) -> str:
    """The side panel's line: pieces still in hand, then the moving phase (nothing is taken)."""
    assert isinstance(state, TeekoState)
    count = state.in_hand(player)
    return tr("teeko.card_in_hand", lang, count=count) if count else tr("teeko.card_moving", lang)


TEEKO = GameHooks(
    prompt=typed_prompt("teeko"),
    refusal=typed_refusal("teeko"),
    flash_cells=formed_lines,
    # Black b3 c3 d3 threatened a3 and e3 at once; White blocked e3 only.
    diagram_moves=("c3", "a5", "b3", "e1", "d3", "e3"),
    diagram_marks=("a3",),
    score_line=teeko_score_line,
)


def _teeko(options: Mapping[str, Any]) -> BoardGeometry:
    from engine.games.teeko.rules import NAMES, SIZE

    return square_grid(SIZE, SIZE, NAMES, "abcde", tuple(str(SIZE - r) for r in range(SIZE)))


# Teeko's first player is Black: its pieces are the dark ones.
TEEKO_FRONT_END = FrontEnd(
    "teeko",
    _teeko,
    (Look("classic", WOOD, GRID_POINTS, ROUND, dark_first=True),),
    TEEKO,
    "teeko",
    "teeko.rules",
    "teeko.rules_diagram",
)
