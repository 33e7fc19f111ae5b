"""The AI in a separate process, so a front end never waits for it.

One long-lived child process (started with "spawn", so it shares nothing with pygame
or Tk) receives requests on a queue and answers on another. Each request carries a
ticket; the front end only ever sees the result of its latest ticket.

Cancellation is cooperative and immediate: a shared integer holds the ticket the
parent still wants, and the search polls it (`stop` callback of `choose_move`), so a
superseded or cancelled search ends within a few thousand nodes. If the child dies,
`poll` reports an error for the pending ticket and the next request starts a new child.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
from dataclasses import dataclass
from multiprocessing.context import SpawnProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Any

from engine.core import GameState

NO_TICKET = 0  # shared "wanted ticket" value meaning: stop whatever you are doing
CLOSE_TIMEOUT = 1.0  # seconds to wait for a polite exit before terminating the child


@dataclass(frozen=True)
class AIResult:
    """The answer to one request: a move in notation, or an error message."""

    ticket: int
    move: str | None
    error: str | None
    depth: int
    nodes: int


Request = tuple[int, dict[str, Any], str, "float | None"]


def _serve(requests: Any, results: Any, wanted: Any) -> None:
    """Child process main loop: answer requests until told to stop (None)."""
    # Imported here so the parent does not pay for the AI until it is needed.
    from engine.ai import analyse
    from engine.registry import state_from_dict

    while True:
        job = requests.get()
        if job is None:
            return
        ticket, data, level, movetime = job
        if wanted.value != ticket:
            continue  # superseded before we even started
        try:
            state = state_from_dict(data)

            def superseded(mine: int = ticket) -> bool:
                return bool(wanted.value != mine)

            choice = analyse(state, level, movetime=movetime, stop=superseded)
            result = AIResult(ticket, str(choice.move), None, choice.depth, choice.nodes)
        except Exception as error:  # reported to the front end, never fatal to the child
            result = AIResult(ticket, None, f"{type(error).__name__}: {error}", 0, 0)
        results.put(result)


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
        self._closed = False

    # ----- child management -------------------------------------------------
    def _alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def _start(self) -> None:
        self._stop_child()
        self._requests = self._context.Queue()
        self._results = self._context.Queue()
        self._wanted = self._context.Value("q", NO_TICKET, lock=False)
        self._process = self._context.Process(
            target=_serve,
            args=(self._requests, self._results, self._wanted),
            name="plateaux-ai",
            daemon=True,
        )
        self._process.start()

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
                    process.terminate()
                    process.join(CLOSE_TIMEOUT)
            process.close()
        for channel in (self._requests, self._results):
            if channel is not None:
                channel.close()
                channel.cancel_join_thread()  # never block on unread data at exit
        self._requests = self._results = None

    # ----- the front end's API ---------------------------------------------
    def request(self, state: GameState, level: str, movetime: float | None = None) -> int:
        """Ask for a move in `state`; returns the ticket. Any pending request is cancelled."""
        if self._closed:
            raise RuntimeError("the AI worker is closed")
        if not self._alive():
            self._start()
        assert self._wanted is not None
        self._last_ticket += 1
        ticket = self._last_ticket
        # Publish the wanted ticket first: it stops the previous search at once.
        self._wanted.value = ticket
        self._pending = ticket
        job: Request = (ticket, state.to_dict(), level, movetime)
        self._requests.put(job)
        return ticket

    def poll(self) -> AIResult | None:
        """The result of the pending request if it has arrived; never blocks."""
        if self._pending is None or self._results is None:
            return None
        while True:
            try:
                result: AIResult = self._results.get_nowait()
            except queue.Empty:
                break
            except (OSError, EOFError, ValueError):
                break
            if result.ticket == self._pending:
                self._pending = None
                return result
        if not self._alive():
            ticket, self._pending = self._pending, None
            self._stop_child()
            return AIResult(ticket, None, "the AI process stopped unexpectedly", 0, 0)
        return None

    def cancel(self) -> None:
        """Forget the pending request; its result will never be delivered."""
        self._pending = None
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
