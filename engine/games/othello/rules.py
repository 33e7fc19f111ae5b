"""Othello (seed 003) on 64-bit boards held in Python ints.

Squares a1..h8, file a..h left to right, rank 1..8 top to bottom: index = row * 8 +
column with row 0 = rank 1, so a1 is 0 and h8 is 63. Black (FIRST) moves first.

Position text (`position()`, `GameSpec.from_position`), two fields::

    ......../......../......../...wb.../...bw.../......../......../........ b

the board, its eight rows from the top (rank 1) down, each row a to h: 'b' Black, 'w'
White, '.' empty; then the side to move ('b' or 'w'). Any board is accepted (puzzles);
a side with no move passes as in play.
A player with no placement passes (`pass` is then its only move); the game ends when
neither can move. Discs only ever increase, so no position can repeat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import engine.positions as positions
from engine.core import (
    BASE_MESSAGES,
    FIRST,
    FIRST_MAN,
    SECOND_MAN,
    GameState,
    InvalidMoveError,
    Outcome,
    Prompt,
    Refusal,
    Termination,
    bit_indices,
    cells_from_masks,
)
from engine.games.othello.perft import perft as fast_perft

SIZE = 8
ROWS = (SIZE,) * SIZE
START_TEXT = "......../......../......../...wb.../...bw.../......../......../........ b"
FULL = (1 << 64) - 1
NAMES: tuple[str, ...] = tuple(f"{'abcdefgh'[i % SIZE]}{i // SIZE + 1}" for i in range(64))
INDEX_OF_NAME = {name: i for i, name in enumerate(NAMES)}
_COLUMN_A = sum(1 << (row * SIZE) for row in range(SIZE))
# Discs that a horizontal or diagonal run may pass over: columns b..g, so that a shift
# never wraps from one row's edge into the next row.
INNER = FULL & ~_COLUMN_A & ~(_COLUMN_A << 7)
START_BLACK = 1 << INDEX_OF_NAME["d5"] | 1 << INDEX_OF_NAME["e4"]
START_WHITE = 1 << INDEX_OF_NAME["d4"] | 1 << INDEX_OF_NAME["e5"]


def legal_mask(own: int, opp: int) -> int:
    """Squares where `own` may play: a run of `opp` discs ending on an empty square
    next to an `own` disc. Per direction a flood with doubling steps: runs of 1, 2, then
    pairs, so four shift-and-mask steps cover the longest run (6) instead of six."""
    moves = 0
    inner = opp & INNER
    for shift, o in ((1, inner), (8, opp), (9, inner), (7, inner)):
        double = shift + shift
        x = o & (own << shift)
        x |= o & (x << shift)
        pair = o & (o << shift)
        x |= pair & (x << double)
        x |= pair & (x << double)
        moves |= x << shift
        x = o & (own >> shift)
        x |= o & (x >> shift)
        pair = o & (o >> shift)
        x |= pair & (x >> double)
        x |= pair & (x >> double)
        moves |= x >> shift
    return moves & FULL & ~(own | opp)


def _rays() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per square, the squares along each direction with room for a flip (2+ squares),
    split into rays of rising indices and rays of falling indices."""
    rising: list[tuple[int, ...]] = []
    falling: list[tuple[int, ...]] = []
    for square in range(64):
        up: list[int] = []
        down: list[int] = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            r, c, ray, length = square // SIZE + dr, square % SIZE + dc, 0, 0
            while 0 <= r < SIZE and 0 <= c < SIZE:
                ray |= 1 << (r * SIZE + c)
                length += 1
                r, c = r + dr, c + dc
            if length >= 2:
                (up if dr * SIZE + dc > 0 else down).append(ray)
        rising.append(tuple(up))
        falling.append(tuple(down))
    return tuple(rising), tuple(falling)


RISING_RAYS, FALLING_RAYS = _rays()


def flips(own: int, opp: int, square: int) -> int:
    """Discs turned over when `own` plays on `square`: along each ray, the squares
    before the first square that is not an `opp` disc, if that square holds `own`."""
    result = 0
    not_opp = ~opp
    for ray in RISING_RAYS[square]:
        stop = ray & not_opp
        first = stop & -stop
        if first & own:
            result |= ray & (first - 1)
    for ray in FALLING_RAYS[square]:
        stop = ray & not_opp
        if stop:
            first = 1 << (stop.bit_length() - 1)
            if first & own:
                result |= ray & -(first << 1)
    return result


class OthelloMove(NamedTuple):
    """A placement, or a pass (square None)."""

    square: int | None

    @property
    def steps(self) -> tuple[int, ...]:
        return () if self.square is None else (self.square,)

    def __str__(self) -> str:
        return "pass" if self.square is None else NAMES[self.square]


PASS = OthelloMove(None)
MESSAGES: dict[str, str] = {
    **BASE_MESSAGES,
    "refuse_no_such_cell": "no such square",
    "refuse_must_play": "you have a move, so you cannot pass",
    "refuse_must_pass": "you have no move: you must pass",
    "refuse_occupied": "{cell} is not empty",
    "refuse_turns_nothing": "a disc on {cell} would turn nothing over",
    "prompt_place": "{player} to place a disc that turns over {opponent}'s",
    "prompt_place_after_pass": "{opponent} passed: {player} to place a disc",
    "prompt_pass": "{player} has no move and passes",
}


class OthelloState(GameState):
    move_type = OthelloMove
    counts_repetitions = False  # discs only ever increase

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self._bb = [START_BLACK, START_WHITE]
        self._side = FIRST
        self._undo: list[int] = []  # discs flipped by each move

    def set_position(self, black: int, white: int, side: int) -> None:
        """Replace the position (square masks); clears the history. For tests and puzzles."""
        black &= FULL
        cells = cells_from_masks(black, white & FULL & ~black, 64)
        names = self.spec.player_names
        self.load_position(f"{positions.write_board(cells, ROWS, names)} {positions.write_side(side, names)}")

    # ----- position text (format in the module docstring) ---------------------
    def position(self) -> str:
        names = self.spec.player_names
        return f"{positions.write_board(self.board(), ROWS, names)} {positions.write_side(self._side, names)}"

    def _set_position(self, text: str) -> None:
        names = self.spec.player_names
        board, side = positions.split_fields(text, 2, START_TEXT)
        cells = positions.read_board(board, ROWS, names)
        masks = [sum(1 << i for i, c in enumerate(cells) if c == code) for code in (FIRST_MAN, SECOND_MAN)]
        self._side = positions.read_side(side, names)
        self._bb, self._undo = masks, []

    @property
    def to_move(self) -> int:
        return self._side

    def key(self) -> int:
        return self._bb[0] | self._bb[1] << 64 | self._side << 128

    def board(self) -> tuple[int, ...]:
        return cells_from_masks(self._bb[0], self._bb[1], 64)

    def discs(self, player: int) -> int:
        return self._bb[player].bit_count()

    def legal_mask(self) -> int:
        side = self._side
        return legal_mask(self._bb[side], self._bb[1 - side])

    def legal_moves(self) -> list[OthelloMove]:
        side = self._side
        own, opp = self._bb[side], self._bb[1 - side]
        mask = legal_mask(own, opp)
        if mask:
            return [OthelloMove(s) for s in bit_indices(mask)]
        return [PASS] if legal_mask(opp, own) else []

    def count_legal_moves(self) -> int:
        side = self._side
        own, opp = self._bb[side], self._bb[1 - side]
        count = legal_mask(own, opp).bit_count()
        return count or (1 if legal_mask(opp, own) else 0)

    def flips_of(self, move: OthelloMove) -> int:
        """Discs a move would turn (0 for a pass)."""
        if move.square is None:
            return 0
        side = self._side
        return flips(self._bb[side], self._bb[1 - side], move.square)

    def push(self, move: OthelloMove) -> None:
        side = self._side
        turned = 0
        if move.square is not None:
            turned = flips(self._bb[side], self._bb[1 - side], move.square)
            self._bb[side] |= turned | 1 << move.square
            self._bb[1 - side] ^= turned
        self._undo.append(turned)
        self._side = 1 - side
        self.history.append(move)

    def pop(self) -> OthelloMove:
        move: OthelloMove = self.history.pop()
        turned = self._undo.pop()
        side = 1 - self._side
        self._side = side
        if move.square is not None:
            self._bb[side] &= ~(turned | 1 << move.square)
            self._bb[1 - side] |= turned
        return move

    def outcome(self) -> Outcome | None:
        black, white = self._bb
        if legal_mask(black, white) or legal_mask(white, black):
            return None
        difference = black.bit_count() - white.bit_count()
        winner = None if difference == 0 else FIRST if difference > 0 else 1 - FIRST
        return Outcome(winner, Termination.DISC_COUNT)

    def perft(self, depth: int) -> int:
        side = self._side
        return fast_perft(self._bb[side], self._bb[1 - side], depth, legal_mask, flips)

    def parse_move(self, text: str) -> OthelloMove:
        name = text.strip().lower()
        if name == "pass":
            return PASS
        if name not in INDEX_OF_NAME:
            raise InvalidMoveError(f"{text.strip()!r} is not a move (a square a1..h8, or pass)")
        return OthelloMove(INDEX_OF_NAME[name])

    # ----- refusals and prompts as data (texts: MESSAGES) ----------------------
    def cell_name(self, cell: int) -> str:
        return NAMES[cell]

    def refusal(self, move: OthelloMove) -> Refusal | None:
        if self.outcome() is not None:
            return Refusal("game_over")
        mask = self.legal_mask()
        square = move.square
        if square is None:
            return Refusal("must_play") if mask else None
        if not 0 <= square < 64:
            return Refusal("no_such_cell")
        if not mask:
            return Refusal("must_pass", (), {"player": self._side})
        return None if mask >> square & 1 else self._click_reason((), square)

    def _click_reason(self, prefix: tuple[int, ...], cell: int) -> Refusal:
        if not self.legal_mask():
            return Refusal("must_pass", (), {"player": self._side})
        if (self._bb[0] | self._bb[1]) >> cell & 1:
            return Refusal("occupied", (cell,), {"cell": cell})
        return Refusal("turns_nothing", (cell,), {"cell": cell, "opponent": 1 - self._side})

    def _prompt(self, prefix: tuple[int, ...]) -> Prompt:
        players = {"player": self._side, "opponent": 1 - self._side}
        if not self.legal_mask():
            return Prompt("pass", (), players)
        passed = bool(self.history) and self.history[-1] == PASS
        return Prompt("place_after_pass" if passed else "place", (), players)

    def render(self) -> str:
        symbols = {FIRST_MAN: "B", SECOND_MAN: "W"}
        cells = self.board()
        rows = [
            f"{r + 1}  " + " ".join(symbols.get(cells[r * SIZE + c], ".") for c in range(SIZE))
            for r in range(SIZE)
        ]
        return "\n".join(["   a b c d e f g h", *rows])
