"""The Nine Men's Morris books: moves chosen offline by a deep search.

Built by `tools/build_morris_book.py` (a deep, bounded search of each position of the
placement lines a strong opponent plays, plus the placements of games hard lost; moves
learned by play and late placement moves a deeper search switched stand over its own;
see the tools' docstrings) and shipped as
`engine/games/morris/opening.book`, read lazily on the first probe. The hard level plays
a book move before any search (`GameSpec.opening`): a blocked position is decided during
placement, often deeper than a one-second search sees.

The moving book (`engine/games/morris/moving.book`, built by
`tools/build_morris_moving_book.py`) holds the first moves of the moving phase the hard
level meets after its placement book, chosen by millref at a depth a one-second search
never sees; it covers a position only a few plies after the last placement or removal
(MOVING_QUIET_PLIES), where no position can have repeated, so the game's history cannot
change the best move.

Positions are folded by the board's 16 symmetries (`endgame.symmetries`: the square's 8
times swapping the outer and inner squares): an entry is keyed by the smallest image of
the position key (`MorrisState.key()` layout: White's mask, Black's mask, side to move,
both hands), and its move is stored in that image's frame; a probe maps the move back.
The symmetries keep the lines' adjacency, so they fold moving positions too.

File: its format's magic, a 4-byte little-endian header length, a JSON header (entry
count, SHA-256 of the payload, how it was built), then the lzma-compressed payload: the
entries sorted by key, each (key uint64, [the moving book: source point,] destination
point, removed point or NO_POINT, the search's score int32, its depth). A missing or
damaged file is no book: the hard level searches.
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


class BookFormat(NamedTuple):
    """A book file's magic and entry layout; `moving` entries carry a source point."""

    magic: bytes
    entry: struct.Struct
    moving: bool


PLACEMENTS = BookFormat(b"MORRISBOOK\x01", struct.Struct("<QBBiB"), False)  # key, dst, take, score, depth
MOVES = BookFormat(b"MORRISMOVES\x01", struct.Struct("<QBBBiB"), True)  # key, src, dst, take, score, depth
DATA_PATH = Path(__file__).resolve().parent / "opening.book"
MOVING_PATH = Path(__file__).resolve().parent / "moving.book"
MOVING_QUIET_PLIES = 4  # a repetition needs four quiet plies: fewer, and the history cannot matter
NO_POINT = 0xFF
MASK = (1 << POINT_COUNT) - 1
REST_SHIFT = 2 * POINT_COUNT  # side to move and hands, above the two masks: never moved


class BookError(EngineError):
    """The book file is missing, damaged or of another format."""


class BookEntry(NamedTuple):
    """A book move in the canonical frame, with the offline search's score and depth;
    `src` is the moved piece's point (None for a placement)."""

    dst: int
    take: int | None
    score: int
    depth: int
    src: int | None = None

    def move(self) -> MorrisMove:
        return MorrisMove(self.src, self.dst, self.take)


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


def book_key(state: MorrisState) -> int:
    """The key a book files `state` under: the smallest image of its position key."""
    return canonical(state.key())[0]


def _mapped(move: MorrisMove, perm: tuple[int, ...]) -> MorrisMove:
    src, dst, take = move
    return MorrisMove(None if src is None else perm[src], perm[dst], None if take is None else perm[take])


def to_canonical(move: MorrisMove, index: int) -> MorrisMove:
    """A move seen in the frame of symmetry `index`."""
    return _mapped(move, symmetries()[index])


def from_canonical(move: MorrisMove, index: int) -> MorrisMove:
    """A canonical-frame move back in the frame of the position that symmetry `index`
    maps onto the canonical one (the inverse permutation)."""
    return _mapped(move, _inverses()[index])


def _point(byte: int) -> int | None:
    return None if byte == NO_POINT else byte


def encode(
    entries: dict[int, BookEntry], built: dict[str, Any] | None = None, form: BookFormat = PLACEMENTS
) -> bytes:
    """The file for canonical keys and their entries (the builders write this)."""
    rows = []
    for key, e in sorted(entries.items()):
        if (e.src is not None) != form.moving:
            raise BookError(f"entry {key} does not fit the book's format")
        take = NO_POINT if e.take is None else e.take
        fields = (e.src, e.dst, take) if form.moving else (e.dst, take)
        rows.append(form.entry.pack(key, *fields, e.score, e.depth))
    return pack(form.magic, b"".join(rows), {"entries": len(entries), "built": built or {}})


def decode(data: bytes) -> dict[int, BookEntry]:
    """Canonical key -> entry, for either format (told by its magic); BookError for
    anything but a whole, intact book."""
    form = MOVES if data.startswith(MOVES.magic) else PLACEMENTS
    header, payload = unpack(data, form.magic, BookError, "Morris book")
    try:
        if len(payload) != int(header["entries"]) * form.entry.size:
            raise BookError("the book is damaged (length)")
        book: dict[int, BookEntry] = {}
        for row in form.entry.iter_unpack(payload):
            key, *points, score, depth = row
            src, dst, take = points if form.moving else (None, *points)
            needed = (dst, src) if form.moving else (dst,)  # a move always has these
            if any(p >= POINT_COUNT for p in needed) or (take != NO_POINT and take >= POINT_COUNT):
                raise BookError(f"the book is damaged (points {points})")
            book[key] = BookEntry(dst, _point(take), score, depth, src)
        return book
    except (struct.error, ValueError, KeyError, TypeError) as error:
        raise BookError(f"the book is damaged: {error}") from error


def read_book(path: Path) -> dict[int, BookEntry]:
    """The book at `path`, read now; BookError naming `path` when it is missing or
    damaged (tools that take a book's path want the mistake, not an empty book)."""
    try:
        return decode(path.read_bytes())
    except (OSError, BookError) as error:
        raise BookError(f"{path}: {error}") from error


_loaded: dict[Path, dict[int, BookEntry]] = {}


def book(path: Path | None = None) -> dict[int, BookEntry]:
    """The book, read on first use; an empty book when the file cannot be read (the
    failure is remembered, so a damaged file costs one read, not one per move)."""
    path = path or DATA_PATH
    if path not in _loaded:
        try:
            _loaded[path] = read_book(path)
        except BookError:
            _loaded[path] = {}
    return _loaded[path]


def bookable(state: MorrisState) -> bool:
    """Whether a book may hold `state`: on the board without diagonals, a placement, or
    a moving position whose history since the last placement or removal is too short
    to hold a repetition."""
    if state.options.get("diagonals", False):
        return False
    if state.in_hand(state.to_move):
        return True
    return not state.in_hand(1 - state.to_move) and state.quiet_plies < MOVING_QUIET_PLIES


def lookup(entries: dict[int, BookEntry], state: GameState) -> tuple[MorrisMove, BookEntry] | None:
    """The book move for `state` in its own frame, or None outside `entries`."""
    morris = cast(MorrisState, state)
    if not bookable(morris):
        return None
    key, index = canonical(morris.key())
    entry = entries.get(key)
    if entry is None:
        return None
    return from_canonical(entry.move(), index), entry


def book_move(state: GameState) -> tuple[Any, int, int] | None:
    """The hard level's opening hook (`GameSpec.opening`): (move, score, depth), from
    the book of the position's phase (the placement book while the side places)."""
    placing = cast(MorrisState, state).in_hand(state.to_move)
    found = lookup(book() if placing else book(MOVING_PATH), state)
    if found is None:
        return None
    move, entry = found
    return move, entry.score, entry.depth


def entry_for(state: GameState, move: MorrisMove, score: int, depth: int) -> tuple[int, BookEntry]:
    """The canonical key and entry that store `move` for `state` (the builder)."""
    key, index = canonical(state.key())
    canon = to_canonical(move, index)
    return key, BookEntry(canon.dst, canon.take, score, depth, canon.src)
