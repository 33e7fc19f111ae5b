"""Othello's fast perft: the generators against a square-by-square reference, the board
symmetries against their definition, and symmetric perft against the plain walk."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.games.othello import perft as othello_perft
from engine.games.othello.perft import SQUARE_IMAGE, SYMMETRIES, flip, mirror, stabiliser, transpose
from engine.games.othello.rules import START_BLACK, START_WHITE, flips, legal_mask

STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1))


def reference_flips(own: int, opp: int, square: int) -> int:
    """Walk each direction square by square (the rules as written)."""
    result = 0
    for dr, dc in STEPS:
        r, c, run = square // 8 + dr, square % 8 + dc, 0
        while 0 <= r < 8 and 0 <= c < 8 and opp >> (r * 8 + c) & 1:
            run |= 1 << (r * 8 + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and own >> (r * 8 + c) & 1:
            result |= run
    return result


def reference_legal(own: int, opp: int) -> int:
    empty = ~(own | opp)
    return sum(1 << s for s in range(64) if empty >> s & 1 and reference_flips(own, opp, s))


def random_positions(count: int, seed: int) -> list[tuple[int, int]]:
    """(own, opp) pairs from random games, plus random boards that no game reaches."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        own, opp = START_BLACK, START_WHITE
        for _ in range(rng.randint(0, 58)):
            mask = legal_mask(own, opp)
            if mask:
                square = rng.choice([s for s in range(64) if mask >> s & 1])
                turned = flips(own, opp, square)
                own, opp = own | turned | 1 << square, opp & ~turned
            own, opp = opp, own
        positions.append((own, opp))
        cells = [rng.randrange(3) for _ in range(64)]
        positions.append((sum(1 << s for s in range(64) if cells[s] == 1),
                          sum(1 << s for s in range(64) if cells[s] == 2)))
    return positions


def test_generators_match_the_rules_square_by_square() -> None:
    for own, opp in random_positions(60, seed=3):
        assert legal_mask(own, opp) == reference_legal(own, opp)
        for square in range(64):
            if not (own | opp) >> square & 1:
                assert flips(own, opp, square) == reference_flips(own, opp, square)


@pytest.mark.parametrize(
    ("transform", "image"),
    [(mirror, lambda r, c: (r, 7 - c)), (flip, lambda r, c: (7 - r, c)), (transpose, lambda r, c: (c, r))],
)
def test_symmetries_move_squares_as_defined(
    transform: Callable[[int], int], image: Callable[[int, int], tuple[int, int]]
) -> None:
    for square in range(64):
        r, c = image(square // 8, square % 8)
        assert transform(1 << square) == 1 << (r * 8 + c)
    rng = random.Random(5)
    for _ in range(50):
        x = rng.getrandbits(64)
        assert transform(x) == sum(transform(1 << s) for s in range(64) if x >> s & 1)


def test_the_eight_symmetries_are_distinct_and_preserve_the_rules() -> None:
    assert len(set(SQUARE_IMAGE)) == 8 and SQUARE_IMAGE[0] == tuple(range(64))
    for own, opp in random_positions(10, seed=8):
        for sym in SYMMETRIES:
            assert legal_mask(sym(own), sym(opp)) == sym(legal_mask(own, opp))


def test_the_start_position_has_four_symmetries() -> None:
    assert len(stabiliser(START_BLACK, START_WHITE)) == 4


def test_symmetric_perft_equals_the_walk_without_symmetry(monkeypatch: pytest.MonkeyPatch) -> None:
    with_symmetry = othello_perft.perft(START_BLACK, START_WHITE, 7, legal_mask, flips)
    monkeypatch.setattr(othello_perft, "SYMMETRY_DEPTH", 99)
    assert othello_perft.perft(START_BLACK, START_WHITE, 7, legal_mask, flips) == with_symmetry == 55092
    # From positions deeper in games, symmetric or not, passes included.
    for own, opp in random_positions(6, seed=11)[::2]:
        monkeypatch.setattr(othello_perft, "SYMMETRY_DEPTH", 99)
        plain = othello_perft.perft(own, opp, 4, legal_mask, flips)
        monkeypatch.setattr(othello_perft, "SYMMETRY_DEPTH", 2)
        assert othello_perft.perft(own, opp, 4, legal_mask, flips) == plain
