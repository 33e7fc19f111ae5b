"""The AI worker: results arrive, cancellation and supersession drop stale answers,
close is clean and a killed child is reported then replaced."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from engine.registry import new_state
from game.ai_worker import AIResult, AIWorker

WAIT = 20.0  # generous: the first request pays for starting the child process


def wait_result(worker: AIWorker, timeout: float = WAIT) -> AIResult:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = worker.poll()
        if result is not None:
            return result
        time.sleep(0.01)
    raise AssertionError("no result from the AI worker in time")


def is_busy(worker: AIWorker) -> bool:
    return worker.busy  # a call, so the type checker does not keep an earlier narrowing


@pytest.fixture
def worker() -> Iterator[AIWorker]:
    w = AIWorker()
    yield w
    w.close()


def test_result_arrives_with_a_legal_move(worker: AIWorker) -> None:
    state = new_state("nine")
    state.play_all(["d6", "d2"])
    ticket = worker.request(state, "hard", movetime=0.2)
    assert worker.busy
    result = wait_result(worker)
    assert result.ticket == ticket and result.error is None and result.move is not None
    assert state.why_illegal(state.parse_move(result.move)) is None
    assert worker.poll() is None
    assert not is_busy(worker)


def test_request_never_blocks(worker: AIWorker) -> None:
    state = new_state("nine")
    start = time.perf_counter()
    worker.request(state, "hard", movetime=5.0)
    worker.request(state, "hard", movetime=5.0)
    worker.poll()
    assert time.perf_counter() - start < 0.5


def test_cancel_drops_the_result_and_frees_the_child(worker: AIWorker) -> None:
    state = new_state("nine")
    worker.request(state, "hard", movetime=30.0)
    time.sleep(0.5)
    worker.cancel()
    assert not worker.busy
    time.sleep(0.3)
    assert worker.poll() is None
    # The long search stopped: a new request is answered quickly.
    start = time.monotonic()
    ticket = worker.request(state, "easy")
    assert wait_result(worker).ticket == ticket
    assert time.monotonic() - start < 5.0


def test_new_request_supersedes_the_old(worker: AIWorker) -> None:
    state = new_state("nine")
    first = worker.request(state, "hard", movetime=30.0)
    state.play("d6")
    second = worker.request(state, "medium", movetime=0.2)
    assert second != first
    result = wait_result(worker)
    assert result.ticket == second and result.move is not None
    assert state.why_illegal(state.parse_move(result.move)) is None


def test_errors_are_reported_not_raised(worker: AIWorker) -> None:
    worker.request(new_state("nine"), "grandmaster")
    result = wait_result(worker)
    assert result.move is None and result.error is not None and "grandmaster" in result.error


def test_survives_a_killed_child(worker: AIWorker) -> None:
    state = new_state("nine")
    worker.request(state, "easy")
    wait_result(worker)
    ticket = worker.request(state, "hard", movetime=30.0)
    process = worker._process
    assert process is not None
    process.kill()
    result = wait_result(worker, 5.0)
    assert result.ticket == ticket and result.move is None and result.error
    ticket = worker.request(state, "easy")
    result = wait_result(worker)
    assert result.ticket == ticket and result.error is None


def test_close_is_idempotent_and_refuses_new_work() -> None:
    worker = AIWorker()
    worker.request(new_state("nine"), "hard", movetime=30.0)
    start = time.monotonic()
    worker.close()
    worker.close()
    assert time.monotonic() - start < 3.0
    assert worker.poll() is None and not worker.busy
    with pytest.raises(RuntimeError):
        worker.request(new_state("nine"), "easy")


def test_the_perfect_level_plays_teeko_through_the_worker(worker: AIWorker) -> None:
    state = new_state("teeko")
    state.play_all(["c3", "b2"])  # Black wins in 13 by c4 or d3 (the solver)
    worker.request(state, "perfect")
    result = wait_result(worker)
    assert result.error is None and result.move in {"c4", "d3"}
