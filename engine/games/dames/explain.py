"""Why a dames move or click is refused, and what the player does next (data, not text).

A move is entered click by click: the piece, then each landing square. From the second
click on, the prefix is itself a legal move (every prefix of a chain is one) and front
ends show it played, so click refusals reason on that preview board, from the square
where the piece now stands. MESSAGES are the engine's English texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import BASE_MESSAGES, EMPTY, FIRST, FIRST_KING, SECOND_KING, Prompt, Refusal, owner_of
from engine.games.dames.board import COORDS, INDEX_OF, SQUARES, STEP

if TYPE_CHECKING:
    from engine.games.dames.rules import DamesMove, DamesState

KINGS = (FIRST_KING, SECOND_KING)
MESSAGES: dict[str, str] = {
    **BASE_MESSAGES,
    "refuse_bad_path": "a move needs a piece and at least one landing square",
    "refuse_not_yours": "there is no piece of yours on {cell}",
    "refuse_one_step": "a piece steps one square per move; only captures chain",
    "refuse_occupied": "{cell} is not empty",
    "refuse_man_backward": "a man only moves forward (kings move both ways)",
    "refuse_not_diagonal": "{cell} is not a diagonal neighbour of {src}",
    "refuse_bad_jump_king": "each jump must go over an opposing piece onto the empty square just behind it",
    "refuse_bad_jump_man": (
        "each jump must go over an opposing piece onto the empty square just behind it, "
        "forward only for a man, stopping on the far row"
    ),
    "refuse_pick_empty": "there is no piece on {cell}: pick one of yours",
    "refuse_stuck_man": "the man on {cell} can neither step forward nor capture",
    "refuse_stuck_king": "the king on {cell} can neither step nor capture",
    "refuse_step_after_jump": "after a jump the piece on {src} may only jump again, not step to {cell}",
    "refuse_man_captures_forward": "a man captures forward only",
    "refuse_nothing_to_jump": "there is no piece on {over} to jump over",
    "refuse_own_piece": "you cannot jump over your own piece on {over}",
    "refuse_not_a_jump": "from {src}, {cell} is not a jump over one piece",
    "prompt_pick": "{player}: pick a piece to move",
    "prompt_move_man": "move the man on {cell} one square forward, or jump",
    "prompt_move_king": "move the king on {cell} one square, or jump",
    "prompt_jump_on": "jump again from {cell}, or stop here",
}


def refusal(state: DamesState, move: DamesMove) -> Refusal:
    """Why an illegal move is refused (the state checked that it is not legal)."""
    path = move.path
    if len(path) < 2 or not all(0 <= s < SQUARES for s in path):
        return Refusal("bad_path")
    board = state.board()
    code = board[path[0]]
    if owner_of(code) != state.to_move:
        return Refusal.at("not_yours", path[0])
    first = path[1]
    if not move.capture:
        if len(path) > 2:
            return Refusal("one_step", path)
        if board[first] != EMPTY:
            return Refusal.at("occupied", first)
        if first in STEP[path[0]]:
            return Refusal("man_backward", path[:2])
        return Refusal.at("not_diagonal", first, src=path[0])
    return Refusal("bad_jump_king" if code in KINGS else "bad_jump_man", path)


def preview_board(state: DamesState, prefix: tuple[int, ...]) -> tuple[int, ...]:
    """The board after the prefix played as a move (itself when it is not one yet)."""
    if len(prefix) < 2:
        return state.board()
    move = next((m for m in state.legal_moves() if m.path == prefix and m.capture), None)
    if move is None:
        return state.board()
    state.push(move)
    try:
        return state.board()
    finally:
        state.pop()


def _forward(side: int, row_change: int) -> bool:
    """Whether a row change goes forward for `side` (White up the board, Black down)."""
    return row_change < 0 if side == FIRST else row_change > 0


def click_reason(state: DamesState, prefix: tuple[int, ...], cell: int) -> Refusal:
    side = state.to_move
    board = preview_board(state, prefix)
    target = board[cell]
    if not prefix or (owner_of(target) == side and cell != prefix[-1]):
        if target == EMPTY:
            return Refusal.at("pick_empty", cell)
        if owner_of(target) != side:
            return Refusal.at("not_yours", cell)
        if any(m.path[0] == cell for m in state.legal_moves()):
            return Refusal.at("no_move", cell)  # another piece that can move: front ends select it
        return Refusal.at("stuck_king" if target in KINGS else "stuck_man", cell)
    here = prefix[-1]
    code = board[here]
    chaining = len(prefix) >= 2
    if target != EMPTY:
        return Refusal.at("occupied", cell)
    (row, column), (to_row, to_column) = COORDS[here], COORDS[cell]
    dr, dc = to_row - row, to_column - column
    backward = code not in KINGS and not _forward(side, dr)
    if abs(dr) == abs(dc) == 1:
        if chaining:
            return Refusal.at("step_after_jump", cell, src=here)
        if backward:
            return Refusal.at("man_backward", cell)
    elif abs(dr) == abs(dc) == 2:
        over = INDEX_OF[(row + dr // 2, column + dc // 2)]
        if backward:
            return Refusal.at("man_captures_forward", cell)
        if board[over] == EMPTY:
            return Refusal.at("nothing_to_jump", cell, over=over)
        if owner_of(board[over]) == side:
            return Refusal.at("own_piece", cell, over=over)
    else:
        return Refusal.at("not_a_jump" if chaining else "not_diagonal", cell, src=here)
    return Refusal.at("no_move", cell)


def prompt(state: DamesState, prefix: tuple[int, ...]) -> Prompt:
    if not prefix:
        return Prompt("pick", (), {"player": state.to_move})
    if len(prefix) >= 2:
        return Prompt("jump_on", prefix, {"cell": prefix[-1]})
    king = state.board()[prefix[0]] in KINGS
    return Prompt("move_king" if king else "move_man", prefix, {"cell": prefix[0]})
