"""The solved Teeko database: every position's distance to the end under perfect play.

Built by `tools/solve_teeko.py` (retrograde analysis of the moving phase, backward
induction through the placement phase) and shipped as `engine/games/teeko/teeko.db`.

Positions are seen from the side to move ("own" and "opponent" squares), so one table
serves both colours (colour swap). The table is cut into sections by the number of
pieces on the board, own and opponent: (0,0) (0,1) (1,1) … (3,4) during placement and
(4,4) when moving. Inside a section a position is indexed with the combinatorial
number system (colex rank): rank(own) · C(25 − a, b) + rank(opponent squares counted
among the 25 − a squares own does not hold). Only one own-set per orbit of the 8 board
symmetries is stored (the smallest mask of its orbit: colex order is numeric order on
masks), which shrinks the table about eightfold.

A value byte is 0 for a draw (cycles are draws, the usual convention of retrograde
analysis), else distance + 1: the side to move wins in `distance` plies when it is odd,
loses in `distance` plies when it is even (0: the game is already lost).

File: MAGIC, a 4-byte little-endian header length, a JSON header, then the
lzma-compressed payload; per section, its representative own-masks (uint32 LE) then
its value bytes. The header records the payload's SHA-256, checked at load.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import struct
import sys
from array import array
from functools import cache
from math import comb
from pathlib import Path
from typing import NamedTuple

from engine.core import DRAW, EngineError, Verdict

MAGIC = b"TEEKODB\x01"
DATA_PATH = Path(__file__).resolve().parent / "teeko.db"  # shipped next to this module
SIZE = 5
CELLS = SIZE * SIZE
PIECES = 4
# (own, opponent) pieces on the board, in the order of the payload. Black moves
# first, so the side to move has as many pieces as the opponent, or one fewer.
SECTIONS: tuple[tuple[int, int], ...] = (
    *((j, j + d) for j in range(PIECES) for d in (0, 1)),
    (PIECES, PIECES),
)
COMB: tuple[tuple[int, ...], ...] = tuple(
    tuple(comb(n, k) for k in range(PIECES + 2)) for n in range(CELLS + 1)
)


def _image(symmetry: int, r: int, c: int) -> tuple[int, int]:
    """Square (r, c) under symmetry 0..7: identity, three rotations, four reflections."""
    last = SIZE - 1
    return (
        (r, c),
        (c, last - r),
        (last - r, last - c),
        (last - c, r),
        (r, last - c),
        (last - r, c),
        (c, r),
        (last - c, last - r),
    )[symmetry]


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square as permutations of the squares (index r*5+c)."""
    perms = []
    for symmetry in range(8):
        images = (_image(symmetry, *divmod(i, SIZE)) for i in range(CELLS))
        perms.append(tuple(r * SIZE + c for r, c in images))
    return tuple(perms)


SYMMETRIES = _symmetries()


def _row_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per symmetry and board row, the image of each 5-bit row pattern (fast mask mapping)."""
    tables = []
    for perm in SYMMETRIES:
        rows = []
        for row in range(SIZE):
            images = []
            for bits in range(1 << SIZE):
                image = 0
                for column in range(SIZE):
                    if bits >> column & 1:
                        image |= 1 << perm[row * SIZE + column]
                images.append(image)
            rows.append(tuple(images))
        tables.append(tuple(rows))
    return tuple(tables)


_ROW_TABLES = _row_tables()


def transform(mask: int, symmetry: int) -> int:
    """The image of a set of squares under one of the 8 symmetries."""
    t0, t1, t2, t3, t4 = _ROW_TABLES[symmetry]
    return t0[mask & 31] | t1[mask >> 5 & 31] | t2[mask >> 10 & 31] | t3[mask >> 15 & 31] | t4[mask >> 20]


def canonical(own: int, opponent: int) -> tuple[int, int]:
    """The image of the position whose own-mask is smallest (either image will do when tied)."""
    best_own, best_opp = own, opponent
    for tables in _ROW_TABLES[1:]:
        t0, t1, t2, t3, t4 = tables
        image = t0[own & 31] | t1[own >> 5 & 31] | t2[own >> 10 & 31] | t3[own >> 15 & 31] | t4[own >> 20]
        if image < best_own:
            best_own = image
            best_opp = (
                t0[opponent & 31]
                | t1[opponent >> 5 & 31]
                | t2[opponent >> 10 & 31]
                | t3[opponent >> 15 & 31]
                | t4[opponent >> 20]
            )
    return best_own, best_opp


def representatives(pieces: int) -> list[int]:
    """The smallest mask of each symmetry orbit of `pieces`-square sets, ascending."""
    return [
        mask
        for mask in colex_sets(pieces, CELLS)
        if all(transform(mask, s) >= mask for s in range(1, len(SYMMETRIES)))
    ]


def rank_among_free(mask: int, taken: int) -> int:
    """Colex rank of `mask`'s squares, numbered among the squares outside `taken`."""
    rank = 0
    j = 0
    while mask:
        low = mask & -mask
        j += 1
        rank += COMB[low.bit_length() - 1 - (taken & (low - 1)).bit_count()][j]
        mask ^= low
    return rank


def verdict_from_byte(value: int) -> Verdict:
    """A stored value byte as a verdict: 0 is a draw, else distance + 1 (odd distance wins)."""
    if value == 0:
        return DRAW
    distance = value - 1
    return Verdict("W" if distance % 2 else "L", distance)


class DatabaseError(EngineError):
    """The database file is missing, damaged or of another version."""


class Section(NamedTuple):
    own: int
    opponent: int
    reps: dict[int, int]  # representative own-mask -> its row in the section
    row_length: int  # C(25 - own, opponent)
    start: int  # offset of the section's value bytes in the payload


class TeekoDatabase:
    """Lookups into the decompressed payload (bytes: indexing is an int, no copy)."""

    def __init__(self, payload: bytes, header: dict[str, object]) -> None:
        self.payload = payload
        self.header = header
        self.sections: dict[tuple[int, int], Section] = {}
        offset = 0
        for own, opponent in SECTIONS:
            count = comb(CELLS, own)  # upper bound on the number of representatives
            reps_count = _section_reps_count(header, own, opponent, count)
            reps = array("I")
            reps.frombytes(payload[offset : offset + 4 * reps_count])
            if sys.byteorder == "big":
                reps.byteswap()
            offset += 4 * reps_count
            row_length = comb(CELLS - own, opponent)
            self.sections[own, opponent] = Section(
                own, opponent, {mask: i for i, mask in enumerate(reps)}, row_length, offset
            )
            offset += reps_count * row_length
        if offset != len(payload):
            raise DatabaseError("the Teeko database payload has the wrong size")

    def byte(self, own: int, opponent: int) -> int:
        """The value byte of a position (own = squares of the side to move)."""
        section = self.sections.get((own.bit_count(), opponent.bit_count()))
        if section is None:
            raise DatabaseError("no such Teeko position (piece counts)")
        own, opponent = canonical(own, opponent)
        row = section.reps[own]
        return self.payload[section.start + row * section.row_length + rank_among_free(opponent, own)]

    def value(self, own: int, opponent: int) -> Verdict:
        """The verdict for the side to move."""
        return verdict_from_byte(self.byte(own, opponent))

    def section_bytes(self, own: int, opponent: int) -> bytes:
        """The stored (compact) value bytes of a section."""
        section = self.sections[own, opponent]
        return self.payload[section.start : section.start + len(section.reps) * section.row_length]


def colex_sets(pieces: int, squares: int) -> list[int]:
    """The `pieces`-subsets of squares 0..squares-1 as masks, in colex (= numeric) order."""
    from itertools import combinations

    return sorted(sum(1 << c for c in cells) for cells in combinations(range(squares), pieces))


def _spread(packed: int, taken: int) -> int:
    """Squares numbered among those outside `taken`, back to board squares."""
    free = [c for c in range(CELLS) if not taken >> c & 1]
    return sum(1 << free[p] for p in range(CELLS) if packed >> p & 1)


def expand_section(db: TeekoDatabase, own: int, opponent: int) -> bytes:
    """The full table of a section in the solver's order (every own-set), from the compact one."""
    opponent_sets = colex_sets(opponent, CELLS - own)
    return bytes(
        db.byte(own_set, _spread(packed, own_set))
        for own_set in colex_sets(own, CELLS)
        for packed in opponent_sets
    )


def compact_section(full: bytes, own: int, opponent: int) -> bytes:
    """The compact form of a full section table: only the rows of orbit representatives."""
    row_length = comb(CELLS - own, opponent)
    rank = {mask: i for i, mask in enumerate(colex_sets(own, CELLS))}
    return b"".join(full[rank[m] * row_length : (rank[m] + 1) * row_length] for m in representatives(own))


def _section_reps_count(header: dict[str, object], own: int, opponent: int, bound: int) -> int:
    counts = header.get("reps")
    if not isinstance(counts, list) or len(counts) != len(SECTIONS):
        raise DatabaseError("the Teeko database header is damaged")
    value = counts[SECTIONS.index((own, opponent))]
    if not isinstance(value, int) or not 0 < value <= bound:
        raise DatabaseError("the Teeko database header is damaged")
    return value


def pack(payload: bytes, extra: dict[str, object], *, preset: int = 9) -> bytes:
    """The file form of a payload: magic, header (with the payload's SHA-256), lzma data."""
    header = dict(extra)
    header["payload_sha256"] = hashlib.sha256(payload).hexdigest()
    header["payload_size"] = len(payload)
    text = json.dumps(header, sort_keys=True).encode()
    data = lzma.compress(payload, format=lzma.FORMAT_XZ, check=lzma.CHECK_NONE, preset=preset)
    return MAGIC + struct.pack("<I", len(text)) + text + data


def unpack(blob: bytes) -> tuple[bytes, dict[str, object]]:
    """The payload and header of a file, checked (DatabaseError when damaged)."""
    if not blob.startswith(MAGIC) or len(blob) < len(MAGIC) + 4:
        raise DatabaseError("not a Teeko database (or another version)")
    (length,) = struct.unpack_from("<I", blob, len(MAGIC))
    start = len(MAGIC) + 4
    try:
        header = json.loads(blob[start : start + length])
        payload = lzma.decompress(blob[start + length :])
    except (ValueError, lzma.LZMAError) as error:
        raise DatabaseError(f"the Teeko database is damaged: {error}") from None
    if not isinstance(header, dict):
        raise DatabaseError("the Teeko database header is damaged")
    if header.get("payload_sha256") != hashlib.sha256(payload).hexdigest():
        raise DatabaseError("the Teeko database is damaged (checksum mismatch)")
    return payload, header


def load(path: Path = DATA_PATH) -> TeekoDatabase:
    try:
        blob = path.read_bytes()
    except OSError as error:
        raise DatabaseError(f"cannot read the Teeko database {path}: {error.strerror}") from None
    payload, header = unpack(blob)
    return TeekoDatabase(payload, header)


@cache
def database() -> TeekoDatabase:
    """The shipped database, loaded once (well under a second)."""
    return load()
