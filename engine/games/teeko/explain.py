"""Why a Teeko move or click is refused, what the player does next, and the winning four.

Answers are data (`Refusal`, `Prompt`); MESSAGES are the engine's English texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import BASE_MESSAGES, EMPTY, Prompt, Refusal, Termination, bit_indices, owner_of
from engine.games.teeko.board import CELLS, NEIGHBOURS

if TYPE_CHECKING:
    from engine.games.teeko.rules import TeekoMove, TeekoState

MESSAGES: dict[str, str] = {
    **BASE_MESSAGES,
    "refuse_no_such_cell": "no such square",
    "refuse_place_first": "place a piece first: {count} still in hand",
    "refuse_all_placed": "all four pieces are placed: move one of yours",
    "refuse_not_yours": "there is no piece of yours on {cell}",
    "refuse_occupied": "{cell} is not empty",
    "refuse_not_adjacent": "{cell} is not next to {src}",
    "refuse_pick_empty": "there is no piece on {cell}: pick one of yours",
    "refuse_stuck": "the piece on {cell} has no empty square next to it",
    "prompt_place": "{player}: place a piece ({count} in hand)",
    "prompt_pick": "{player}: pick a piece to move one square",
    "prompt_move_to": "move the piece on {cell} to an empty square next to it",
}


def refusal(state: TeekoState, move: TeekoMove) -> Refusal | None:
    if state.outcome() is not None:
        return Refusal("game_over")
    side = state.to_move
    own, opp = state.occupied(side), state.occupied(1 - side)
    src, dst = move
    if not 0 <= dst < CELLS or (src is not None and not 0 <= src < CELLS):
        return Refusal("no_such_cell")
    hand = state.in_hand(side)
    if hand and src is not None:
        return Refusal("place_first", (), {"count": hand})
    if not hand and src is None:
        return Refusal("all_placed")
    if src is not None and not own >> src & 1:
        return Refusal.at("not_yours", src)
    if (own | opp) >> dst & 1:
        return Refusal.at("occupied", dst)
    if src is not None and not NEIGHBOURS[src] >> dst & 1:
        return Refusal.at("not_adjacent", dst, src=src)
    return None


def click_reason(state: TeekoState, prefix: tuple[int, ...], cell: int) -> Refusal:
    side = state.to_move
    board = state.board()
    owner = owner_of(board[cell])
    if state.in_hand(side):
        return Refusal.at("occupied", cell) if owner is not None else Refusal.at("no_move", cell)
    if owner == 1 - side:
        return Refusal.at("occupied" if prefix else "not_yours", cell)
    if owner == side:
        if all(board[n] != EMPTY for n in bit_indices(NEIGHBOURS[cell])):
            return Refusal.at("stuck", cell)
        return Refusal.at("no_move", cell)
    if not prefix:
        return Refusal.at("pick_empty", cell)
    if len(prefix) == 1 and not NEIGHBOURS[prefix[0]] >> cell & 1:
        return Refusal.at("not_adjacent", cell, src=prefix[0])
    return Refusal.at("no_move", cell)


def prompt(state: TeekoState, prefix: tuple[int, ...]) -> Prompt:
    side = state.to_move
    if state.in_hand(side):
        return Prompt("place", (), {"player": side, "count": state.in_hand(side)})
    if prefix:
        return Prompt("move_to", prefix, {"cell": prefix[0]})
    return Prompt("pick", (), {"player": side})


def formed_lines(state: TeekoState) -> tuple[int, ...]:
    """The four squares of the pattern the last move completed (none if it won nothing)."""
    outcome = state.outcome()
    if outcome is None or outcome.reason is not Termination.ALIGNMENT:
        return ()
    return tuple(bit_indices(state.winning_pattern()))
