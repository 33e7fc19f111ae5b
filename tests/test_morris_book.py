"""The Nine Men's Morris placement book: its file, its symmetry folding, and which
levels read it (hard only; easy and medium never)."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from pathlib import Path
from typing import Any, cast

import pytest
from conftest import book_position, mapped_move

from engine.ai import analyse
from engine.core import GameState
from engine.games.morris import NINE, opening
from engine.games.morris.endgame import symmetries
from engine.games.morris.opening import (
    DATA_PATH,
    BookEntry,
    BookError,
    book,
    book_key,
    book_move,
    decode,
    encode,
    entry_for,
    lookup,
)
from engine.games.morris.quiet_lines import books_move
from engine.games.morris.rules import MorrisMove, MorrisState, NineState
from engine.registry import GameSpecError, get_spec, new_state, register

ROOT = Path(__file__).resolve().parent.parent
CHECKSUM_FILE = ROOT / "tools" / "morris_book.sha256"


def asymmetric_positions(count: int, plies: int, seed: int) -> list[MorrisState]:
    """Random placement positions whose 16 images are all different."""
    rng = random.Random(seed)
    found: list[MorrisState] = []
    while len(found) < count:
        state = new_state("nine")
        for _ in range(plies):
            state.push(rng.choice(state.legal_moves()))
        moves = list(state.history)
        images = {tuple(mapped_move(m, perm) for m in moves) for perm in symmetries()}
        boards = {replay(list(ms)).key() for ms in images}
        if len(boards) == 16:
            assert isinstance(state, MorrisState)
            found.append(state)
    return found


def replay(moves: list[MorrisMove]) -> GameState:
    state = new_state("nine")
    for move in moves:
        state.push(move)
    return state


def test_the_shipped_book_matches_the_builders_recorded_checksum() -> None:
    recorded = CHECKSUM_FILE.read_text().split()[0]
    assert hashlib.sha256(DATA_PATH.read_bytes()).hexdigest() == recorded


def test_every_entry_of_the_shipped_book_is_a_legal_placement_of_its_position() -> None:
    entries = decode(DATA_PATH.read_bytes())
    assert len(entries) > 50  # the tree alone holds every position after two plies
    for key, entry in entries.items():
        state = book_position(key)
        assert book_key(state) == key  # stored once, under its smallest image
        assert state.in_hand(state.to_move) and state.outcome() is None
        assert MorrisMove(None, entry.dst, entry.take) in state.legal_moves(), key


def test_the_start_and_every_position_after_two_plies_are_in_the_book() -> None:
    """The matches start from two random plies: hard's first move there is a book move."""
    start = new_state("nine")
    assert book_move(start) is not None
    for first in start.legal_moves():
        start.push(first)
        for second in start.legal_moves():
            start.push(second)
            assert book_move(start) is not None, start.history
            start.pop()
        start.pop()


def test_a_rotated_or_mirrored_position_gets_the_rotated_or_mirrored_move() -> None:
    for state in asymmetric_positions(6, 5, seed=3):
        move = state.legal_moves()[len(state.history)]
        key, entry = entry_for(state, move, 123, 9)
        entries = {key: entry}
        for perm in symmetries():
            image = replay([mapped_move(m, perm) for m in state.history])
            found = lookup(entries, image)
            assert found is not None
            assert found[0] == mapped_move(move, perm) and found[1].score == 123


def test_the_file_round_trips_and_a_damaged_or_missing_one_is_no_book(tmp_path: Path) -> None:
    entries = {book_key(cast(MorrisState, new_state("nine"))): BookEntry(4, None, 10, 7)}
    data = encode(entries, {"test": True})
    assert decode(data) == entries
    damaged = bytearray(data)
    damaged[-3] ^= 0xFF
    with pytest.raises(BookError):
        decode(bytes(damaged))
    with pytest.raises(BookError):
        decode(b"MORRISDB not a book")
    (tmp_path / "damaged.book").write_bytes(bytes(damaged))
    assert book(tmp_path / "damaged.book") == {}
    assert book(tmp_path / "missing.book") == {}


def test_without_a_readable_book_hard_searches_as_before(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "damaged.book").write_bytes(b"MORRISBOOK\x01\xff\xff")
    monkeypatch.setattr(opening, "DATA_PATH", tmp_path / "damaged.book")
    monkeypatch.setattr(opening, "_loaded", {})
    state = new_state("nine")
    assert book_move(state) is None
    choice = analyse(state, "hard", movetime=0.05)
    assert choice.move in state.legal_moves() and choice.nodes > 0  # searched


class SpyState(NineState):
    """Nine Men's Morris whose spec's book is a spy offering one chosen move."""


def spy_spec(offer: Any, calls: list[GameState]) -> None:
    def spy(state: GameState) -> tuple[Any, int, int]:
        calls.append(state)
        return offer(state), 55, 12

    SpyState.spec = dataclasses.replace(NINE, opening=spy)


def test_hard_plays_the_book_move_and_easy_and_medium_never_read_the_book() -> None:
    calls: list[GameState] = []
    # An odd move no search would pick first (the last empty point), so playing it
    # shows the book was followed.
    spy_spec(lambda state: state.legal_moves()[-1], calls)
    state = SpyState({})
    state.push(MorrisMove(None, 0))
    rng = random.Random(5)
    for level in ("easy", "medium"):
        for _ in range(5):
            analyse(state, level, rng=rng)
    assert calls == []
    choice = analyse(state, "hard", movetime=0.05)
    assert calls == [state] and choice.move == state.legal_moves()[-1]
    assert (choice.score, choice.depth, choice.nodes) == (55, 12, 0)


def test_an_illegal_book_move_is_ignored_and_hard_searches() -> None:
    calls: list[GameState] = []
    spy_spec(lambda state: MorrisMove(None, next(iter(state.history)).dst), calls)  # occupied
    state = SpyState({})
    state.push(MorrisMove(None, 0))
    choice = analyse(state, "hard", movetime=0.05)
    assert calls == [state] and choice.move in state.legal_moves() and choice.nodes > 0


def test_the_shipped_book_move_is_what_hard_plays_in_a_book_position() -> None:
    state = new_state("nine")
    found = book_move(state)
    assert found is not None
    choice = analyse(state, "hard", movetime=0.05)
    assert choice.move == found[0] and (choice.depth, choice.nodes) == (found[2], 0)  # not searched


def test_only_nine_mens_morris_has_a_book_and_a_non_callable_book_is_refused() -> None:
    assert get_spec("nine").opening is books_move and get_spec("twelve").opening is None
    with pytest.raises(GameSpecError, match="opening"):
        register(dataclasses.replace(NINE, id="bookless", opening=3))  # type: ignore[arg-type]
