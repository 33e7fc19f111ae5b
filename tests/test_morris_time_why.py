"""The log of what stretched hard's thinking time (tools/morris_time_why.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.ai import players
from engine.ai.search_basics import MATE_BOUND
from engine.registry import new_state
from tools.morris_time_why import SearchedMove, StretchLog, summary

SCALE = new_state("nine").spec.review_scale


@pytest.fixture
def log() -> Iterator[StretchLog]:
    stretch_log = StretchLog(SCALE)
    stretch_log.install()
    try:
        yield stretch_log
    finally:
        stretch_log.remove()


def test_the_first_search_after_the_book_is_told_as_a_book_exit(log: StretchLog) -> None:
    state = new_state("nine")
    assert state.spec.opening is not None
    while state.spec.opening(state) is not None:  # both sides along the book: nothing searched
        state.push(players.analyse(state, "hard", movetime=0.02).move)
    assert log.moves == []
    players.analyse(state, "hard", movetime=0.02)
    assert [move.reason for move in log.moves] == ["book exit"]
    assert log.moves[0].ply == state.ply and log.moves[0].seconds > 0


def test_a_fall_is_told_by_where_it_was_scored_and_what_it_fell_from(log: StretchLog) -> None:
    def stopped() -> bool:  # as the search's stop test is named in players._think
        return players.falling(-400, 6, None, MATE_BOUND + 20, SCALE)

    log.moves = [SearchedMove(40)]
    assert stopped()
    log.moves.append(SearchedMove(42))
    assert players.falling(-400, 6, 6000, None, SCALE)  # after a depth, from a winning score
    assert not players.falling(390, 6, 400, None, SCALE)  # no fall: nothing noted
    log.moves.append(SearchedMove(44))
    assert players.falling(-400, 6, 0, None, SCALE)
    assert players.falling(-800, 8, -400, None, SCALE)  # the first stretch stays the reason
    told = [(move.reason, move.depth, move.fell_from, move.fell_against) for move in log.moves]
    assert told == [
        ("fail-low fall", 6, "win", "previous move"),
        ("depth fall", 6, "winning", "shallower"),
        ("depth fall", 6, "other", "shallower"),
    ]


def test_pressed_is_told_apart_before_and_after_a_depth(log: StretchLog) -> None:
    log.moves = [SearchedMove(10)]
    assert players.pressed(-5000, 3, SCALE)
    log.moves.append(SearchedMove(12))
    players.falling(0, 3, None, None, SCALE)  # a depth was scored
    assert players.pressed(-5000, 5, SCALE)
    assert [(move.reason, move.depth) for move in log.moves] == [("pressed before", 0), ("pressed", 5)]


def test_removing_the_log_gives_the_level_its_own_functions_back() -> None:
    originals = (players._think, players.falling, players.pressed, players.left_book)
    stretch_log = StretchLog(SCALE)
    stretch_log.install()
    assert players.falling is not originals[1]
    stretch_log.remove()
    assert (players._think, players.falling, players.pressed, players.left_book) == originals


def test_the_summary_counts_each_reason_its_times_and_the_moves_over_budget() -> None:
    moves = [
        SearchedMove(1, 0.9),
        SearchedMove(3, 0.8),
        SearchedMove(5, 2.9, "depth fall", "win", "shallower", 9),
        SearchedMove(7, 1.5, "book exit"),
    ]
    lines = summary(moves, 1.0)
    assert " ".join(lines[0].split()) == "none 2 moves, median 0.85 s, max 0.90 s, 0 over 1 s"
    assert "depth fall from win (shallower)" in "".join(lines) and "book exit" in "".join(lines)
    assert " ".join(lines[-1].split()) == "all 4 moves, median 1.20 s, max 2.90 s, 2 over 1 s"
