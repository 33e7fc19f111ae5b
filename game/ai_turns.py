"""AI moves, hints and answers to draw offers for a board: ask the worker, wait without
blocking, never too fast.

The worker answers in a child process; this keeps the latest request, holds its
answer until at least `min_delay` seconds of scene time have passed (so a move can
be seen), and drops answers that no longer apply (after an undo, a move, a cancel).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import EngineError, GameState
from game.ai_worker import AIResult, AIWorker, DrawAnswer

MOVE, HINT, DRAW = "move", "hint", "draw"


@dataclass(frozen=True)
class AIAnswer:
    purpose: str  # MOVE, HINT or DRAW
    move: Any  # a legal move of the position asked about (None for DRAW)
    error: str | None = None  # set when the AI failed and a fallback move was chosen
    depth: int = 0
    accepted: bool = False  # DRAW: the computer accepts (an error counts as declined)


class AITurns:
    def __init__(
        self, worker: Callable[[], AIWorker], min_delay: float = 0.3, movetime: float | None = None
    ) -> None:
        self._worker = worker
        self.min_delay = min_delay
        self.movetime = movetime
        self.purpose: str | None = None
        self._state: GameState | None = None
        self._waited = 0.0
        self._result: AIResult | DrawAnswer | None = None

    @property
    def busy(self) -> bool:
        return self.purpose is not None

    def request(self, state: GameState, level: str, purpose: str = MOVE) -> None:
        self._start(state, purpose)
        self._worker().request(state, level, self.movetime)

    def request_draw(self, state: GameState, side: int) -> None:
        """Ask whether the computer playing `side` accepts a draw offered in `state`."""
        self._start(state, DRAW)
        self._worker().request_draw(state, side)

    def _start(self, state: GameState, purpose: str) -> None:
        """Forget any request under way; wait for this one from now."""
        self.cancel()
        self.purpose = purpose
        self._state = state.copy()
        self._waited = 0.0
        self._result = None

    def cancel(self) -> None:
        if self.purpose is not None:
            self._worker().cancel()
        self.purpose = None
        self._state = None
        self._result = None

    def update(self, dt: float) -> AIAnswer | None:
        """Advance the wait; the answer once it has arrived and the delay has passed."""
        if self.purpose is None or self._state is None:
            return None
        self._waited += dt
        if self._result is None:
            worker = self._worker()
            self._result = worker.poll_draw() if self.purpose == DRAW else worker.poll()
        if self._result is None or self._waited < self.min_delay:
            return None
        result, state, purpose = self._result, self._state, self.purpose
        self.purpose, self._state, self._result = None, None, None
        return self._answer(result, state, purpose)

    @staticmethod
    def _answer(result: AIResult | DrawAnswer, state: GameState, purpose: str) -> AIAnswer | None:
        if isinstance(result, DrawAnswer):
            return AIAnswer(DRAW, None, result.error, accepted=bool(result.accepted))
        legal = state.legal_moves()
        if not legal:
            return None
        problem: str | None = result.error or "no move"
        if result.move is not None:
            try:
                move = state.parse_move(result.move)
            except EngineError as error:
                problem = f"unreadable move {result.move!r}: {error}"
            else:
                if move in legal:
                    return AIAnswer(purpose, move, None, result.depth)
                problem = f"illegal move {result.move}"
        # The AI failed: never leave the game stuck; play something legal and say so.
        return AIAnswer(purpose, random.choice(legal), problem)
