"""Status prompts, refusal reasons and the rules diagram for the seed's dames variant.

A move is entered click by click: the piece, then each landing square. From the second
click on, the prefix is itself a legal move (every prefix of a chain is one), and the
board shows it played; so the refusals reason on that preview board, from the square
where the piece now stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import EMPTY, FIRST_KING, SECOND_KING, GameState, owner_of
from engine.games.dames.rules import COORDS, FORWARD, INDEX_OF, DamesMove
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
from game.games.words import cell_name, player_name, tr_or
from game.i18n import tr

KINGS = (FIRST_KING, SECOND_KING)


def _is_king(code: int) -> bool:
    return code in KINGS


def preview_board(state: GameState, prefix: tuple[int, ...]) -> tuple[int, ...]:
    """The board after the prefix played as a move (itself when it is not one yet)."""
    if len(prefix) < 2:
        return state.board()
    move = DamesMove(prefix, True)
    if move not in state.legal_moves():
        return state.board()
    state.push(move)
    try:
        return state.board()
    finally:
        state.pop()


def _text(key: str, lang: str, **fields: object) -> str:
    return tr(f"dames.{key}", lang, **fields)


def dames_prompt(state: GameState, prefix: tuple[int, ...], lang: str) -> str:
    if not prefix:
        return _text("prompt_pick", lang, player=player_name(state, state.to_move, lang))
    name = cell_name(state, prefix[-1])
    if len(prefix) >= 2:
        return _text("prompt_jump_again", lang, cell=name)
    key = "prompt_move_king" if _is_king(state.board()[prefix[0]]) else "prompt_move_man"
    return _text(key, lang, cell=name)


def _forward(side: int, row_change: int) -> bool:
    """Whether a row change goes forward for `side` (White up the board, Black down)."""
    return row_change < 0 if FORWARD[side] == (0, 1) else row_change > 0


def _stuck(code: int, name: str, lang: str) -> str:
    return _text("refuse_stuck_king" if _is_king(code) else "refuse_stuck_man", lang, cell=name)


def dames_refusal(state: GameState, prefix: tuple[int, ...], cell: int, lang: str) -> str:
    side = state.to_move
    board = preview_board(state, prefix)
    name = cell_name(state, cell)
    target = board[cell]
    if not prefix or (owner_of(target) == side and cell != prefix[-1]):
        if target == EMPTY:
            return _text("refuse_pick_empty", lang, cell=name)
        if owner_of(target) != side:
            return _text("refuse_not_yours", lang, cell=name)
        return _stuck(target, name, lang)
    here = prefix[-1]
    code = board[here]
    chaining = len(prefix) >= 2
    src = cell_name(state, here)
    if target != EMPTY:
        return _text("refuse_taken", lang, cell=name)
    (row, column), (to_row, to_column) = COORDS[here], COORDS[cell]
    dr, dc = to_row - row, to_column - column
    backward = not _is_king(code) and not _forward(side, dr)
    if abs(dr) == abs(dc) == 1:
        if chaining:
            return _text("refuse_step_after_jump", lang, cell=name, src=src)
        if backward:
            return _text("refuse_man_backward", lang)
    elif abs(dr) == abs(dc) == 2:
        over = INDEX_OF[(row + dr // 2, column + dc // 2)]
        jumped = cell_name(state, over)
        if backward:
            return _text("refuse_man_captures_forward", lang)
        if board[over] == EMPTY:
            return _text("refuse_nothing_to_jump", lang, cell=jumped)
        if owner_of(board[over]) == side:
            return _text("refuse_own_piece", lang, cell=jumped)
    else:
        key = "refuse_not_a_jump" if chaining else "refuse_not_diagonal"
        return _text(key, lang, cell=name, src=src)
    return tr_or("dames.refuse_generic", lang, f"No legal move goes through {name} now.", cell=name)


DAMES = GameHooks(
    prompt=dames_prompt,
    refusal=dames_refusal,
    # White's man on 37 may take on 32 and stop on 28, or take on 22 too and land on 17.
    diagram_moves=("31-26", "16-21", "32-27", "21x32", "26-21", "17-22"),
    diagram_marks=("28", "17"),
)


def _dames(options: Mapping[str, Any]) -> BoardGeometry:
    """The 50 dark squares of a 10×10 board, numbered 1..50 from the top left.

    The grid is the whole board (so a look can draw its light squares); the cells
    are the dark squares only, in the engine's order."""
    from engine.games.dames.rules import COORDS, SIZE, SQUARES

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
