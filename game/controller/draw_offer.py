"""Draws by agreement: the player to move offers, the other side answers.

The rules' own draws (RULES.md) end a game by themselves; this one ends it when both
players say so, as over a real board (a Teeko game nobody can win goes on forever
otherwise). Who answers:
- the computer, in the AI worker (engine/draw_offer.py: it accepts when it does not
  expect to win), never sooner than the AI's usual delay, so the offer can be read;
- a person at the same table, on the same board: the view shows the question and the
  board takes no move until it is answered;
- a player on another computer: the offer travels (game.net.draw_talk) and the board
  that offered takes no move until the answer comes back (so none crosses it).
A side offers at most once per position. Any change of position (a move, undo, redo)
or a dropped connection withdraws an offer still waiting for its answer.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import GameState
from game.ai_worker import AIWorker
from game.session import Seat

COMPUTER, PERSON, REMOTE = "computer", "person", "remote"  # who answers an offer


class DrawOffer:
    """The offer under way, if any, and who offered where."""

    def __init__(self, worker: Callable[[], AIWorker], min_delay: float) -> None:
        self._worker = worker
        self.min_delay = min_delay
        self.asked: int | None = None  # the side a person at this table answers for
        self.computer_side: int | None = None  # the side whose computer is answering
        self.remote_side: int | None = None  # the network player, while the answer travels
        self._waited = 0.0
        self._answer: bool | None = None
        self._last_offer: dict[int, int] = {}  # side -> plies played when it last offered

    @property
    def pending(self) -> bool:
        return self.asked is not None or self.computer_side is not None or self.remote_side is not None

    def may_offer(self, side: int, plies: int) -> bool:
        return not self.pending and self._last_offer.get(side) != plies

    def offer(self, state: GameState, opponent: Seat) -> str:
        """The player to move offers; returns who answers (COMPUTER, PERSON or REMOTE:
        the caller sends a REMOTE offer over the link)."""
        side = state.to_move
        self._last_offer[side] = len(state.history)
        if opponent.is_ai:
            self.computer_side = 1 - side
            self._waited, self._answer = 0.0, None
            self._worker().request_draw(state, 1 - side)
            return COMPUTER
        if opponent.is_remote:
            self.remote_side = 1 - side
            return REMOTE
        self.asked = 1 - side
        return PERSON

    def answered(self) -> None:
        """The person asked has answered (the controller carries the answer out)."""
        self.asked = None

    def withdraw(self) -> None:
        """The position changed: an offer still unanswered lapses."""
        if self.computer_side is not None:
            self._worker().cancel()
        self.asked = self.computer_side = self.remote_side = None
        self._answer = None

    def update(self, dt: float) -> bool | None:
        """The computer's answer once it has come and the delay has passed: True for
        accepted; False for declined, or when the computer could not answer."""
        if self.computer_side is None:
            return None
        self._waited += dt
        if self._answer is None:
            reply = self._worker().poll_draw()
            if reply is not None:
                self._answer = bool(reply.accepted)  # an error (None) counts as declined
        if self._answer is None or self._waited < self.min_delay:
            return None
        answer, self._answer, self.computer_side = self._answer, None, None
        return answer
