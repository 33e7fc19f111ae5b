"""The seed's 10×10 dames variant (seed 004), exactly as RULES.md says.

Men step and capture forward only; kings step and capture one square both ways;
captures are never compulsory and a chain may stop after any jump, so every prefix
of a capture chain is a legal move of its own. Jumped pieces leave at once.

Dark squares are numbered 1..50 as in international draughts; cells (and move steps)
are indexed 0..49 = number - 1.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from engine.core import (
    EMPTY,
    FIRST,
    FIRST_KING,
    FIRST_MAN,
    SECOND,
    SECOND_KING,
    SECOND_MAN,
    GameState,
    InvalidMoveError,
    Outcome,
    Termination,
    owner_of,
)

SIZE = 10
SQUARES = 50
REPETITION_LIMIT = 3
# Square index -> (row, column); row 0 on top, a square is dark when row + column is odd.
COORDS: tuple[tuple[int, int], ...] = tuple(
    (row, column) for row in range(SIZE) for column in range(SIZE) if (row + column) % 2 == 1
)
INDEX_OF = {rc: i for i, rc in enumerate(COORDS)}
DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))  # NW, NE, SW, SE
FORWARD = {FIRST: (0, 1), SECOND: (2, 3)}  # White moves up the board, Black down
ALL_DIRECTIONS = (0, 1, 2, 3)
CROWN_ROW = {FIRST: 0, SECOND: SIZE - 1}
MEN, KINGS = {FIRST: FIRST_MAN, SECOND: SECOND_MAN}, {FIRST: FIRST_KING, SECOND: SECOND_KING}


def _neighbour_table(distance: int) -> tuple[tuple[int, ...], ...]:
    """For each square and direction: the square `distance` away, or -1 off the board."""
    table = []
    for row, column in COORDS:
        targets = ((row + dr * distance, column + dc * distance) for dr, dc in DIRECTIONS)
        table.append(tuple(INDEX_OF.get(rc, -1) for rc in targets))
    return tuple(table)


STEP = _neighbour_table(1)
JUMP = _neighbour_table(2)


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

        For tests and puzzles: a set-up position has no move list, so it is not saved.
        """
        self._cells = [EMPTY] * SQUARES
        self._key = 0
        for number, code in pieces.items():
            self._set(number - 1, code)
        self._side = side
        self.history.clear()
        self._undo.clear()
        self._reps.clear()
        self._note_position()

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
        if self.repetitions() >= REPETITION_LIMIT:
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

    def why_illegal(self, move: DamesMove) -> str | None:
        if self.outcome() is not None:
            return "the game is over"
        path = move.path
        if len(path) < 2 or not all(0 <= s < SQUARES for s in path):
            return "a move needs a piece and at least one landing square"
        code = self._cells[path[0]]
        if owner_of(code) != self._side:
            return f"there is no piece of yours on {path[0] + 1}"
        if move in self.legal_moves():
            return None
        first = path[1]
        if not move.capture:
            if len(path) > 2:
                return "a piece steps one square per move; only captures chain"
            if self._cells[first] != EMPTY:
                return f"{first + 1} is not empty"
            if first in STEP[path[0]]:
                return "a man only moves forward (kings move both ways)"
            return f"{first + 1} is not a diagonal neighbour of {path[0] + 1}"
        return "each jump must go over an opposing piece onto the empty square just behind it" + (
            "" if code in (FIRST_KING, SECOND_KING) else ", forward only for a man, stopping on the far row"
        )

    def render(self) -> str:
        symbols = {EMPTY: ".", FIRST_MAN: "w", SECOND_MAN: "b", FIRST_KING: "W", SECOND_KING: "B"}
        rows = []
        for row in range(SIZE):
            chars = [symbols[self._cells[INDEX_OF[(row, c)]]] if (row + c) % 2 else " " for c in range(SIZE)]
            first_number = INDEX_OF[(row, 1 - row % 2)] + 1
            rows.append(f"{first_number:>3} " + " ".join(chars))
        return "\n".join(rows)
