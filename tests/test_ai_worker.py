"""The AI worker: results arrive, cancellation and supersession drop stale answers,
close is clean and a killed child is reported then replaced."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from engine.registry import new_state
from game import ai_worker
from game.ai_worker import MAX_IN_FLIGHT, AIResult, AIWorker, ReviewProgress, ReviewResult

WAIT = 90.0  # a liveness bound: the first request pays for starting the child (slow when busy)


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


def requests_return(worker: AIWorker, count: int) -> bool:
    """Whether `count` requests all return (on a thread: a blocked write would hang it)."""
    state = new_state("dames")
    state.play_all(["32-28", "19-23", "28x19", "14x23"])

    def ask() -> None:
        for _ in range(count):
            worker.request(state, "hard", movetime=5.0)
            worker.poll()

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    thread.join(60.0)  # a liveness bound, not a speed test: a blocked write never returns
    return not thread.is_alive()


def stopped_child(worker: AIWorker) -> int:
    """Start the child, wait for its first answer, then stop it with SIGSTOP."""
    worker.request(new_state("nine"), "easy")
    assert wait_result(worker, 120.0).error is None  # started and answering
    process = worker._process
    assert process is not None and process.pid is not None
    os.kill(process.pid, signal.SIGSTOP)
    return process.pid


def test_requests_to_a_stopped_child_never_block(worker: AIWorker) -> None:
    stopped_child(worker)
    # Far more requests than the pipe could hold unread: only MAX_IN_FLIGHT are written.
    assert requests_return(worker, 40 * MAX_IN_FLIGHT)
    assert worker._in_flight <= MAX_IN_FLIGHT


def test_a_stopped_child_is_given_up_and_replaced(worker: AIWorker, monkeypatch: pytest.MonkeyPatch) -> None:
    pid = stopped_child(worker)
    monkeypatch.setattr(ai_worker, "answer_deadline", lambda movetime: 0.5)
    monkeypatch.setattr(ai_worker, "STARTUP_GRACE", 0.0)
    ticket = worker.request(new_state("nine"), "easy")
    result = wait_result(worker)
    assert result.ticket == ticket and result.move is None and result.error
    assert "stopped answering" in result.error
    with pytest.raises(ProcessLookupError):  # the stopped child was killed
        for _ in range(200):
            os.kill(pid, 0)
            time.sleep(0.05)
    monkeypatch.undo()
    ticket = worker.request(new_state("nine"), "easy")
    result = wait_result(worker)
    assert result.ticket == ticket and result.error is None


def test_close_with_a_stopped_child_raises_nothing() -> None:
    worker = AIWorker()
    stopped_child(worker)
    worker.request(new_state("nine"), "hard", movetime=30.0)
    worker.close()  # kills the stopped child; no ValueError from process.close()
    assert worker._process is None and not worker.busy


def test_cancel_drops_the_result_and_frees_the_child(worker: AIWorker) -> None:
    state = new_state("nine")
    worker.request(state, "hard", movetime=30.0)
    time.sleep(0.5)
    worker.cancel()
    assert not worker.busy
    time.sleep(0.3)
    assert worker.poll() is None
    # The long search stopped: a new request is answered well before that search's
    # 30 s would have run out.
    ticket = worker.request(state, "easy")
    assert wait_result(worker, 15.0).ticket == ticket


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
    worker.close()
    worker.close()
    assert worker._process is None
    assert worker.poll() is None and not worker.busy
    with pytest.raises(RuntimeError):
        worker.request(new_state("nine"), "easy")


def test_the_perfect_level_plays_teeko_through_the_worker(worker: AIWorker) -> None:
    state = new_state("teeko")
    state.play_all(["c3", "b2"])  # Black wins in 13 by c4 or d3 (the solver)
    worker.request(state, "perfect")
    result = wait_result(worker)
    assert result.error is None and result.move in {"c4", "d3"}


def test_a_review_reports_progress_then_every_ply(worker: AIWorker) -> None:
    state = new_state("teeko")
    state.play_all(["c3", "b2", "c4"])
    ticket = worker.request_review(state, nodes=50)
    progress: list[ReviewProgress] = []
    deadline = time.monotonic() + WAIT
    result: ReviewResult | None = None
    while result is None and time.monotonic() < deadline:
        answer = worker.poll_review()
        if isinstance(answer, ReviewProgress):
            progress.append(answer)
        elif isinstance(answer, ReviewResult):
            result = answer
        time.sleep(0.01)
    assert result is not None and result.ticket == ticket and result.error is None
    assert result.plies is not None and [p.move for p in result.plies] == ["c3", "b2", "c4"]
    assert [p.tag for p in result.plies][1] == "blunder!"  # b2 turns the draw into a loss
    assert progress and (progress[-1].done, progress[-1].total) == (4, 4)
    assert [p.done for p in progress] == sorted(p.done for p in progress)


def test_a_draw_offer_is_answered_in_the_child(worker: AIWorker) -> None:
    state = new_state("teeko")
    state.play_all(["c3", "b2"])  # Black, to move, wins: Black declines and White accepts
    answers = []
    for side in (0, 1):
        ticket = worker.request_draw(state, side)
        deadline = time.monotonic() + WAIT
        answer = None
        while answer is None and time.monotonic() < deadline:
            answer = worker.poll_draw()
            time.sleep(0.01)
        assert answer is not None and answer.ticket == ticket and answer.error is None
        answers.append(answer.accepted)
    assert answers == [False, True]


def test_warm_up_starts_the_child_before_any_request(worker: AIWorker) -> None:
    worker.warm_up()
    process = worker._process
    assert process is not None and process.is_alive() and not worker.busy
    worker.warm_up()  # already running: the same child
    assert worker._process is process
    ticket = worker.request(new_state("nine"), "easy")
    assert wait_result(worker).ticket == ticket and worker._process is process
