"""Tic-tac-toe, a sixth game written in the tests folder only: it proves that a game is one
plugin (a GameState subclass and a GameSpec) and that no shared engine code must change.

Cells a3 b3 c3 / a2 b2 c2 / a1 b1 c1 are indexed 0..8 row by row from the top. Position
text: the three rows from the top, '/' separated ('x', 'o', '.'), then the side to move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.core import (
    BASE_MESSAGES,
    EMPTY,
    FIRST,
    FIRST_MAN,
    SECOND_MAN,
    GameSpec,
    GameState,
    InvalidMoveError,
    Outcome,
    PositionError,
    Refusal,
    Termination,
)
from engine.positions import read_board, read_side, split_fields, write_board, write_side

NAMES = ("a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
ROWS = (3, 3, 3)


class Mark(NamedTuple):
    cell: int

    @property
    def steps(self) -> tuple[int, ...]:
        return (self.cell,)

    def __str__(self) -> str:
        return NAMES[self.cell]


class TicTacToeState(GameState):
    move_type = Mark
    counts_repetitions = False  # marks only accumulate

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self._cells = [EMPTY] * 9
        self._side = FIRST

    @property
    def to_move(self) -> int:
        return self._side

    def _line(self) -> tuple[int, ...]:
        mover = (FIRST_MAN, SECOND_MAN)[1 - self._side]
        return next((line for line in LINES if all(self._cells[c] == mover for c in line)), ())

    def outcome(self) -> Outcome | None:
        if self._line():
            return Outcome(1 - self._side, Termination.ALIGNMENT)
        if EMPTY not in self._cells:
            return Outcome(None, Termination.BOARD_FULL)
        return None

    def legal_moves(self) -> list[Mark]:
        if self.outcome() is not None:
            return []
        return [Mark(c) for c in range(9) if self._cells[c] == EMPTY]

    def push(self, move: Mark) -> None:
        self._cells[move.cell] = (FIRST_MAN, SECOND_MAN)[self._side]
        self._side = 1 - self._side
        self.history.append(move)

    def pop(self) -> Mark:
        move: Mark = self.history.pop()
        self._cells[move.cell] = EMPTY
        self._side = 1 - self._side
        return move

    def key(self) -> int:
        return sum(code << 2 * i for i, code in enumerate(self._cells)) << 1 | self._side

    def parse_move(self, text: str) -> Mark:
        name = text.strip().lower()
        if name not in NAMES:
            raise InvalidMoveError(f"{text.strip()!r} is not a cell (a1..c3)")
        return Mark(NAMES.index(name))

    def board(self) -> tuple[int, ...]:
        return tuple(self._cells)

    def cell_name(self, cell: int) -> str:
        return NAMES[cell]

    def refusal(self, move: Mark) -> Refusal | None:
        if self.outcome() is None and 0 <= move.cell < 9 and self._cells[move.cell] != EMPTY:
            return Refusal("occupied", (move.cell,), {"cell": move.cell})
        return super().refusal(move)

    def _click_reason(self, prefix: tuple[int, ...], cell: int) -> Refusal:
        return Refusal("occupied", (cell,), {"cell": cell})

    def formed_lines(self) -> tuple[int, ...]:
        return self._line()

    def position(self) -> str:
        names = self.spec.player_names
        return f"{write_board(self._cells, ROWS, names)} {write_side(self._side, names)}"

    def _set_position(self, text: str) -> None:
        names = self.spec.player_names
        board, side = split_fields(text, 2, "x.o/.x./... o")
        cells = read_board(board, ROWS, names)
        to_move = read_side(side, names)
        if cells.count(FIRST_MAN) - cells.count(SECOND_MAN) != to_move:
            raise PositionError("Xs start: as many x as o when Xs are to move, one more when Os are")
        self._cells, self._side = cells, to_move


def evaluate(state: GameState) -> int:
    return 0  # the search still finds every forced win: the game is tiny


TICTACTOE = GameSpec(
    id="tictactoe",
    title="Tic-tac-toe",
    player_names=("Xs", "Os"),
    factory=TicTacToeState,
    evaluate=evaluate,
    messages={**BASE_MESSAGES, "refuse_occupied": "{cell} is taken"},
)
TicTacToeState.spec = TICTACTOE
