"""The Teeko board: 25 squares a5..e1, the 44 winning patterns and the eight-way neighbours.

Squares are indexed row by row from the top: index = row * 5 + column, so a5 is 0
and e1 is 24. Sets of squares are 25-bit ints.
"""

from __future__ import annotations

SIZE = 5
CELLS = SIZE * SIZE
ALL_CELLS = (1 << CELLS) - 1
PIECES = 4
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
