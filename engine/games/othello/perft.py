"""Othello perft: exact leaf counts, fast, in pure Python.

Two standard perft accelerations on top of the bitboard move generator:
- a transposition table: a position's future does not depend on how it was reached, so
  equal (position, depth) pairs count alike;
- board symmetry near the root: when a position is its own image under some of the
  board's 8 symmetries, moves in one orbit of that stabiliser lead to mirror-image
  subtrees with equal counts, so one per orbit is searched and counted orbit-size times.
  The start position has a 4-fold symmetry (perft 9 searches one first move, not four).

The generators are passed in (`legal`, `flips`) so this module does not import the rules.
"""

from __future__ import annotations

from collections.abc import Callable

FULL = (1 << 64) - 1
# Reverses the bits of a byte: mirrors one rank left-right.
_BYTE_MIRROR = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def mirror(x: int) -> int:
    """Files a..h reversed (column c -> 7 - c)."""
    return int.from_bytes(x.to_bytes(8, "little").translate(_BYTE_MIRROR), "little")


def flip(x: int) -> int:
    """Ranks 1..8 reversed (row r -> 7 - r)."""
    return int.from_bytes(x.to_bytes(8, "little"), "big")


def transpose(x: int) -> int:
    """Rows and columns exchanged (square r*8+c -> c*8+r), by three delta swaps."""
    t = 0x0F0F0F0F00000000 & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (x ^ (x << 7))
    x ^= t ^ (t >> 7)
    return x & FULL


def _identity(x: int) -> int:
    return x


def _compose(*steps: Callable[[int], int]) -> Callable[[int], int]:
    def apply(x: int) -> int:
        for step in steps:
            x = step(x)
        return x

    return apply


# The 8 symmetries of the square (the first is the identity).
SYMMETRIES: tuple[Callable[[int], int], ...] = (
    _identity,
    mirror,
    flip,
    _compose(mirror, flip),
    transpose,
    _compose(transpose, mirror),
    _compose(transpose, flip),
    _compose(transpose, mirror, flip),
)
# SQUARE_IMAGE[k][s]: where symmetry k sends square s.
SQUARE_IMAGE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sym(1 << s).bit_length() - 1 for s in range(64)) for sym in SYMMETRIES
)
# Below this many plies to go the symmetry test costs more than it saves.
SYMMETRY_DEPTH = 4

LegalFn = Callable[[int, int], int]
FlipsFn = Callable[[int, int, int], int]


def stabiliser(own: int, opp: int) -> list[int]:
    """Indices of the symmetries that leave the position unchanged (always includes 0)."""
    return [k for k, sym in enumerate(SYMMETRIES) if sym(own) == own and sym(opp) == opp]


def perft(own: int, opp: int, depth: int, legal: LegalFn, flips: FlipsFn) -> int:
    """Number of move sequences of `depth` plies from (own to move, opp); a pass counts
    as a move and a finished game has none."""
    if depth <= 0:
        return 1
    memo: dict[tuple[int, int], int] = {}

    def count(own: int, opp: int, depth: int) -> int:
        mask = legal(own, opp)
        if depth == 1:
            return mask.bit_count() or (1 if legal(opp, own) else 0)
        entry = (own | opp << 64, depth)
        known = memo.get(entry)
        if known is not None:
            return known
        total = 0
        if not mask:
            if legal(opp, own):
                total = count(opp, own, depth - 1)
        elif depth >= SYMMETRY_DEPTH and len(stab := stabiliser(own, opp)) > 1:
            for square, weight in _orbits(mask, stab):
                turned = flips(own, opp, square)
                total += weight * count(opp & ~turned, own | turned | 1 << square, depth - 1)
        else:
            while mask:
                low = mask & -mask
                mask ^= low
                turned = flips(own, opp, low.bit_length() - 1)
                total += count(opp & ~turned, own | turned | low, depth - 1)
        memo[entry] = total
        return total

    return count(own, opp, depth)


def _orbits(mask: int, stab: list[int]) -> list[tuple[int, int]]:
    """One square per orbit of the legal squares under the stabiliser, with the orbit's size."""
    seen = 0
    result = []
    for square in range(64):
        if mask >> square & 1 and not seen >> square & 1:
            orbit = {SQUARE_IMAGE[k][square] for k in stab}
            for s in orbit:
                seen |= 1 << s
            result.append((square, len(orbit)))
    return result
