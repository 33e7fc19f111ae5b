"""Why a Morris move or click is refused, what the player does next, and the mills just closed.

Answers are data (`Refusal`, `Prompt`): front ends translate the codes, the engine's
own English texts are MESSAGES. The state's methods delegate here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import BASE_MESSAGES, EMPTY, Prompt, Refusal, owner_of
from engine.games.morris.board import POINT_COUNT

if TYPE_CHECKING:
    from engine.games.morris.rules import MorrisMove, MorrisState

MESSAGES: dict[str, str] = {
    **BASE_MESSAGES,
    "refuse_no_such_cell": "no such point",
    "refuse_place_first": "place a piece first: {count} still in hand",
    "refuse_all_placed": "every piece is placed: move one of yours",
    "refuse_not_yours": "there is no piece of yours on {cell}",
    "refuse_occupied": "{cell} is not empty",
    "refuse_not_adjacent": "{cell} is not next to {src} along a line (flying only with three pieces)",
    "refuse_no_mill": "this move forms no mill, so it removes nothing",
    "refuse_must_remove": "this move forms a mill: choose an opposing piece to remove",
    "refuse_remove_not_opponent": "there is no opposing piece on {cell}",
    "refuse_remove_in_mill": "{cell} stands in a mill; remove a piece that does not",
    "refuse_pick_empty": "there is no piece on {cell}: pick one of yours",
    "refuse_stuck": "the piece on {cell} cannot move",
    "prompt_place": "place a piece ({count} in hand)",
    "prompt_pick": "pick a piece of yours to move",
    "prompt_pick_flying": "pick a piece of yours to fly (three left)",
    "prompt_move_to": "move the piece on {cell} to a neighbouring point",
    "prompt_fly_to": "fly the piece on {cell} to any empty point",
    "prompt_remove": "remove a piece of {player}'s",
}


def refusal(state: MorrisState, move: MorrisMove) -> Refusal | None:
    """Why a whole move is illegal, or None (the checks in the order a player makes the move)."""
    if state.outcome() is not None:
        return Refusal("game_over")
    side = state.to_move
    own, opp = state.occupied(side), state.occupied(1 - side)
    src, dst, take = move
    if not all(p is None or 0 <= p < POINT_COUNT for p in (src, dst, take)):
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
    if src is not None and not state.is_flying(side) and not state.topology.adjacent[src] >> dst & 1:
        return Refusal.at("not_adjacent", dst, src=src)
    if not state.forms_mill(move):
        return None if take is None else Refusal("no_mill", (dst,))
    if take is None:
        return Refusal("must_remove", (dst,)) if opp else None
    if not opp >> take & 1:
        return Refusal.at("remove_not_opponent", take)
    if not state.removable(1 - side) >> take & 1:
        return Refusal.at("remove_in_mill", take)
    return None


def _removing(state: MorrisState, prefix: tuple[int, ...]) -> bool:
    """Whether the prefix is a whole placement or step and a removal comes next."""
    return bool(prefix) and len(prefix) == (1 if state.in_hand(state.to_move) else 2)


def click_reason(state: MorrisState, prefix: tuple[int, ...], cell: int) -> Refusal:
    """Why a click continues no legal move (`click_refusal` checked that none does)."""
    side = state.to_move
    board = state.board()
    owner = owner_of(board[cell])
    if _removing(state, prefix):
        if owner != 1 - side:
            return Refusal.at("remove_not_opponent", cell)
        return Refusal.at("remove_in_mill", cell)
    if state.in_hand(side):
        return Refusal.at("occupied", cell) if board[cell] != EMPTY else Refusal.at("no_move", cell)
    if not prefix:
        if board[cell] == EMPTY:
            return Refusal.at("pick_empty", cell)
        if owner != side:
            return Refusal.at("not_yours", cell)
        return Refusal.at("stuck", cell)
    if board[cell] != EMPTY:
        return Refusal.at("occupied", cell)
    src = prefix[0]
    if len(prefix) == 1 and not state.is_flying(side) and not state.topology.adjacent[src] >> cell & 1:
        return Refusal.at("not_adjacent", cell, src=src)
    return Refusal.at("no_move", cell)


def prompt(state: MorrisState, prefix: tuple[int, ...]) -> Prompt:
    side = state.to_move
    if _removing(state, prefix):
        return Prompt("remove", prefix, {"player": 1 - side})
    if state.in_hand(side):
        return Prompt("place", (), {"count": state.in_hand(side)})
    flying = state.is_flying(side)
    if prefix:
        return Prompt("fly_to" if flying else "move_to", prefix, {"cell": prefix[0]})
    return Prompt("pick_flying" if flying else "pick")


def formed_lines(state: MorrisState) -> tuple[int, ...]:
    """The points of every mill the last move closed (a line through its destination that
    the mover now holds whole was not whole before the move)."""
    if not state.history:
        return ()
    move = state.history[-1]
    own = state.occupied(1 - state.to_move)
    cells: set[int] = set()
    for line in state.topology.lines:
        if move.dst in line and all(own >> p & 1 for p in line):
            cells.update(line)
    return tuple(sorted(cells))
