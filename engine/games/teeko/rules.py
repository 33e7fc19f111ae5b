"""Teeko (seed 002): 5×5, four pieces each, placement then one step in eight directions.

Squares are indexed row by row from the top: index = row * 5 + column, so a5 is 0
and e1 is 24. Sets of squares are 25-bit ints.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.core import (
    FIRST,
    FIRST_MAN,
    SECOND_MAN,
    GameState,
    InvalidMoveError,
    Outcome,
    Termination,
    bit_indices,
    cells_from_masks,
)

SIZE = 5
CELLS = SIZE * SIZE
ALL_CELLS = (1 << CELLS) - 1
PIECES = 4
REPETITION_LIMIT = 3
NAMES: tuple[str, ...] = tuple(f"{'abcde'[i % SIZE]}{SIZE - i // SIZE}" for i in range(CELLS))
INDEX_OF_NAME = {name: i for i, name in enumerate(NAMES)}


def _bit(row: int, column: int) -> int:
    return 1 << (row * SIZE + column)


def _winning_patterns() -> tuple[int, ...]:
    """The 44 patterns: 28 lines of four (rows, columns, diagonals) and 16 2×2 squares."""
    patterns = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for row in range(SIZE):
            for column in range(SIZE):
                cells = [(row + k * dr, column + k * dc) for k in range(4)]
                if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells):
                    patterns.append(sum(_bit(r, c) for r, c in cells))
    for row in range(SIZE - 1):
        for column in range(SIZE - 1):
            patterns.append(sum(_bit(row + r, column + c) for r in (0, 1) for c in (0, 1)))
    return tuple(patterns)


def _neighbours() -> tuple[int, ...]:
    masks = []
    for index in range(CELLS):
        row, column = divmod(index, SIZE)
        mask = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, column + dc
                if (dr or dc) and 0 <= r < SIZE and 0 <= c < SIZE:
                    mask |= _bit(r, c)
        masks.append(mask)
    return tuple(masks)


WIN_PATTERNS = _winning_patterns()
NEIGHBOURS = _neighbours()
PATTERNS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in WIN_PATTERNS if p >> i & 1) for i in range(CELLS)
)




class TeekoMove(NamedTuple):
    """A placement (src None) or a one-square step."""

    src: int | None
    dst: int

    @property
    def steps(self) -> tuple[int, ...]:
        return (self.dst,) if self.src is None else (self.src, self.dst)

    def __str__(self) -> str:
        return NAMES[self.dst] if self.src is None else f"{NAMES[self.src]}-{NAMES[self.dst]}"


def _square(text: str) -> int:
    name = text.strip().lower()
    if name not in INDEX_OF_NAME:
        raise InvalidMoveError(f"{text.strip()!r} is not a square (a1..e5)")
    return INDEX_OF_NAME[name]


class TeekoState(GameState):
    move_type = TeekoMove

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self._bb = [0, 0]
        self._hand = [PIECES, PIECES]
        self._side = FIRST
        self._note_position()

    @property
    def to_move(self) -> int:
        return self._side

    def key(self) -> int:
        return self._bb[0] | self._bb[1] << 25 | self._side << 50 | self._hand[0] << 51 | self._hand[1] << 54

    def board(self) -> tuple[int, ...]:
        return cells_from_masks(self._bb[0], self._bb[1], CELLS)

    def in_hand(self, player: int) -> int:
        return self._hand[player]

    def occupied(self, player: int) -> int:
        """Mask of a player's squares (as in Morris)."""
        return self._bb[player]

    @property
    def phase(self) -> str:
        return "placement" if self._hand[self._side] else "moving"

    def winning_pattern(self) -> int:
        """The mask of the pattern that ended the game, or 0."""
        mover = self._bb[1 - self._side]
        for pattern in WIN_PATTERNS:
            if mover & pattern == pattern:
                return pattern
        return 0

    def _early_end(self) -> Outcome | None:
        # Only the player who just moved can have completed a pattern.
        if self.history and self.winning_pattern():
            return Outcome(1 - self._side, Termination.ALIGNMENT)
        if self.repetitions() >= REPETITION_LIMIT:
            return Outcome(None, Termination.REPETITION)
        return None

    def legal_moves(self) -> list[TeekoMove]:
        if self._early_end() is not None:
            return []
        side = self._side
        own = self._bb[side]
        empty = ALL_CELLS & ~(own | self._bb[1 - side])
        if self._hand[side]:
            return [TeekoMove(None, d) for d in bit_indices(empty)]
        return [TeekoMove(s, d) for s in bit_indices(own) for d in bit_indices(NEIGHBOURS[s] & empty)]

    def count_legal_moves(self) -> int:
        side = self._side
        if self._hand[side] and self._early_end() is None:
            return CELLS - (self._bb[0] | self._bb[1]).bit_count()
        return len(self.legal_moves())

    def push(self, move: TeekoMove) -> None:
        side = self._side
        src, dst = move
        if src is None:
            self._hand[side] -= 1
            self._bb[side] |= 1 << dst
        else:
            self._bb[side] ^= 1 << src | 1 << dst
        self._side = 1 - side
        self.history.append(move)
        self._note_position()

    def pop(self) -> TeekoMove:
        self._forget_position()
        move: TeekoMove = self.history.pop()
        side = 1 - self._side
        self._side = side
        if move.src is None:
            self._hand[side] += 1
            self._bb[side] &= ~(1 << move.dst)
        else:
            self._bb[side] ^= 1 << move.src | 1 << move.dst
        return move

    def outcome(self) -> Outcome | None:
        early = self._early_end()
        if early is not None:
            return early
        if self.legal_moves():
            return None
        # Unreachable in practice (four pieces cannot all be walled in without a
        # pattern somewhere), but a player with no move loses as in the other games.
        return Outcome(1 - self._side, Termination.BLOCKED)

    def parse_move(self, text: str) -> TeekoMove:
        parts = text.strip().split("-")
        if not text.strip() or len(parts) > 2:
            raise InvalidMoveError(f"{text!r} is not a move (examples: c3, c3-d4)")
        if len(parts) == 1:
            return TeekoMove(None, _square(parts[0]))
        return TeekoMove(_square(parts[0]), _square(parts[1]))

    def why_illegal(self, move: TeekoMove) -> str | None:
        if self.outcome() is not None:
            return "the game is over"
        side = self._side
        own, opp = self._bb[side], self._bb[1 - side]
        src, dst = move
        if not 0 <= dst < CELLS or (src is not None and not 0 <= src < CELLS):
            return "no such square"
        if self._hand[side] and src is not None:
            return f"place a piece first: {self._hand[side]} still in hand"
        if not self._hand[side] and src is None:
            return "all four pieces are placed: move one of yours"
        if src is not None and not own >> src & 1:
            return f"there is no piece of yours on {NAMES[src]}"
        if (own | opp) >> dst & 1:
            return f"{NAMES[dst]} is not empty"
        if src is not None and not NEIGHBOURS[src] >> dst & 1:
            return f"{NAMES[dst]} is not next to {NAMES[src]}"
        return None

    def render(self) -> str:
        symbols = {FIRST_MAN: "B", SECOND_MAN: "W"}
        cells = self.board()
        rows = [
            f"{SIZE - r}  " + " ".join(symbols.get(cells[r * SIZE + c], ".") for c in range(SIZE))
            for r in range(SIZE)
        ]
        return "\n".join([*rows, "   a b c d e"])
