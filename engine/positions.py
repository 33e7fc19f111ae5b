"""Reading and writing position texts, the parts every game's format shares.

A position text is space-separated fields, the board first: its rows separated by '/',
one character per cell: '.' empty, the first letter of a player's name in lower case
for a man ('w' White, 'b' Black) and in upper case for a king. Then the side to move
(a player's letter), then the counters a game needs. Every error is a PositionError
whose message says what is wrong and how a good text looks.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.basics import EMPTY, FIRST_KING, FIRST_MAN, SECOND_KING, SECOND_MAN, PositionError


def letters(player_names: tuple[str, str]) -> tuple[str, str]:
    """The players' letters: 'w' and 'b' for White and Black."""
    return player_names[0][0].lower(), player_names[1][0].lower()


def _codes(player_names: tuple[str, str], kings: bool) -> dict[str, int]:
    first, second = letters(player_names)
    codes = {".": EMPTY, first: FIRST_MAN, second: SECOND_MAN}
    if kings:
        codes |= {first.upper(): FIRST_KING, second.upper(): SECOND_KING}
    return codes


def split_fields(text: str, count: int, example: str) -> list[str]:
    """The text's fields; PositionError when there are not exactly `count`."""
    parts = text.split()
    if len(parts) != count:
        raise PositionError(f"a position has {count} fields separated by spaces, like {example!r}")
    return parts


def read_board(
    field: str, row_lengths: Sequence[int], player_names: tuple[str, str], *, kings: bool = False
) -> list[int]:
    """Cell codes from the board field, rows in cell-index order."""
    rows = field.split("/")
    if len(rows) != len(row_lengths):
        raise PositionError(f"the board has {len(row_lengths)} rows separated by '/', not {len(rows)}")
    codes = _codes(player_names, kings)
    cells: list[int] = []
    for number, (row, length) in enumerate(zip(rows, row_lengths, strict=True), 1):
        if len(row) != length:
            raise PositionError(f"row {number} of the board has {len(row)} cells, not {length}")
        for char in row:
            if char not in codes:
                allowed = " ".join(repr(c) for c in codes)
                raise PositionError(f"{char!r} in row {number} is not a cell (use {allowed})")
            cells.append(codes[char])
    return cells


def write_board(cells: Sequence[int], row_lengths: Sequence[int], player_names: tuple[str, str]) -> str:
    chars = {code: char for char, code in _codes(player_names, kings=True).items()}
    rows: list[str] = []
    start = 0
    for length in row_lengths:
        rows.append("".join(chars[c] for c in cells[start : start + length]))
        start += length
    return "/".join(rows)


def read_side(field: str, player_names: tuple[str, str]) -> int:
    choices = letters(player_names)
    if field not in choices:
        raise PositionError(f"the side to move is {choices[0]!r} or {choices[1]!r}, not {field!r}")
    return choices.index(field)


def write_side(side: int, player_names: tuple[str, str]) -> str:
    return letters(player_names)[side]


def read_count(field: str, name: str, low: int, high: int) -> int:
    """A whole number between low and high included."""
    if not (field.isascii() and field.isdigit()) or len(field) > 6 or not low <= int(field) <= high:
        raise PositionError(f"{name} is a whole number from {low} to {high}, not {field!r}")
    return int(field)
