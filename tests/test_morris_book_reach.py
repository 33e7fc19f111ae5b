"""Where the placement book runs out against an opponent (tools/morris_book_reach.py).
Skipped where no C compiler is on PATH to build millref."""

from __future__ import annotations

import random
import shutil

import pytest

from engine.games.morris.opening import book, entry_for
from engine.registry import new_state

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools.mill_ref import MillRef
from tools.morris_book_lines import book_exits_summary
from tools.morris_book_reach import exit_ply, reach


def test_an_empty_book_runs_out_at_the_book_sides_first_turn() -> None:
    with MillRef(0, 1) as ref:
        assert exit_ply({}, ref, 0, [], random.Random(1)) == 0
        assert exit_ply({}, ref, 1, [], random.Random(1)) == 1


def test_a_book_holding_only_the_start_runs_out_at_white_second_turn() -> None:
    start = new_state("nine")
    move = start.legal_moves()[0]
    key, entry = entry_for(start, move, 0, 1)
    with MillRef(0, 1) as ref:
        assert exit_ply({key: entry}, ref, 0, [], random.Random(1)) == 2


def test_the_shipped_book_carries_both_colours_past_their_first_turn() -> None:
    exits = reach(book(), "ref:0:2", 3, 2, seed=3)
    assert [len(exits[0]), len(exits[1])] == [3, 3]
    assert all(ply > 2 for ply in exits[0] + exits[1])  # the tree stage covers every 2-ply opening
    assert book_exits_summary([4, 10, 18, 20]) == (
        "out of the book from ply 14 (median), by ply 10 in 2 of 4, through placement in 2"
    )


def test_only_millref_is_an_opponent() -> None:
    with pytest.raises(ValueError, match="millref"):
        reach(book(), "hard", 1, 0, seed=1)
