"""Status prompts, refusal reasons and the rules diagram for the seed's dames variant.

A move is entered click by click: the piece, then each landing square. From the second
click on, the prefix is itself a legal move (every prefix of a chain is one), and the
board shows it played; so the refusals reason on that preview board, from the square
where the piece now stands.
"""

from __future__ import annotations

from engine.core import EMPTY, FIRST_KING, SECOND_KING, GameState, owner_of
from engine.games.dames.rules import COORDS, FORWARD, INDEX_OF, DamesMove
from game import game_hooks
from game.game_hooks import GameHooks, cell_name, player_name, tr_or
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
    rules_key="dames.rules",
    diagram_caption_key="dames.rules_diagram",
)
game_hooks.register("dames", DAMES)
