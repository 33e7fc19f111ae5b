"""Status prompts, refusal reasons, the winning-pattern flash and the rules diagram for Teeko."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import EMPTY, GameState, Termination, bit_indices, owner_of
from engine.games.teeko.rules import NEIGHBOURS, TeekoMove, TeekoState
from game.games.parts import GRID_POINTS, ROUND, WOOD, BoardGeometry, FrontEnd, GameHooks, Look, square_grid
from game.games.words import cell_name, player_name
from game.i18n import tr


def _stuck(state: TeekoState, cell: int) -> bool:
    """Whether the piece on `cell` has no empty neighbouring square."""
    board = state.board()
    return all(board[n] != EMPTY for n in bit_indices(NEIGHBOURS[cell]))


def teeko_prompt(state: GameState, prefix: tuple[int, ...], lang: str) -> str:
    assert isinstance(state, TeekoState)
    side = state.to_move
    who = player_name(state, side, lang)
    if state.in_hand(side):
        return tr("teeko.prompt_place", lang, player=who, count=state.in_hand(side))
    if prefix:
        return tr("teeko.prompt_move_to", lang, cell=cell_name(state, prefix[0]))
    return tr("teeko.prompt_pick", lang, player=who)


def teeko_refusal(state: GameState, prefix: tuple[int, ...], cell: int, lang: str) -> str:
    """Why a click on `cell` after the clicks `prefix` starts no legal move."""
    assert isinstance(state, TeekoState)
    side = state.to_move
    board = state.board()
    name = cell_name(state, cell)
    owner = owner_of(board[cell])
    if state.outcome() is not None:
        return tr("plateaux.refuse_over", lang)
    if state.in_hand(side):
        return tr("teeko.refuse_taken", lang, cell=name)
    if owner == 1 - side:
        key = "teeko.refuse_dst_taken" if prefix else "teeko.refuse_not_yours"
        return tr(key, lang, cell=name)
    if owner == side:
        # A movable piece of one's own is accepted (the builder selects it).
        if _stuck(state, cell):
            return tr("teeko.refuse_stuck", lang, cell=name)
        return tr("plateaux.refuse_generic", lang, cell=name)
    if not prefix:
        return tr("teeko.refuse_pick_empty", lang, cell=name)
    if state.why_illegal(TeekoMove(prefix[0], cell)) is not None:
        return tr("teeko.refuse_not_adjacent", lang, cell=name, src=cell_name(state, prefix[0]))
    return tr("plateaux.refuse_generic", lang, cell=name)


def teeko_flash(state_after: GameState, move: Any) -> list[int]:
    """The four squares of the pattern the move just completed (none if it won nothing)."""
    if not isinstance(state_after, TeekoState):
        return []
    outcome = state_after.outcome()
    if outcome is None or outcome.reason is not Termination.ALIGNMENT:
        return []
    return bit_indices(state_after.winning_pattern())


def teeko_score_line(state: GameState, player: int, lang: str) -> str:
    """The side panel's line: pieces still in hand, then the moving phase (nothing is taken)."""
    assert isinstance(state, TeekoState)
    count = state.in_hand(player)
    return tr("teeko.card_in_hand", lang, count=count) if count else tr("teeko.card_moving", lang)


TEEKO = GameHooks(
    prompt=teeko_prompt,
    refusal=teeko_refusal,
    flash_cells=teeko_flash,
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
