"""The transposition table the hard level shares with its helper processes
(engine/ai/shared_table.py): entries round-trip, replacement keeps the deeper result,
half-written slots read as misses, and another mapping of the block sees the same data."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.ai.search_basics import EXACT, INFINITY, LOWER, MATE, UPPER
from engine.ai.shared_table import (
    DEPTH_MASK,
    HEADER_WORDS,
    MASK64,
    MAX_MOVE_INDEX,
    SLOT_WORDS,
    SharedTable,
    fold,
)


@pytest.fixture
def table() -> Iterator[SharedTable]:
    made = SharedTable(1 << 8)
    yield made
    made.close()


def colliding_keys(table: SharedTable, count: int) -> list[int]:
    """`count` keys that fall in the same bucket as key 1 (found by trying)."""
    def bucket(key: int) -> int:
        return (key ^ key >> 23 ^ key >> 41) & (table.buckets - 1)

    keys = [1]
    candidate = 2
    while len(keys) < count:
        if bucket(candidate) == bucket(1):
            keys.append(candidate)
        candidate += 1
    return keys


@given(
    key=st.integers(min_value=0, max_value=(1 << 130) - 1),
    depth=st.integers(min_value=0, max_value=DEPTH_MASK),
    score=st.integers(min_value=-INFINITY, max_value=INFINITY),
    bound=st.sampled_from([EXACT, LOWER, UPPER]),
    move=st.integers(min_value=-1, max_value=MAX_MOVE_INDEX),
)
def test_an_entry_reads_back_as_stored(key: int, depth: int, score: int, bound: int, move: int) -> None:
    table = SharedTable(1 << 4)
    try:
        table.store(key, depth, score, bound, move)
        assert table.probe(key) == (depth, score, bound, move)
    finally:
        table.close()


def test_an_unknown_key_misses_and_an_empty_table_holds_nothing(table: SharedTable) -> None:
    assert table.probe(0) is None  # key 0 against an empty slot: the valid bit tells them apart
    table.store(5, 3, 10, EXACT, 0)
    assert table.probe(6) is None


def test_a_move_listed_too_late_and_a_depth_too_deep_are_stored_without_them(table: SharedTable) -> None:
    table.store(9, DEPTH_MASK + 40, 7, LOWER, MAX_MOVE_INDEX + 1)
    assert table.probe(9) == (DEPTH_MASK, 7, LOWER, -1)


def test_mate_scores_keep_their_sign_and_distance(table: SharedTable) -> None:
    table.store(11, 4, MATE - 3, EXACT, 2)
    table.store(12, 4, -(MATE - 3), EXACT, 2)
    assert table.probe(11) == (4, MATE - 3, EXACT, 2)
    assert table.probe(12) == (4, -(MATE - 3), EXACT, 2)


def test_keys_past_64_bits_are_folded_and_still_told_apart() -> None:
    assert fold(12345) == 12345
    assert fold(1 << 64) != fold(1 << 65)
    assert fold((1 << 129) | 7) <= MASK64


def test_a_deeper_result_keeps_its_slot_against_a_shallower_one_elsewhere(table: SharedTable) -> None:
    deep, shallow, other = colliding_keys(table, 3)
    table.store(deep, 9, 100, EXACT, 1)
    table.store(shallow, 2, 200, EXACT, 1)
    assert table.probe(deep) == (9, 100, EXACT, 1)
    assert table.probe(shallow) == (2, 200, EXACT, 1)
    table.store(other, 3, 300, EXACT, 1)  # the always-replace slot takes it
    assert table.probe(deep) is not None and table.probe(other) is not None
    assert table.probe(shallow) is None


def test_an_earlier_search_s_deep_result_gives_way(table: SharedTable) -> None:
    deep, fresh = colliding_keys(table, 2)
    table.store(deep, 9, 100, EXACT, 1)
    table.new_generation()
    table.store(fresh, 1, 5, UPPER, 0)  # into slot 0: the deep result is stale now
    assert table.probe(fresh) == (1, 5, UPPER, 0)
    assert table.probe(deep) is None


def test_the_same_position_is_overwritten_even_by_a_shallower_result(table: SharedTable) -> None:
    table.store(77, 8, 1, LOWER, 0)
    table.store(77, 3, 2, EXACT, 1)
    assert table.probe(77) == (3, 2, EXACT, 1)


def test_a_half_written_slot_reads_as_a_miss(table: SharedTable) -> None:
    """A writer stores the data word, then the check word: a reader in between sees
    a check that does not match its key."""
    table.store(42, 5, 10, EXACT, 0)
    words = table.words
    slots = range(HEADER_WORDS, len(words), SLOT_WORDS)
    slot = next(index for index in slots if words[index + 1] and words[index] ^ words[index + 1] == 42)
    words[slot + 1] = words[slot + 1] ^ (1 << 30)  # new data, old check word
    assert table.probe(42) is None


def test_another_mapping_of_the_block_sees_the_same_entries_and_header(table: SharedTable) -> None:
    other = SharedTable.attach(table.handle, table.buckets)
    try:
        table.store(123, 6, -50, UPPER, 4)
        table.job, table.main_depth = 7, 5
        assert other.probe(123) == (6, -50, UPPER, 4)
        assert (other.job, other.main_depth) == (7, 5)
        other.store(456, 2, 1, EXACT, 0)
        assert table.probe(456) == (2, 1, EXACT, 0)
    finally:
        other.close()


def test_clear_forgets_the_entries_and_keeps_the_header(table: SharedTable) -> None:
    table.store(5, 3, 10, EXACT, 0)
    table.job = 3
    table.clear()
    assert table.probe(5) is None
    assert table.job == 3


def test_a_closed_table_can_be_closed_again(table: SharedTable) -> None:
    table.close()
    table.close()
    assert table.words is None


@pytest.mark.parametrize("buckets", [0, 1, 3, 100])
def test_the_bucket_count_must_be_a_power_of_two(buckets: int) -> None:
    with pytest.raises(ValueError, match="power of two"):
        SharedTable(buckets)
