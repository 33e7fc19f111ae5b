"""The seed's 10×10 dames variant (seed 004), exactly as RULES.md says.

Men step and capture forward only; kings step and capture one square both ways;
captures are never compulsory and a chain may stop after any jump, so every prefix
of a capture chain is a legal move of its own. Jumped pieces leave at once.

Dark squares are numbered 1..50 as in international draughts; cells (and move steps)
are indexed 0..49 = number - 1.

Position text (`position()`, `GameSpec.from_position`), two fields::

    bbbbb/bbbbb/bbbbb/bbbbb/...../...../wwwww/wwwww/wwwww/wwwww w

the board, its ten rows from the top down, each row's five dark squares left to right
(row 1 holds squares 1-5): 'w' White man, 'b' Black man, 'W' and 'B' kings, '.' empty;
then the side to move ('w' or 'b'). Any board is accepted (puzzles and tests); a man
on its far row (crowned in play) simply has no move forward.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

import engine.games.dames.explain as explain
from engine.core import (
    EMPTY,
    FIRST,
    FIRST_KING,
    FIRST_MAN,
    SECOND_KING,
    SECOND_MAN,
    GameState,
    InvalidMoveError,
    Outcome,
    PositionError,
    Prompt,
    Refusal,
    Termination,
    owner_of,
)
from engine.games.dames.board import (
    ALL_DIRECTIONS,
    COORDS,
    CROWN_ROW,
    DIRECTIONS,
    FORWARD,
    INDEX_OF,
    JUMP,
    KINGS,
    MEN,
    SIZE,
    SQUARES,
    STEP,
)
from engine.positions import read_board, read_side, split_fields, write_board, write_side

CELL_CODES = (EMPTY, FIRST_MAN, SECOND_MAN, FIRST_KING, SECOND_KING)
ROWS = (SIZE // 2,) * SIZE  # dark squares per row
START_TEXT = "bbbbb/bbbbb/bbbbb/bbbbb/...../...../wwwww/wwwww/wwwww/wwwww w"
__all__ = [
    "ALL_DIRECTIONS", "COORDS", "CROWN_ROW", "DIRECTIONS", "FORWARD", "INDEX_OF", "JUMP", "KINGS",
    "MEN", "SIZE", "SQUARES", "STEP", "DamesMove", "DamesState", "parse_dames_move",
]  # fmt: skip


class DamesMove(NamedTuple):
    """A step (two squares) or a capture chain (every landing square)."""

    path: tuple[int, ...]
    capture: bool

    @property
    def steps(self) -> tuple[int, ...]:
        return self.path

    def __str__(self) -> str:
        return ("x" if self.capture else "-").join(str(s + 1) for s in self.path)


def parse_dames_move(text: str) -> DamesMove:
    body = text.strip().lower()
    if not re.fullmatch(r"\d{1,2}(?:-\d{1,2}|(?:x\d{1,2})+)", body):
        raise InvalidMoveError(f"{text.strip()!r} is not a move (examples: 32-28, 32x23, 32x23x14)")
    numbers = [int(n) for n in re.split(r"[-x]", body)]
    if not all(1 <= n <= SQUARES for n in numbers):
        raise InvalidMoveError(f"{text.strip()!r}: squares are numbered 1 to 50")
    return DamesMove(tuple(n - 1 for n in numbers), "x" in body)


class DamesState(GameState):
    move_type = DamesMove

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self._cells = [SECOND_MAN] * 20 + [EMPTY] * 10 + [FIRST_MAN] * 20
        self._side = FIRST
        self._key = sum(code << 3 * i for i, code in enumerate(self._cells))
        self._undo: list[tuple[int, list[tuple[int, int]]]] = []  # moved piece, captured (square, code)
        self._note_position()

    def set_position(self, pieces: Mapping[int, int], side: int) -> None:
        """Replace the position (squares numbered 1..50 -> cell code); clears the history.

        For tests and puzzles; it goes through the position text, so it is checked."""
        cells = [EMPTY] * SQUARES
        for number, code in pieces.items():
            if not 1 <= number <= SQUARES or code not in CELL_CODES:
                raise PositionError(f"no piece {code!r} on square {number!r} (squares 1 to {SQUARES})")
            cells[number - 1] = code
        names = self.spec.player_names
        self.load_position(f"{write_board(cells, ROWS, names)} {write_side(side, names)}")

    # ----- position text (format in the module docstring) ---------------------
    def position(self) -> str:
        names = self.spec.player_names
        return f"{write_board(self._cells, ROWS, names)} {write_side(self._side, names)}"

    def _set_position(self, text: str) -> None:
        names = self.spec.player_names
        board, side_field = split_fields(text, 2, START_TEXT)
        cells = read_board(board, ROWS, names, kings=True)
        side = read_side(side_field, names)
        self._cells, self._side, self._undo = cells, side, []
        self._key = sum(code << 3 * i for i, code in enumerate(cells))

    @property
    def to_move(self) -> int:
        return self._side

    def key(self) -> int:
        return self._key << 1 | self._side

    def board(self) -> tuple[int, ...]:
        return tuple(self._cells)

    def is_capture(self, move: DamesMove) -> bool:
        return move.capture

    def _set(self, square: int, code: int) -> None:
        self._key += (code - self._cells[square]) << 3 * square
        self._cells[square] = code

    # ----- move generation ---------------------------------------------------
    def _directions(self, code: int) -> tuple[int, ...]:
        return ALL_DIRECTIONS if code in (FIRST_KING, SECOND_KING) else FORWARD[owner_of(code) or 0]

    def _chains(self, square: int, code: int, path: list[int]) -> Iterator[tuple[int, ...]]:
        """Every capture chain from `square`, prefixes included (depth-first)."""
        cells = self._cells
        side = self._side
        for d in self._directions(code):
            over, land = STEP[square][d], JUMP[square][d]
            if land < 0 or cells[land] != EMPTY or owner_of(cells[over]) != 1 - side:
                continue
            taken = cells[over]
            cells[over] = EMPTY  # jumped pieces leave at once
            cells[square], cells[land] = EMPTY, code
            path.append(land)
            yield tuple(path)
            crowned = code == MEN[side] and COORDS[land][0] == CROWN_ROW[side]
            if not crowned:  # a man reaching the far row stops there
                yield from self._chains(land, code, path)
            path.pop()
            cells[square], cells[land], cells[over] = code, EMPTY, taken

    def _has_no_pieces(self) -> bool:
        own = (MEN[self._side], KINGS[self._side])
        return not any(c in own for c in self._cells)

    def _early_end(self) -> Outcome | None:
        if self._has_no_pieces():
            return Outcome(1 - self._side, Termination.NO_PIECES)
        if self.repetitions() >= self.repetition_limit:
            return Outcome(None, Termination.REPETITION)
        return None

    def legal_moves(self) -> list[DamesMove]:
        if self._early_end() is not None:
            return []
        return self._generate()

    def _generate(self) -> list[DamesMove]:
        cells = self._cells
        own = (MEN[self._side], KINGS[self._side])
        captures: list[DamesMove] = []
        steps: list[DamesMove] = []
        for square, code in enumerate(cells):
            if code not in own:
                continue
            captures.extend(DamesMove(p, True) for p in self._chains(square, code, [square]))
            for d in self._directions(code):
                target = STEP[square][d]
                if target >= 0 and cells[target] == EMPTY:
                    steps.append(DamesMove((square, target), False))
        return captures + steps  # captures first: the search looks at them first

    def push(self, move: DamesMove) -> None:
        path = move.path
        side = self._side
        code = self._cells[path[0]]
        taken: list[tuple[int, int]] = []
        if move.capture:
            for a, b in itertools.pairwise(path):
                over = INDEX_OF[((COORDS[a][0] + COORDS[b][0]) // 2, (COORDS[a][1] + COORDS[b][1]) // 2)]
                taken.append((over, self._cells[over]))
                self._set(over, EMPTY)
        self._set(path[0], EMPTY)
        final = KINGS[side] if code == MEN[side] and COORDS[path[-1]][0] == CROWN_ROW[side] else code
        self._set(path[-1], final)
        self._undo.append((code, taken))
        self._side = 1 - side
        self.history.append(move)
        self._note_position()

    def pop(self) -> DamesMove:
        self._forget_position()
        move: DamesMove = self.history.pop()
        code, taken = self._undo.pop()
        self._side = 1 - self._side
        self._set(move.path[-1], EMPTY)
        self._set(move.path[0], code)
        for square, piece in reversed(taken):
            self._set(square, piece)
        return move

    def outcome(self) -> Outcome | None:
        early = self._early_end()
        if early is not None:
            return early
        if self._generate():
            return None
        return Outcome(1 - self._side, Termination.BLOCKED)

    def parse_move(self, text: str) -> DamesMove:
        return parse_dames_move(text)

    # ----- refusals and prompts as data (explain.py) --------------------------
    def cell_name(self, cell: int) -> str:
        return str(cell + 1)

    def refusal(self, move: DamesMove) -> Refusal | None:
        if self.outcome() is not None:
            return Refusal("game_over")
        if move in self.legal_moves():
            return None
        return explain.refusal(self, move)

    def _click_reason(self, prefix: tuple[int, ...], cell: int) -> Refusal:
        return explain.click_reason(self, prefix, cell)

    def _prompt(self, prefix: tuple[int, ...]) -> Prompt:
        return explain.prompt(self, prefix)

    def render(self) -> str:
        symbols = {EMPTY: ".", FIRST_MAN: "w", SECOND_MAN: "b", FIRST_KING: "W", SECOND_KING: "B"}
        rows = []
        for row in range(SIZE):
            chars = [symbols[self._cells[INDEX_OF[(row, c)]]] if (row + c) % 2 else " " for c in range(SIZE)]
            first_number = INDEX_OF[(row, 1 - row % 2)] + 1
            rows.append(f"{first_number:>3} " + " ".join(chars))
        return "\n".join(rows)
