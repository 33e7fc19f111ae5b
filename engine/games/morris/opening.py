"""The Nine Men's Morris placement book: moves chosen offline by a deep search.

Built by `tools/build_morris_book.py` (a deep, bounded search of each position of the
placement lines a strong opponent plays, plus the placements of games hard lost; moves
learned by play and late placement moves a deeper search switched stand over its own;
see the tools' docstrings) and shipped as
`engine/games/morris/opening.book`, read lazily on the first probe. The hard level plays
a book move before any search (`GameSpec.opening`): a blocked position is decided during
placement, often deeper than a one-second search sees.

Positions are folded by the board's 16 symmetries (`endgame.symmetries`: the square's 8
times swapping the outer and inner squares): an entry is keyed by the smallest image of
the position key (`MorrisState.key()` layout: White's mask, Black's mask, side to move,
both hands), and its move is stored in that image's frame; a probe maps the move back.

File: MAGIC, a 4-byte little-endian header length, a JSON header (entry count, SHA-256
of the payload, how it was built), then the lzma-compressed payload: the entries sorted
by key, each ENTRY (key uint64, destination point, removed point or NO_TAKE, the search's
score int32, its depth). A missing or damaged file is no book: the hard level searches.
"""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, cast

from engine.core import EngineError, GameState
from engine.games.morris.board import POINT_COUNT
from engine.games.morris.endgame import image, symmetries
from engine.games.morris.packed import pack, unpack
from engine.games.morris.rules import MorrisMove, MorrisState

MAGIC = b"MORRISBOOK\x01"
DATA_PATH = Path(__file__).resolve().parent / "opening.book"
ENTRY = struct.Struct("<QBBiB")  # key, destination, removed point, score, depth
NO_TAKE = 0xFF
MASK = (1 << POINT_COUNT) - 1
REST_SHIFT = 2 * POINT_COUNT  # side to move and hands, above the two masks: never moved


class BookError(EngineError):
    """The book file is missing, damaged or of another format."""


class BookEntry(NamedTuple):
    """A book move in the canonical frame, with the offline search's score and depth."""

    dst: int
    take: int | None
    score: int
    depth: int


@cache
def _inverses() -> tuple[tuple[int, ...], ...]:
    """The inverse permutation of each symmetry, in `symmetries()` order."""
    inverses = []
    for perm in symmetries():
        inverse = [0] * POINT_COUNT
        for point, target in enumerate(perm):
            inverse[target] = point
        inverses.append(tuple(inverse))
    return tuple(inverses)


def canonical(key: int) -> tuple[int, int]:
    """(the smallest image of a position key under the 16 symmetries, the index of a
    symmetry giving it). A symmetric position has several such symmetries; any one
    serves, since they map the book move to equivalent moves."""
    white, black, rest = key & MASK, key >> POINT_COUNT & MASK, key >> REST_SHIFT << REST_SHIFT
    best, best_index = key, 0
    for index, perm in enumerate(symmetries()):
        moved = image(white, perm) | image(black, perm) << POINT_COUNT | rest
        if moved < best:
            best, best_index = moved, index
    return best, best_index


def to_canonical(move: MorrisMove, index: int) -> MorrisMove:
    """A placement seen in the frame of symmetry `index`."""
    perm = symmetries()[index]
    return MorrisMove(None, perm[move.dst], None if move.take is None else perm[move.take])


def from_canonical(move: MorrisMove, index: int) -> MorrisMove:
    """A canonical-frame placement back in the frame of the position that symmetry
    `index` maps onto the canonical one (the inverse permutation)."""
    inverse = _inverses()[index]
    return MorrisMove(None, inverse[move.dst], None if move.take is None else inverse[move.take])


def encode(entries: dict[int, BookEntry], built: dict[str, Any] | None = None) -> bytes:
    """The file for canonical keys and their entries (the builder writes this)."""
    payload = b"".join(
        ENTRY.pack(key, e.dst, NO_TAKE if e.take is None else e.take, e.score, e.depth)
        for key, e in sorted(entries.items())
    )
    return pack(MAGIC, payload, {"entries": len(entries), "built": built or {}})


def decode(data: bytes) -> dict[int, BookEntry]:
    """Canonical key -> entry; BookError for anything but a whole, intact book."""
    header, payload = unpack(data, MAGIC, BookError, "Morris opening book")
    try:
        if len(payload) != int(header["entries"]) * ENTRY.size:
            raise BookError("the opening book is damaged (length)")
        book: dict[int, BookEntry] = {}
        for key, dst, take, score, depth in ENTRY.iter_unpack(payload):
            if dst >= POINT_COUNT or (take != NO_TAKE and take >= POINT_COUNT):
                raise BookError(f"the opening book is damaged (point {dst} or {take})")
            book[key] = BookEntry(dst, None if take == NO_TAKE else take, score, depth)
        return book
    except (struct.error, ValueError, KeyError, TypeError) as error:
        raise BookError(f"the opening book is damaged: {error}") from error


_loaded: dict[Path, dict[int, BookEntry]] = {}


def book(path: Path | None = None) -> dict[int, BookEntry]:
    """The book, read on first use; an empty book when the file cannot be read (the
    failure is remembered, so a damaged file costs one read, not one per move)."""
    path = path or DATA_PATH
    if path not in _loaded:
        try:
            _loaded[path] = decode(path.read_bytes())
        except (OSError, BookError):
            _loaded[path] = {}
    return _loaded[path]


def lookup(entries: dict[int, BookEntry], state: GameState) -> tuple[MorrisMove, BookEntry] | None:
    """The book move for `state` in its own frame, or None outside `entries`."""
    morris = cast(MorrisState, state)
    if not morris.in_hand(morris.to_move) or morris.options.get("diagonals", False):
        return None  # the book holds placements on the board without diagonals
    key, index = canonical(morris.key())
    entry = entries.get(key)
    if entry is None:
        return None
    return from_canonical(MorrisMove(None, entry.dst, entry.take), index), entry


def book_move(state: GameState) -> tuple[Any, int, int] | None:
    """The hard level's opening hook (`GameSpec.opening`): (move, score, depth)."""
    found = lookup(book(), state)
    if found is None:
        return None
    move, entry = found
    return move, entry.score, entry.depth


def entry_for(state: GameState, move: MorrisMove, score: int, depth: int) -> tuple[int, BookEntry]:
    """The canonical key and entry that store `move` for `state` (the builder)."""
    key, index = canonical(state.key())
    canon = to_canonical(move, index)
    return key, BookEntry(canon.dst, canon.take, score, depth)
