"""The Nine Men's Morris moving book (engine/games/morris/opening.py's MOVES format, the
shipped engine/games/morris/moving.book): hard's first moving moves after its placement
book, probed only where the game's history cannot matter."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from conftest import book_position, mapped_move

from engine.ai import analyse
from engine.games.morris import opening
from engine.games.morris.endgame import symmetries
from engine.games.morris.opening import (
    MOVES,
    MOVING_PATH,
    MOVING_QUIET_PLIES,
    PLACEMENTS,
    BookEntry,
    BookError,
    book_key,
    book_move,
    bookable,
    decode,
    encode,
    entry_for,
    lookup,
)
from engine.games.morris.packed import pack
from engine.games.morris.rules import MorrisState, position_text
from engine.registry import new_state

ROOT = Path(__file__).resolve().parent.parent
CHECKSUM_FILE = ROOT / "tools" / "morris_moving_book.sha256"


def moving_position(seed: int, asymmetric: bool = True) -> MorrisState:
    """A random position at the first move of the moving phase (quiet: no removal yet)."""
    rng = random.Random(seed)
    while True:
        state = new_state("nine")
        assert isinstance(state, MorrisState)
        while state.in_hand(state.to_move) and state.outcome() is None:
            quiet = [m for m in state.legal_moves() if m.take is None]
            state.push(rng.choice(quiet or state.legal_moves()))
        if state.outcome() is not None or not state.legal_moves():
            continue
        images = {canonical_free_key(state, perm) for perm in symmetries()}
        if not asymmetric or len(images) == 16:
            return state


def canonical_free_key(state: MorrisState, perm: tuple[int, ...]) -> tuple[int, int]:
    white, black = state.occupied(0), state.occupied(1)
    return (
        sum(1 << perm[p] for p in range(24) if white >> p & 1),
        sum(1 << perm[p] for p in range(24) if black >> p & 1),
    )


def image_of(state: MorrisState, perm: tuple[int, ...]) -> MorrisState:
    white, black = canonical_free_key(state, perm)
    moved = new_state("nine")
    assert isinstance(moved, MorrisState)
    moved.load_position(position_text(white, black, state.to_move))
    return moved


def test_the_shipped_moving_book_matches_the_builders_recorded_checksum() -> None:
    recorded = CHECKSUM_FILE.read_text().split()[0]
    assert hashlib.sha256(MOVING_PATH.read_bytes()).hexdigest() == recorded


def test_every_entry_of_the_shipped_moving_book_is_a_legal_step_of_its_position() -> None:
    entries = decode(MOVING_PATH.read_bytes())
    assert len(entries) > 100
    for key, entry in entries.items():
        state = book_position(key)
        assert book_key(state) == key  # stored once, under its smallest image
        assert bookable(state) and not state.in_hand(0) and not state.in_hand(1)
        assert entry.src is not None and entry.move() in state.legal_moves(), key


def test_a_rotated_or_mirrored_moving_position_gets_the_rotated_or_mirrored_step() -> None:
    for seed in range(4):
        state = moving_position(seed)
        move = state.legal_moves()[seed % len(state.legal_moves())]
        key, entry = entry_for(state, move, -40, 18)
        assert entry.src is not None
        for perm in symmetries():
            found = lookup({key: entry}, image_of(state, perm))
            assert found is not None and found[0] == mapped_move(move, perm) and found[1].score == -40


def test_a_moving_position_leaves_the_book_once_a_repetition_could_lie_in_its_history() -> None:
    state = moving_position(7, asymmetric=False)
    key, entry = entry_for(state, state.legal_moves()[0], 0, 18)
    entries = {key: entry}
    assert lookup(entries, state) is not None
    for quiet in range(1, MOVING_QUIET_PLIES + 1):
        later = new_state("nine")
        assert isinstance(later, MorrisState)
        later.load_position(position_text(state.occupied(0), state.occupied(1), state.to_move, quiet=quiet))
        assert (lookup(entries, later) is not None) == (quiet < MOVING_QUIET_PLIES), quiet


def test_the_board_with_diagonals_has_no_book() -> None:
    diagonal = new_state("twelve", {"diagonals": True})
    assert isinstance(diagonal, MorrisState)
    assert not bookable(diagonal) and book_move(diagonal) is None


def test_the_moving_format_round_trips_and_refuses_entries_of_the_other_kind() -> None:
    state = moving_position(3)
    key, entry = entry_for(state, state.legal_moves()[0], 77, 18)
    data = encode({key: entry}, {"test": True}, MOVES)
    assert data.startswith(MOVES.magic) and decode(data) == {key: entry}
    with pytest.raises(BookError):
        encode({key: entry}, {}, PLACEMENTS)  # a step has no place in the placement format
    with pytest.raises(BookError):
        encode({key: BookEntry(3, None, 0, 9)}, {}, MOVES)  # a placement in the moving one
    damaged = bytearray(data)
    damaged[-2] ^= 0xFF
    with pytest.raises(BookError):
        decode(bytes(damaged))


def test_a_moving_entry_with_an_impossible_point_is_a_damaged_book() -> None:
    for src, dst, take in ((24, 3, None), (3, 0xFF, None), (3, 4, 30)):
        row = MOVES.entry.pack(5, src, dst, 0xFF if take is None else take, 0, 18)
        data = pack(MOVES.magic, row, {"entries": 1})
        with pytest.raises(BookError):
            decode(data)


def test_hard_plays_the_shipped_moving_book_without_searching() -> None:
    entries = decode(MOVING_PATH.read_bytes())
    key, entry = next(iter(sorted(entries.items())))
    state = book_position(key)
    choice = analyse(state, "hard", movetime=0.05)
    assert choice.move == entry.move() and (choice.depth, choice.nodes) == (entry.depth, 0)


def test_a_missing_moving_book_leaves_hard_searching(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    entries = decode(MOVING_PATH.read_bytes())
    state = book_position(next(iter(entries)))
    monkeypatch.setattr(opening, "MOVING_PATH", tmp_path / "missing.book")
    assert book_move(state) is None
    choice = analyse(state, "hard", movetime=0.05)
    assert choice.move in state.legal_moves() and choice.nodes > 0
