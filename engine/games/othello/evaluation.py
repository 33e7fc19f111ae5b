"""The Othello evaluation, on the engine's 64-bit masks (square = row * 8 + column).

Terms, from the side to move's view, in the search's units (thousandths of a disc,
weighted as the usual Othello heuristics weigh them, not literally discs):
- mobility: legal moves of each side (the main midgame term);
- corners, and the X squares (diagonally next to a corner) and C squares (beside a
  corner on an edge) while their corner is still empty: they give the corner away;
- stability: discs that can never be turned over, found by a fixed-point propagation
  from the board's edges and full lines (a disc is stable when, along each of the
  four axes, its line is full, it touches the edge, or a neighbour on that axis is a
  stable disc of its colour);
- frontier: discs next to an empty square (they give the opponent moves);
- parity: with an odd number of empties the side to move expects the last move;
- discs themselves, only towards the end of the game.
Everything is shifts and masks on Python ints: no loop over squares.
"""

from __future__ import annotations

from engine.core import GameState
from engine.games.othello.rules import FULL, legal_mask

# ----- board masks ---------------------------------------------------------------
COLUMN_A = sum(1 << (row * 8) for row in range(8))
COLUMN_H = COLUMN_A << 7
ROW_1 = 0xFF
ROW_8 = 0xFF << 56
NOT_A = FULL & ~COLUMN_A
NOT_H = FULL & ~COLUMN_H
BORDER = COLUMN_A | COLUMN_H | ROW_1 | ROW_8
CORNERS = 1 << 0 | 1 << 7 | 1 << 56 | 1 << 63


def _square(column: int, row: int) -> int:
    return 1 << (row * 8 + column)


# (corner, its X square, its two C squares), one tuple per corner.
CORNER_ZONES: tuple[tuple[int, int, int], ...] = tuple(
    (
        _square(c, r),
        _square(c + dc, r + dr),
        _square(c + dc, r) | _square(c, r + dr),
    )
    for c, r, dc, dr in ((0, 0, 1, 1), (7, 0, -1, 1), (0, 7, 1, -1), (7, 7, -1, -1))
)


def _lines(cells: list[list[tuple[int, int]]]) -> tuple[int, ...]:
    return tuple(sum(_square(c, r) for c, r in line) for line in cells)


ROWS = _lines([[(c, r) for c in range(8)] for r in range(8)])
COLUMNS = _lines([[(c, r) for r in range(8)] for c in range(8)])
DIAGONALS = _lines([[(c, c - d) for c in range(8) if 0 <= c - d < 8] for d in range(-7, 8)])
ANTI_DIAGONALS = _lines([[(c, s - c) for c in range(8) if 0 <= s - c < 8] for s in range(15)])

# ----- weights (search units) ------------------------------------------------------
MOBILITY = 180  # per legal move more than the opponent
CORNER = 3500
X_SQUARE = 1600  # owning an X square while its corner is empty (a penalty)
C_SQUARE = 500  # owning a C square while its corner is empty (a penalty)
STABLE = 900  # per stable disc
FRONTIER = 90  # per frontier disc (a penalty)
PARITY = 400  # expecting the last move, counted in the last ENDGAME_EMPTIES
ENDGAME_EMPTIES = 20
DISC_LATE = 400  # per disc with no empty square left; ramps up from ENDGAME_EMPTIES


def _full_lines(occupied: int, lines: tuple[int, ...]) -> int:
    full = 0
    for line in lines:
        if occupied & line == line:
            full |= line
    return full


def stable_discs(own: int, opp: int) -> tuple[int, int]:
    """Masks of the discs of `own` and of `opp` that can never be turned over.

    Fixed-point propagation (the technique of edge-anchored stability): start from
    nothing and add the discs that are safe along all four axes, until no change.
    A subset of the truly stable discs, exact for corners and filled edges.
    """
    occupied = own | opp
    if not occupied & CORNERS:
        return 0, 0  # no corner: only full lines could anchor, which is rare this early
    full_h = _full_lines(occupied, ROWS) | COLUMN_A | COLUMN_H
    full_v = _full_lines(occupied, COLUMNS) | ROW_1 | ROW_8
    full_d = _full_lines(occupied, DIAGONALS) | BORDER
    full_a = _full_lines(occupied, ANTI_DIAGONALS) | BORDER
    result = []
    for discs in (own, opp):
        stable = 0
        while True:
            grown = (
                discs
                & (full_h | (stable << 1 & NOT_A) | (stable >> 1 & NOT_H))
                & (full_v | (stable << 8 & FULL) | stable >> 8)
                & (full_d | (stable << 9 & NOT_A) | (stable >> 9 & NOT_H))
                & (full_a | (stable << 7 & NOT_H) | (stable >> 7 & NOT_A))
            )
            if grown == stable:
                break
            stable = grown
        result.append(stable)
    return result[0], result[1]


def next_to(mask: int) -> int:
    """Squares adjacent (8 directions) to any square of `mask`."""
    side = (mask << 1 & NOT_A) | (mask >> 1 & NOT_H)
    row = mask | side
    return ((row << 8 & FULL) | row >> 8 | side) & ~mask


def corner_terms(own: int, opp: int) -> int:
    """Corners owned, and X and C squares held next to an empty corner."""
    score = CORNER * ((own & CORNERS).bit_count() - (opp & CORNERS).bit_count())
    for corner, x_square, c_squares in CORNER_ZONES:
        if not (own | opp) & corner:
            if own & x_square:
                score -= X_SQUARE
            if opp & x_square:
                score += X_SQUARE
            score -= C_SQUARE * ((own & c_squares).bit_count() - (opp & c_squares).bit_count())
    return score


def evaluate_masks(own: int, opp: int) -> int:
    """The score of a position given as the side to move's discs and the opponent's."""
    occupied = own | opp
    empty = FULL & ~occupied
    empties = empty.bit_count()
    score = MOBILITY * (legal_mask(own, opp).bit_count() - legal_mask(opp, own).bit_count())
    score += corner_terms(own, opp)
    stable_own, stable_opp = stable_discs(own, opp)
    score += STABLE * (stable_own.bit_count() - stable_opp.bit_count())
    border_of_empty = next_to(empty)
    score -= FRONTIER * ((own & border_of_empty).bit_count() - (opp & border_of_empty).bit_count())
    if empties <= ENDGAME_EMPTIES:
        score += PARITY if empties & 1 else -PARITY
        late = DISC_LATE * (ENDGAME_EMPTIES - empties) // ENDGAME_EMPTIES
        score += late * (own.bit_count() - opp.bit_count())
    return score


def masks_of(state: GameState) -> tuple[int, int]:
    """(side to move's discs, opponent's discs), read from the exact `key()`:
    black | white << 64 | side << 128 (rules.py)."""
    key = state.key()
    black, white = key & FULL, key >> 64 & FULL
    return (black, white) if state.to_move == 0 else (white, black)


def evaluate_othello(state: GameState) -> int:
    """Score from the side to move's view, in thousandths of a piece."""
    own, opp = masks_of(state)
    return evaluate_masks(own, opp)
