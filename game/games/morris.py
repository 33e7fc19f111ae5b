"""Morris's front end (nine and twelve): board geometry, look, prompts, refusal reasons,
mill flashes and the rules diagram."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import EMPTY, GameState, owner_of
from engine.games.morris.board import NAMES as MORRIS_NAMES
from engine.games.morris.board import POINTS as MORRIS_POINTS
from engine.games.morris.board import topology
from engine.games.morris.rules import MorrisMove, MorrisState
from game.games.parts import POINTS, ROUND, WOOD, BoardGeometry, FrontEnd, GameHooks, Look
from game.games.words import cell_name, player_name
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


MORRIS_MARGIN = 0.08  # room around the outer square for the rank and file labels


def _morris(options: Mapping[str, Any]) -> BoardGeometry:
    span = 1 - 2 * MORRIS_MARGIN

    def place(x: float, y: float) -> tuple[float, float]:
        return (MORRIS_MARGIN + span * (x - 1) / 6, MORRIS_MARGIN + span * (y - 1) / 6)

    topo = topology(bool(options.get("diagonals", False)))
    lines = tuple(pair for a, b, c in topo.lines for pair in ((a, b), (b, c)))
    # Labels sit in the margin, inside the 0..1 square every front end draws.
    files = tuple((f, place(i + 1, 1)[0], 1 - MORRIS_MARGIN / 2) for i, f in enumerate("abcdefg"))
    ranks = tuple((str(8 - y), MORRIS_MARGIN / 2, place(1, y)[1]) for y in range(1, 8))
    return BoardGeometry(
        centres=tuple(place(x, y) for x, y in MORRIS_POINTS),
        lines=lines,
        grid=None,
        cell_names=MORRIS_NAMES,
        piece_radius=span / 6 * 0.36,
        pick_radius=span / 6 * 0.48,
        labels=files + ranks,
    )


MORRIS_LOOK = Look("classic", WOOD, POINTS, ROUND)
NINE_FRONT_END = FrontEnd(
    "nine", _morris, (MORRIS_LOOK,), MORRIS, "plateaux", "plateaux.rules_nine", "plateaux.rules_diagram_nine"
)
TWELVE_FRONT_END = FrontEnd(
    "twelve",
    _morris,
    (MORRIS_LOOK,),
    MORRIS,
    "plateaux",
    "plateaux.rules_twelve",
    "plateaux.rules_diagram_twelve",
)
