"""Teeko (seed 002): 5×5, four pieces each, placement then one step in eight directions.

The board (square names, patterns, neighbours) is board.py; refusals and prompts are
explain.py.

Position text (`position()`, `GameSpec.from_position`), two fields::

    b..../.w.../..b../...../..... w

the board, its five rows from the top (rank 5) down, each row a to e: 'b' Black, 'w'
White, '.' empty; then the side to move ('b' or 'w'). Pieces in hand are the four each
player has minus those on the board, so Black (who starts) has as many pieces out as
White when Black is to move, one more when White is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import engine.games.teeko.explain as explain
from engine.core import (
    FIRST,
    FIRST_MAN,
    SECOND_MAN,
    GameState,
    InvalidMoveError,
    Outcome,
    PositionError,
    Prompt,
    Refusal,
    Termination,
    bit_indices,
    cells_from_masks,
)
from engine.games.teeko.board import (
    ALL_CELLS,
    CELLS,
    INDEX_OF_NAME,
    NAMES,
    NEIGHBOURS,
    PATTERNS_AT,
    PIECES,
    SIZE,
    WIN_PATTERNS,
)
from engine.positions import read_board, read_side, split_fields, write_board, write_side

__all__ = [
    "ALL_CELLS", "CELLS", "INDEX_OF_NAME", "NAMES", "NEIGHBOURS", "PATTERNS_AT", "PIECES", "SIZE",
    "WIN_PATTERNS", "TeekoMove", "TeekoState",
]  # fmt: skip


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
        if self.winning_pattern():
            return Outcome(1 - self._side, Termination.ALIGNMENT)
        if self.repetitions() >= self.repetition_limit:
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

    # ----- refusals and prompts as data (explain.py) --------------------------
    def cell_name(self, cell: int) -> str:
        return NAMES[cell]

    def refusal(self, move: TeekoMove) -> Refusal | None:
        return explain.refusal(self, move)

    def _click_reason(self, prefix: tuple[int, ...], cell: int) -> Refusal:
        return explain.click_reason(self, prefix, cell)

    def _prompt(self, prefix: tuple[int, ...]) -> Prompt:
        return explain.prompt(self, prefix)

    def formed_lines(self) -> tuple[int, ...]:
        return explain.formed_lines(self)

    # ----- position text (format in the module docstring) ---------------------
    def position(self) -> str:
        names = self.spec.player_names
        return f"{write_board(self.board(), (SIZE,) * SIZE, names)} {write_side(self._side, names)}"

    def _set_position(self, text: str) -> None:
        names = self.spec.player_names
        board, side_field = split_fields(text, 2, "b..../.w.../..b../...../..... w")
        cells = read_board(board, (SIZE,) * SIZE, names)
        side = read_side(side_field, names)
        masks = [sum(1 << i for i, c in enumerate(cells) if c == code) for code in (FIRST_MAN, SECOND_MAN)]
        counts = [mask.bit_count() for mask in masks]
        if max(counts) > PIECES:
            raise PositionError(f"each player has {PIECES} pieces, not {max(counts)}")
        if counts != [PIECES, PIECES] and counts[0] - counts[1] != side:
            raise PositionError(
                f"with {names[0]} {counts[0]} and {names[1]} {counts[1]} pieces out, "
                f"{names[1 - side]} is to move ({names[0]} places first)"
            )
        if any(masks[side] & p == p for p in WIN_PATTERNS):
            raise PositionError(f"{names[side]} has a winning pattern but is to move: the game ended before")
        self._bb, self._side = masks, side
        self._hand = [PIECES - counts[0], PIECES - counts[1]]

    def render(self) -> str:
        symbols = {FIRST_MAN: "B", SECOND_MAN: "W"}
        cells = self.board()
        rows = [
            f"{SIZE - r}  " + " ".join(symbols.get(cells[r * SIZE + c], ".") for c in range(SIZE))
            for r in range(SIZE)
        ]
        return "\n".join([*rows, "   a b c d e"])
