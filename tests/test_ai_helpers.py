"""The hard level's helper processes (engine/ai/helpers.py, engine/ai/helper.py): they
search into the shared table while the main search runs, stop when told, never outlive
their pool, and a helper that dies or a job it cannot read never stops a move."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from conftest import play_line

from engine.ai import players
from engine.ai.helper import help_search, read_job
from engine.ai.helpers import HELPERS_ENV, MAX_HELPERS, HelperPool, helper_count, pool_for
from engine.ai.search import Searcher
from engine.ai.shared_table import HEADER_WORDS, SharedTable
from engine.registry import get_spec

MOVING = "a7 d6 d7 c5 g4 e4 b6 f4 f6 b4 c3 c4 e3 d1 a1 g1 d2 f2"
# White to move wins at once: g4-g7 closes a7-d7-g7 and leaves Black (flying) two pieces.
WIN_IN_ONE = "ww./b../.b./.....w/b../.../ww. w 0 0 0"


def entries(table: SharedTable) -> int:
    words = table.words
    return sum(1 for index in range(HEADER_WORDS + 1, len(words), 2) if words[index])


def wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


@pytest.fixture
def pool() -> Iterator[HelperPool]:
    made = pool_for(1)
    assert made is not None
    yield made
    made.close()


@pytest.mark.parametrize(
    ("setting", "expected"), [("0", 0), ("2", 2), ("99", MAX_HELPERS), ("-4", 0), (" 1 ", 1)]
)
def test_the_number_of_helpers_follows_the_setting(
    monkeypatch: pytest.MonkeyPatch, setting: str, expected: int
) -> None:
    monkeypatch.setenv(HELPERS_ENV, setting)
    assert helper_count() == expected


def test_helpers_are_off_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HELPERS_ENV, raising=False)
    assert helper_count() == 0
    monkeypatch.setenv(HELPERS_ENV, "many")
    assert helper_count() == 0


def test_no_helpers_no_pool() -> None:
    assert pool_for(0) is None


def test_a_helper_fills_the_table_while_the_job_runs_and_stops_when_told(pool: HelperPool) -> None:
    state = play_line("nine", MOVING)
    pool.start(state)
    assert pool.running == 1
    assert wait_for(lambda: entries(pool.table) > 100), "the helper wrote nothing"
    pool.stop()
    time.sleep(0.3)  # a few hundred nodes
    settled = entries(pool.table)
    time.sleep(0.3)
    assert entries(pool.table) == settled, "the helper went on after the job ended"
    assert pool.table.probe(state.key()) is not None  # the root, searched to some depth


def test_the_main_search_reads_what_the_helper_proved(pool: HelperPool) -> None:
    state = play_line("nine", MOVING)
    spec = get_spec("nine")
    pool.start(state)
    assert wait_for(lambda: (pool.table.probe(state.key()) or (0,))[0] >= 6)
    pool.stop()
    alone = Searcher(spec.evaluate)
    helped = Searcher(spec.evaluate, table=pool.table)
    depth = pool.table.probe(state.key())[0]  # type: ignore[index]
    for _ in alone.iterate(state, max_depth=depth):
        pass
    for _ in helped.iterate(state, max_depth=depth):
        pass
    assert helped.nodes < alone.nodes / 2


def test_a_dead_helper_is_dropped_and_replaced(pool: HelperPool) -> None:
    state = play_line("nine", MOVING)
    pool.start(state)
    pool.stop()
    process = pool._processes[0]
    process.kill()
    process.wait()
    pool.start(state)  # the write fails: dropped (a search never waits on it)
    pool.start(state)  # and a new one started
    assert pool.running == 1 and pool._processes[0] is not process
    assert pool._processes[0].poll() is None


def test_closing_the_pool_ends_its_helpers(pool: HelperPool) -> None:
    pool.start(play_line("nine", MOVING))
    process = pool._processes[0]
    pool.close()
    assert process.poll() is not None
    assert pool.table.words is None
    pool.close()  # twice is harmless


def test_the_hard_level_plays_with_helpers_and_releases_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HELPERS_ENV, "1")
    players.forget_games()
    state = play_line("nine", MOVING)
    choice = players.analyse(state, "hard", movetime=0.3)
    assert choice.move in state.legal_moves()
    searcher = players.searcher_for(state.spec)
    pool = searcher.helpers
    assert pool is not None and pool.running == 1
    process = pool._processes[0]
    players.forget_games()
    assert process.poll() is not None


def test_a_win_in_one_is_still_found_with_helpers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HELPERS_ENV, "1")
    players.forget_games()
    try:
        state = get_spec("nine").from_position(WIN_IN_ONE, {})
        choice = players.analyse(state, "hard", movetime=0.5)
        assert str(choice.move).startswith("g4-g7x")
    finally:
        players.forget_games()


@pytest.mark.parametrize(
    "line",
    [
        "not json",
        json.dumps({"job": 1}),
        json.dumps({"job": "x", "game": {"game": "nine", "moves": []}}),
        json.dumps({"job": 1, "game": {"game": "chess", "moves": []}}),
        json.dumps({"job": 1, "game": {"game": "nine", "moves": ["d6", "d6"]}}),
        json.dumps([1, 2]),
    ],
)
def test_a_line_that_is_not_a_job_is_skipped(line: str) -> None:
    assert read_job(line) is None


def test_a_job_line_gives_the_position() -> None:
    state = play_line("nine", "d6 d2")
    found = read_job(json.dumps({"job": 4, "game": state.to_dict()}))
    assert found is not None and found[0] == 4 and found[1].key() == state.key()


def test_help_search_ends_with_its_job() -> None:
    table = SharedTable(1 << 10)
    try:
        table.job = 3
        state = play_line("nine", MOVING)
        searcher = Searcher(get_spec("nine").evaluate, table=table)

        stored = threading.Event()

        def end_the_job_once_the_root_is_stored() -> None:
            # Seen while the search runs: the next depth's nodes may take the root's slot
            # in so small a table before the search notices the job has ended.
            deadline = time.monotonic() + 10
            while not stored.is_set() and time.monotonic() < deadline:
                if table.probe(state.key()) is not None:
                    stored.set()
                time.sleep(0.01)
            table.job = 0

        watcher = threading.Thread(target=end_the_job_once_the_root_is_stored)
        watcher.start()
        started = time.monotonic()
        help_search(searcher, state, table, 3)
        watcher.join()
        assert time.monotonic() - started < 15, "the search ends when its job does"
        assert stored.is_set(), "the helper searched into the shared table"
    finally:
        table.close()


def test_help_search_returns_when_nothing_is_left_to_search() -> None:
    """A position whose result the search proves (a win in one) needs no helper."""
    table = SharedTable(1 << 10)
    try:
        table.job = 1
        state = get_spec("nine").from_position(WIN_IN_ONE, {})
        help_search(Searcher(get_spec("nine").evaluate, table=table), state, table, 1)
        assert table.job == 1  # it returned by itself, the job still on
    finally:
        table.close()
