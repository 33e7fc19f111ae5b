"""The AI in a separate process, so a front end never waits for it: moves, hints, game
reviews (engine/review.py, with progress reports) and answers to draw offers.

One long-lived child process (started with "spawn", so it shares nothing with pygame
or Tk) receives requests on a pipe and answers on another. Each request carries a
ticket; the front end only ever sees the result of its latest ticket.

The pipes are `SimpleQueue`s, written by the calling thread itself: a `Queue` would
start a feeder thread in the front end's process, and a garbage collection that runs on
that thread may free Tk objects off the Tk thread, which aborts the process.

Cancellation is cooperative and immediate: a shared integer holds the ticket the
parent still wants, and the search polls it (`stop` callback of `choose_move`), so a
superseded or cancelled search ends within a few thousand nodes. If the child dies,
`poll` reports an error for the pending ticket and the next request starts a new child;
a child that stops answering (stopped, or stuck) is given up after `answer_deadline`
seconds the same way.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import time
from dataclasses import dataclass
from multiprocessing.context import SpawnProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Any

from engine.core import GameState

NO_TICKET = 0  # shared "wanted ticket" value meaning: stop whatever you are doing
CLOSE_TIMEOUT = 1.0  # seconds to wait for a polite exit before terminating the child
# A request unanswered after its movetime (the level's own when None) times this,
# plus the grace below, means a stopped or stuck child: it is replaced.
DEADLINE_FACTOR = 4.0
DEADLINE_GRACE = 15.0  # a slow answer on a busy machine is not a stuck child
STARTUP_GRACE = 30.0  # more for the requests made while a new child starts (its imports)
DEFAULT_MOVETIME = 1.0


MAX_IN_FLIGHT = 4  # jobs written and not yet answered: the pipe never fills, a write never blocks
SUPERSEDED = "superseded"  # the answer to a job replaced before the child took it


def answer_deadline(movetime: float | None) -> float:
    """Seconds a request may stay unanswered before the child is given up."""
    return (movetime or DEFAULT_MOVETIME) * DEADLINE_FACTOR + DEADLINE_GRACE


@dataclass(frozen=True)
class AIResult:
    """The answer to one request: a move in notation, or an error message."""

    ticket: int
    move: str | None
    error: str | None
    depth: int
    nodes: int


@dataclass(frozen=True)
class DrawAnswer:
    """The computer's answer to a draw offer (engine/draw_offer.py), or an error."""

    ticket: int
    accepted: bool | None
    error: str | None


@dataclass(frozen=True)
class ReviewProgress:
    """A review under way: `done` positions of `total` examined (not a final answer)."""

    ticket: int
    done: int
    total: int


@dataclass(frozen=True)
class ReviewResult:
    """A finished review: every ply's review (engine.review.PlyReview), or an error."""

    ticket: int
    plies: tuple[Any, ...] | None
    error: str | None


MOVE, REVIEW, DRAW = "move", "review", "draw"
# (ticket, kind, the game as GameState.to_dict(), parameters): MOVE (level, movetime),
# REVIEW (nodes per position, first ply reviewed), DRAW (the side offered the draw).
Request = tuple[int, str, dict[str, Any], tuple[Any, ...]]
Answer = AIResult | ReviewProgress | ReviewResult | DrawAnswer


def _serve(requests: Any, results: Any, wanted: Any) -> None:
    """Child process main loop: answer requests until told to stop (None)."""
    # The engine is imported before the first request arrives, so a child started
    # ahead of time (`warm_up`) answers that request at once.
    import engine.ai
    import engine.registry
    import engine.review  # noqa: F401

    while True:
        job = requests.get()
        if job is None:
            return
        ticket, kind, data, params = job
        if wanted.value != ticket:  # superseded before we even started: every job is answered
            results.put(_failed(ticket, kind, SUPERSEDED))
            continue

        def superseded(mine: int = ticket) -> bool:
            return bool(wanted.value != mine)

        try:
            if kind == REVIEW:
                results.put(_review(ticket, data, params, superseded, results))
            elif kind == DRAW:
                results.put(_draw(ticket, data, params, superseded))
            else:
                results.put(_move(ticket, data, params, superseded))
        except Exception as error:  # reported to the front end, never fatal to the child
            results.put(_failed(ticket, kind, f"{type(error).__name__}: {error}"))


def _failed(ticket: int, kind: str, error: str) -> Answer:
    if kind == REVIEW:
        return ReviewResult(ticket, None, error)
    if kind == DRAW:
        return DrawAnswer(ticket, None, error)
    return AIResult(ticket, None, error, 0, 0)


def _draw(ticket: int, data: dict[str, Any], params: tuple[Any, ...], stop: Any) -> DrawAnswer:
    from engine.draw_offer import accepts_draw
    from engine.registry import state_from_dict

    (side,) = params
    accepted = accepts_draw(state_from_dict(data), side, stop=stop)
    return DrawAnswer(ticket, None, SUPERSEDED) if stop() else DrawAnswer(ticket, accepted, None)


def _move(ticket: int, data: dict[str, Any], params: tuple[Any, ...], stop: Any) -> AIResult:
    # Imported here so the parent does not pay for the AI until it is needed.
    from engine.ai import analyse
    from engine.registry import state_from_dict

    level, movetime = params
    choice = analyse(state_from_dict(data), level, movetime=movetime, stop=stop)
    return AIResult(ticket, str(choice.move), None, choice.depth, choice.nodes)


def _review(
    ticket: int, data: dict[str, Any], params: tuple[Any, ...], stop: Any, results: Any
) -> ReviewResult:
    from engine.registry import state_from_dict
    from engine.review import review_history

    nodes, first_ply = params
    state = state_from_dict(data)

    def progress(done: int, total: int) -> None:
        results.put(ReviewProgress(ticket, done, total))

    reviewed = review_history(state, first_ply=first_ply, nodes=nodes, progress=progress, stop=stop)
    if stop():
        return ReviewResult(ticket, None, SUPERSEDED)
    return ReviewResult(ticket, tuple(reviewed.plies), None)


class AIWorker:
    """Asynchronous AI: `request` a move, then `poll` each frame until it arrives."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._process: SpawnProcess | None = None
        self._requests: Any = None
        self._results: Any = None
        self._wanted: Synchronized[int] | None = None
        self._last_ticket = NO_TICKET
        self._pending: int | None = None
        self._deadline = 0.0  # monotonic time by which the pending request must be answered
        self._in_flight = 0  # jobs in the pipe or in the child, not answered yet
        self._started_at = -STARTUP_GRACE  # when the current child was started
        self._queued: Request | None = None  # the latest job, while MAX_IN_FLIGHT are out
        self._closed = False

    # ----- child management -------------------------------------------------
    def _alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _start(self) -> None:
        self._stop_child()
        self._requests = self._context.SimpleQueue()
        self._results = self._context.SimpleQueue()
        self._wanted = self._context.Value("q", NO_TICKET, lock=False)
        self._process = self._context.Process(
            target=_serve,
            args=(self._requests, self._results, self._wanted),
            name="plateaux-ai",
            daemon=True,
        )
        self._process.start()
        self._in_flight = 0

    def _stop_child(self) -> None:
        process, self._process = self._process, None
        if self._wanted is not None:
            self._wanted.value = NO_TICKET
        if process is not None:
            if process.is_alive():
                with contextlib.suppress(OSError, ValueError):
                    self._requests.put(None)
                process.join(CLOSE_TIMEOUT)
            if process.is_alive():
                process.kill()  # SIGKILL also ends a stopped (SIGSTOP) child
                process.join(CLOSE_TIMEOUT)
            with contextlib.suppress(ValueError):  # still running: nothing more to do
                process.close()
        for channel in (self._requests, self._results):
            if channel is not None:
                with contextlib.suppress(OSError):
                    channel.close()
        self._requests = self._results = None

    # ----- the front end's API ---------------------------------------------
    def warm_up(self) -> None:
        """Start the child now (it imports the engine while nothing waits for it)."""
        if not self._closed and not self._alive():
            self._start()
            self._started_at = time.monotonic()

    def request(self, state: GameState, level: str, movetime: float | None = None) -> int:
        """Ask for a move in `state`; returns the ticket. Any pending request is cancelled."""
        return self._ask(MOVE, state, (level, movetime), answer_deadline(movetime))

    def request_review(self, state: GameState, nodes: int, first_ply: int = 0) -> int:
        """Ask for a review of the game in `state` from ply `first_ply` on (poll it with
        `poll_review`): the whole game, or a candidate move after a position (retry)."""
        return self._ask(REVIEW, state, (nodes, first_ply), answer_deadline(None))

    def request_draw(self, state: GameState, side: int) -> int:
        """Ask whether the computer playing `side` accepts a draw in `state` (poll it with
        `poll_draw`)."""
        return self._ask(DRAW, state, (side,), answer_deadline(None))

    def _ask(self, kind: str, state: GameState, params: tuple[Any, ...], deadline: float) -> int:
        if self._closed:
            raise RuntimeError("the AI worker is closed")
        if not self._alive():
            self._start()
            self._started_at = time.monotonic()
        assert self._wanted is not None
        self._last_ticket += 1
        ticket = self._last_ticket
        # Publish the wanted ticket first: it stops the previous search at once.
        self._wanted.value = ticket
        self._pending = ticket
        # A child still importing the engine (seconds on a busy machine) gets more time.
        starting = time.monotonic() - self._started_at < STARTUP_GRACE
        self._deadline = time.monotonic() + deadline + (STARTUP_GRACE if starting else 0.0)
        self._queued = (ticket, kind, state.to_dict(), params)  # replaces an unsent older job
        self._send_queued()
        return ticket

    def _send_queued(self) -> None:
        """Write the queued job if few enough are out: a stopped child can never make the
        pipe fill up and a write block the front end."""
        if self._queued is not None and self._requests is not None and self._in_flight < MAX_IN_FLIGHT:
            job, self._queued = self._queued, None
            self._requests.put(job)
            self._in_flight += 1

    def poll(self) -> AIResult | None:
        """The result of the pending move request if it has arrived; never blocks."""
        answer = self._receive()
        return answer if isinstance(answer, AIResult) else None

    def poll_draw(self) -> DrawAnswer | None:
        """The answer to the pending draw offer, if it has arrived; never blocks."""
        answer = self._receive()
        if isinstance(answer, AIResult):  # the child gave up: report it as the answer's error
            return DrawAnswer(answer.ticket, None, answer.error)
        return answer if isinstance(answer, DrawAnswer) else None

    def poll_review(self) -> ReviewProgress | ReviewResult | None:
        """Progress or the result of the pending review, if any arrived; never blocks."""
        answer = self._receive()
        if isinstance(answer, AIResult):  # the child gave up: report it as a review error
            return ReviewResult(answer.ticket, None, answer.error)
        return answer if isinstance(answer, (ReviewProgress, ReviewResult)) else None

    def _receive(self) -> Answer | None:
        if self._pending is None or self._results is None:
            return None
        while True:
            try:
                if self._results.empty():
                    break
                answer: Answer = self._results.get()
            except (OSError, EOFError, ValueError):
                break
            if isinstance(answer, ReviewProgress):
                if answer.ticket == self._pending:
                    self._deadline = time.monotonic() + answer_deadline(None)  # alive and working
                    return answer
                continue
            self._in_flight -= 1
            self._send_queued()
            if answer.ticket == self._pending:
                self._pending = None
                return answer
        if not self._alive():
            return self._give_up("the AI process stopped unexpectedly")
        if time.monotonic() > self._deadline:
            return self._give_up("the AI process stopped answering")
        return None

    def _give_up(self, reason: str) -> AIResult:
        """Report the pending request as failed and drop the child (the next request
        starts a new one)."""
        ticket, self._pending = self._pending or NO_TICKET, None
        self._queued = None
        self._stop_child()
        return AIResult(ticket, None, reason, 0, 0)

    def cancel(self) -> None:
        """Forget the pending request; its result will never be delivered."""
        self._pending = None
        self._queued = None
        if self._wanted is not None:
            self._wanted.value = NO_TICKET

    @property
    def busy(self) -> bool:
        """Whether a request is pending (its result not yet polled)."""
        return self._pending is not None

    def close(self) -> None:
        """Stop the child process; safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        self._pending = None
        self._stop_child()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
