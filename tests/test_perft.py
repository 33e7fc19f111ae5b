"""Perft against RULES.md's reference counts, and the bulk count against full generation."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import random_game

from engine import new_state
from engine.core import GameState
from engine.perft import divide, perft

ROOT = Path(__file__).resolve().parent.parent
MORRIS_COUNTS = (24, 552, 12144, 255024, 5140800)  # RULES.md, nine and twelve alike


def full_perft(state: GameState, depth: int) -> int:
    """Perft that builds and plays every move down to the leaves (no bulk counting)."""
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        state.push(move)
        total += full_perft(state, depth - 1)
        state.pop()
    return total


@pytest.mark.parametrize(("depth", "expected"), list(enumerate(MORRIS_COUNTS, start=1)))
def test_nine_perft(depth: int, expected: int) -> None:
    assert perft(new_state("nine"), depth) == expected


@pytest.mark.parametrize(("depth", "expected"), list(enumerate(MORRIS_COUNTS, start=1)))
def test_twelve_perft(depth: int, expected: int) -> None:
    assert perft(new_state("twelve"), depth) == expected


def test_perft_leaves_the_state_unchanged() -> None:
    state = new_state("twelve", {"diagonals": True})
    state.play_all(["a7", "d7", "b6"])
    key, history = state.key(), list(state.history)
    perft(state, 3)
    assert state.key() == key and state.history == history


@pytest.mark.parametrize(("game", "diagonals"), [("nine", False), ("twelve", False), ("twelve", True)])
def test_bulk_count_equals_full_generation(game: str, diagonals: bool) -> None:
    options = {"diagonals": True} if diagonals else {}
    assert perft(new_state(game, options), 3) == full_perft(new_state(game, options), 3)
    # From positions deeper in random games, where mills, flying and endings occur.
    rng = random.Random(7)
    for seed in range(3):
        _, positions = random_game(game, seed, **options)
        for position in rng.sample(positions, min(8, len(positions))):
            assert perft(position, 2) == full_perft(position, 2), position.history


def test_divide_sums_to_perft() -> None:
    counts = divide(new_state("nine"), 3)
    assert len(counts) == 24 and sum(counts.values()) == MORRIS_COUNTS[2]


@pytest.mark.parametrize(("game", "diagonals"), [("nine", False), ("twelve", False), ("twelve", True)])
def test_count_legal_moves_matches_legal_moves(game: str, diagonals: bool) -> None:
    """count_legal_moves has a fast path for placement: check it in every phase."""
    options = {"diagonals": True} if diagonals else {}
    phases: set[str] = set()
    for seed in range(30):
        _, positions = random_game(game, seed, **options)
        for position in positions:
            assert position.count_legal_moves() == len(position.legal_moves()), position.history
            phases.add(position.phase)
    assert phases == {"placement", "moving", "flying"}


def test_perft_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "perft", "nine", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == str(MORRIS_COUNTS[2])
