"""Status prompts, refusal reasons, mill flashes and rules diagrams for Morris."""

from __future__ import annotations

from typing import Any

from engine.core import EMPTY, GameState, owner_of
from engine.games.morris.board import topology
from engine.games.morris.rules import MorrisMove, MorrisState
from game import game_hooks
from game.game_hooks import GameHooks, cell_name, player_name
from game.i18n import tr


def _removing(state: MorrisState, prefix: tuple[int, ...]) -> bool:
    """Whether the prefix is a whole placement or step and a removal comes next."""
    return len(prefix) == (1 if state.in_hand(state.to_move) else 2)


def morris_prompt(state: GameState, prefix: tuple[int, ...], lang: str) -> str:
    assert isinstance(state, MorrisState)
    side = state.to_move
    if prefix and _removing(state, prefix):
        return tr("plateaux.prompt_remove", lang, player=player_name(state, 1 - side, lang))
    if state.in_hand(side):
        return tr("plateaux.prompt_place", lang, count=state.in_hand(side))
    if prefix:
        key = "plateaux.prompt_fly_to" if state.is_flying(side) else "plateaux.prompt_move_to"
        return tr(key, lang, cell=cell_name(state, prefix[0]))
    key = "plateaux.prompt_pick_flying" if state.is_flying(side) else "plateaux.prompt_pick"
    return tr(key, lang)


def morris_refusal(state: GameState, prefix: tuple[int, ...], cell: int, lang: str) -> str:
    assert isinstance(state, MorrisState)
    side = state.to_move
    board = state.board()
    name = cell_name(state, cell)
    owner = owner_of(board[cell])
    if prefix and _removing(state, prefix):
        if owner != 1 - side:
            return tr("plateaux.refuse_remove_not_opponent", lang, cell=name)
        return tr("plateaux.refuse_remove_in_mill", lang, cell=name)
    if state.in_hand(side):
        return tr("plateaux.refuse_taken", lang, cell=name)
    if not prefix:
        if board[cell] == EMPTY:
            return tr("plateaux.refuse_pick_empty", lang, cell=name)
        if owner != side:
            return tr("plateaux.refuse_not_yours", lang, cell=name)
        return tr("plateaux.refuse_stuck", lang, cell=name)
    if board[cell] != EMPTY:
        return tr("plateaux.refuse_taken", lang, cell=name)
    reason = state.why_illegal(MorrisMove(prefix[0], cell))
    if reason and "next to" in reason:
        return tr("plateaux.refuse_not_adjacent", lang, cell=name, src=cell_name(state, prefix[0]))
    return tr("plateaux.refuse_generic", lang, cell=name)


def morris_flash(state_after: GameState, move: Any) -> list[int]:
    """The points of every mill the move just closed (only moves that remove close one)."""
    if not isinstance(move, MorrisMove) or move.take is None:
        return []
    mover = 1 - state_after.to_move
    board = state_after.board()
    own = {i for i, c in enumerate(board) if owner_of(c) == mover}
    cells: set[int] = set()
    for line in topology(bool(state_after.options.get("diagonals", False))).lines:
        if move.dst in line and all(p in own for p in line):
            cells.update(line)
    return sorted(cells)


MORRIS = GameHooks(
    prompt=morris_prompt,
    refusal=morris_refusal,
    flash_cells=morris_flash,
    diagram_moves=("a7", "b6", "d7", "f6"),
    diagram_marks=("g7",),
    options_label_keys={"diagonals": "plateaux.option_diagonals"},
)
game_hooks.register("nine", MORRIS)
game_hooks.register("twelve", MORRIS)
