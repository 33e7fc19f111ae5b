"""Draws by agreement: the player to move offers, the other side answers.

The rules' own draws (RULES.md) end a game by themselves; this one ends it when both
players say so, as over a real board (a Teeko game nobody can win goes on forever
otherwise). Who answers:
- the computer, in the AI worker (engine/draw_offer.py: it accepts when it does not
  expect to win), through the board's AI turns: never sooner than the AI's usual
  delay, so the offer can be read;
- a person at the same table, on the same board: the view shows the question and the
  board takes no move until it is answered;
- a player on another computer: the offer travels (game.net.draw_talk) and the board
  that offered takes no move until the answer comes back (so none crosses it).
A side offers at most once per position. Any change of position (a move, undo, redo)
or a dropped connection withdraws an offer still waiting for its answer.
"""

from __future__ import annotations

from engine.core import GameState
from game.session import Seat

COMPUTER, PERSON, REMOTE = "computer", "person", "remote"  # who answers an offer


class DrawOffer:
    """The offer under way, if any, and who offered where (the computer's answer comes
    through the board's AI turns, game.ai_turns, like its moves)."""

    def __init__(self) -> None:
        self.asked: int | None = None  # the side a person at this table answers for
        self.computer_side: int | None = None  # the side whose computer is answering
        self.remote_side: int | None = None  # the network player, while the answer travels
        self._last_offer: dict[int, int] = {}  # side -> plies played when it last offered

    @property
    def pending(self) -> bool:
        return self.asked is not None or self.computer_side is not None or self.remote_side is not None

    def may_offer(self, side: int, plies: int) -> bool:
        return not self.pending and self._last_offer.get(side) != plies

    def offer(self, state: GameState, opponent: Seat) -> str:
        """The player to move offers; returns who answers (COMPUTER, PERSON or REMOTE):
        the caller asks the computer or sends the offer over the link."""
        side = state.to_move
        self._last_offer[side] = len(state.history)
        if opponent.is_ai:
            self.computer_side = 1 - side
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
        """The offer is settled, or the position changed: nothing is pending any more."""
        self.asked = self.computer_side = self.remote_side = None
