"""Line patterns of Nine Men's Morris: a weight for each way a mill line can be filled.

An n-tuple evaluation (as in Othello's Logistello and in 2048 players): each of the
board's 16 mill lines is read as a tuple of three points, each empty, the mover's or the
opponent's (27 patterns), and each pattern has a weight by phase (`PHASES`) and by kind
of line. The weights are fitted (tools/fit_morris_patterns.py) to what a deep
search says of positions, on top of the hand-designed terms of evaluation.py: they
learn what those terms miss, such as which half-filled lines are assets and which are
targets, and where a line shared by both sides decides a later block.

Kinds of line, by the board's symmetries (rotations, reflections and the exchange of
the inner and outer squares map each kind onto itself): side lines of the outer and
inner squares ("ring"), side lines of the middle square ("middle"), and the lines
across the squares ("across"). A line read backwards is the same line, so a pattern
and its mirror share a weight.

The search reads the weights through tables built once (`LinePatterns`): the patterns
of a square's four side lines together are one look-up by that square's byte of both
sides' ring-layout masks (engine/games/morris/rings.py); the lines across, two at a
time, by the midpoints of the three squares. `line_counts` is the plain reading, which
the fitting tool and the tests use as the specification.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import product

# Placement, the moving phase (a side flying has no pattern weights: its pieces go
# anywhere and lines mean threats, which the hand-designed terms count). Splitting the
# placement in two (the first nine placements, the rest) cut the fit's held-out error
# from 677 to 665 but scored 50% against two phases (30 games at 10,000 nodes a move).
PHASES = ("placing", "moving")
KINDS = ("ring", "middle", "across")
EMPTY, MINE, THEIRS = 0, 1, 2

# The mill lines without diagonals in the ring layout (bit ring*8 + pos): side lines
# around each odd pos, lines across the rings at each odd pos.
SIDE_LINES = tuple(
    ("middle" if ring == 1 else "ring", (ring * 8 + pos - 1, ring * 8 + pos, ring * 8 + (pos + 1) % 8))
    for ring in range(3)
    for pos in (1, 3, 5, 7)
)
ACROSS_LINES = tuple(("across", (pos, 8 + pos, 16 + pos)) for pos in (1, 3, 5, 7))
LINES: tuple[tuple[str, tuple[int, int, int]], ...] = SIDE_LINES + ACROSS_LINES


def phase_of(hands: int, my_pieces: int, their_pieces: int) -> int | None:
    """The index in PHASES of a position with `hands` pieces in hand (both sides) and
    each side's pieces (board and hand); None while a side flies."""
    if hands:
        return 0
    return 1 if my_pieces > 3 and their_pieces > 3 else None


def pattern_code(cells: Sequence[int]) -> int:
    """A line's pattern, the same read either way: the smaller base-3 number of the
    two readings (cells EMPTY, MINE or THEIRS)."""
    forward = cells[0] * 9 + cells[1] * 3 + cells[2]
    backward = cells[2] * 9 + cells[1] * 3 + cells[0]
    return min(forward, backward)


def _cell(mine: int, theirs: int, bit: int) -> int:
    return MINE if mine >> bit & 1 else THEIRS if theirs >> bit & 1 else EMPTY


def line_counts(mine: int, theirs: int) -> dict[tuple[str, int], int]:
    """How many lines of each (kind, pattern) the position has, both masks in the ring
    layout, `mine` the mover's: the plain reading of the features."""
    counts: dict[tuple[str, int], int] = {}
    for kind, bits in LINES:
        key = (kind, pattern_code([_cell(mine, theirs, bit) for bit in bits]))
        counts[key] = counts.get(key, 0) + 1
    return counts


# A phase's weights: by kind of line, by pattern code (codes that are not the smaller
# reading of their line are never looked up).
PhaseWeights = Mapping[str, Mapping[int, int]]


@cache
def _fillings(bits: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every way of filling the points at `bits` (a table's mask layout): its look-up
    key (mine << 8 | theirs) and its cells, in `bits` order. Built once a layout and
    shared by every phase's table (the tables are built when the engine is imported)."""
    fillings = []
    for cells in product((EMPTY, MINE, THEIRS), repeat=len(bits)):
        key = 0
        for bit, cell in zip(bits, cells, strict=True):
            if cell:
                key |= 1 << (bit + 8 if cell == MINE else bit)
        fillings.append((key, cells))
    return tuple(fillings)


def _by_reading(weights: Mapping[int, int]) -> list[int]:
    """The weight of each base-3 reading of a line (either way round)."""
    return [weights.get(pattern_code((raw // 9, raw // 3 % 3, raw % 3)), 0) for raw in range(27)]


def _ring_table(weights: Mapping[int, int]) -> dict[int, int]:
    """By one square's byte of both masks (mine << 8 | theirs): its four side lines'
    total weight, for every way the square's 8 points can be filled."""
    weight = _by_reading(weights)
    return {
        key: weight[c[0] * 9 + c[1] * 3 + c[2]] + weight[c[2] * 9 + c[3] * 3 + c[4]]
        + weight[c[4] * 9 + c[5] * 3 + c[6]] + weight[c[6] * 9 + c[7] * 3 + c[0]]
        for key, c in _fillings(tuple(range(8)))
    }  # fmt: skip


# `_fold`'s layout of two neighbouring lines across: line a's rings 0-2, then line b's,
# at bit ring*2 + which line.
_ACROSS_BITS = tuple(ring * 2 + line for line in range(2) for ring in range(3))


def _across_table(weights: Mapping[int, int]) -> dict[int, int]:
    """By two neighbouring lines across (`_fold`: 6 bits a side, mine << 8 | theirs):
    their total weight."""
    weight = _by_reading(weights)
    return {
        key: weight[c[0] * 9 + c[1] * 3 + c[2]] + weight[c[3] * 9 + c[4] * 3 + c[5]]
        for key, c in _fillings(_ACROSS_BITS)
    }


def _fold(mask: int) -> tuple[int, int]:
    """A mask's midpoints for the lines across: (pos 1 and 3, pos 5 and 7), each 6 bits,
    bit ring*2 + which line."""
    low = (mask >> 1 & 0x1 | mask >> 2 & 0x2 | mask >> 7 & 0x4
           | mask >> 8 & 0x8 | mask >> 13 & 0x10 | mask >> 14 & 0x20)  # fmt: skip
    high = (mask >> 5 & 0x1 | mask >> 6 & 0x2 | mask >> 11 & 0x4
            | mask >> 12 & 0x8 | mask >> 17 & 0x10 | mask >> 18 & 0x20)  # fmt: skip
    return low, high


class LinePatterns:
    """The fitted weights as look-up tables: `score(mine, theirs, phase)` is the sum of
    every line's weight for the phase (an index in PHASES), in the evaluation's units (a
    few look-ups)."""

    def __init__(self, weights: Mapping[str, PhaseWeights]) -> None:
        # A phase or kind the weights leave out weighs nothing.
        by_phase = [weights.get(phase, {}) for phase in PHASES]
        self._ring = [_ring_table(kinds.get("ring", {})) for kinds in by_phase]
        self._middle = [_ring_table(kinds.get("middle", {})) for kinds in by_phase]
        self._across = [_across_table(kinds.get("across", {})) for kinds in by_phase]

    def score(self, mine: int, theirs: int, phase: int) -> int:
        ring, middle, across = self._ring[phase], self._middle[phase], self._across[phase]
        my_low, my_high = _fold(mine)
        their_low, their_high = _fold(theirs)
        return (
            ring[(mine & 0xFF) << 8 | theirs & 0xFF]
            + middle[mine & 0xFF00 | theirs >> 8 & 0xFF]
            + ring[mine >> 8 & 0xFF00 | theirs >> 16]
            + across[my_low << 8 | their_low]
            + across[my_high << 8 | their_high]
        )
