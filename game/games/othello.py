"""Othello's front end: the board, the felt look, disc counts and the rules diagram;
prompts and refusals are the engine's typed ones, translated from
assets/translations/othello.<lang>.json (keys "othello.refuse_<code>", "othello.prompt_<code>").
A pass has no cell to click: when it is the only move, the board scene plays it on
any click or Enter, as the prompt says; the next prompt says that the opponent
passed, so a pass by the computer or across the network is announced too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import GameState
from engine.games.othello.rules import OthelloState
from game.games.parts import DISC, FELT, FELT_GRID, BoardGeometry, FrontEnd, GameHooks, Look, square_grid
from game.games.words import typed_prompt, typed_refusal
from game.i18n import tr


def othello_score_line(state: GameState, player: int, lang: str) -> str | None:
    """'12 discs' for the player's card in the side panel."""
    if not isinstance(state, OthelloState):
        return None
    return tr("othello.discs", lang, count=state.discs(player))


OTHELLO = GameHooks(
    prompt=typed_prompt("othello"),
    refusal=typed_refusal("othello"),
    # The start: Black's four legal squares, each turning over one White disc.
    diagram_moves=(),
    diagram_marks=("d3", "c4", "f5", "e6"),
    score_line=othello_score_line,
)


def _othello(options: Mapping[str, Any]) -> BoardGeometry:
    from engine.games.othello.rules import NAMES, SIZE

    return square_grid(SIZE, SIZE, NAMES, "abcdefgh", tuple(str(r + 1) for r in range(SIZE)))


OTHELLO_FRONT_END = FrontEnd(
    "othello",
    _othello,
    (Look("classic", FELT, FELT_GRID, DISC, dark_first=True, marks_every_move=True),),
    OTHELLO,
    "othello",
    "othello.rules",
    "othello.rules_diagram",
)
