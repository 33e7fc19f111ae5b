"""Status prompts, refusal reasons, disc counts and the rules diagram for Othello.

Texts live in assets/translations/othello.<lang>.json (keys "othello.<key>").
A pass has no cell to click: when it is the only move, the board scene plays it on
any click or Enter, as the prompt says; the next prompt says that the opponent
passed, so a pass by the computer or across the network is announced too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import EMPTY, GameState
from engine.games.othello.rules import OthelloMove, OthelloState
from game.games.parts import DISC, FELT, FELT_GRID, BoardGeometry, FrontEnd, GameHooks, Look, square_grid
from game.games.words import cell_name, player_name
from game.i18n import tr


def must_pass(state: GameState) -> bool:
    """The side to move has no placement and passes (the game goes on)."""
    moves = state.legal_moves()
    return len(moves) == 1 and moves[0].steps == ()


def _last_was_pass(state: GameState) -> bool:
    return bool(state.history) and state.history[-1] == OthelloMove(None)


def othello_prompt(state: GameState, prefix: tuple[int, ...], lang: str) -> str:
    side = state.to_move
    who, other = player_name(state, side, lang), player_name(state, 1 - side, lang)
    if must_pass(state):
        return tr("othello.prompt_must_pass", lang, player=who, opponent=other)
    text = tr("othello.prompt_place", lang, player=who, opponent=other)
    if _last_was_pass(state):
        text = tr("othello.opponent_passed", lang, opponent=other) + " " + text
    return text


def othello_refusal(state: GameState, prefix: tuple[int, ...], cell: int, lang: str) -> str:
    side = state.to_move
    name = cell_name(state, cell)
    who, other = player_name(state, side, lang), player_name(state, 1 - side, lang)
    if must_pass(state):
        return tr("othello.refuse_must_pass", lang, player=who)
    if state.board()[cell] != EMPTY:
        return tr("othello.refuse_taken", lang, cell=name)
    return tr("othello.refuse_turns_nothing", lang, cell=name, opponent=other)


def othello_score_line(state: GameState, player: int, lang: str) -> str | None:
    """'12 discs' for the player's card in the side panel."""
    if not isinstance(state, OthelloState):
        return None
    return tr("othello.discs", lang, count=state.discs(player))


OTHELLO = GameHooks(
    prompt=othello_prompt,
    refusal=othello_refusal,
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
