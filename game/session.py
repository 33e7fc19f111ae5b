"""A game in progress: the state, who plays each side, the redo stack and the clocks."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from engine.core import AGREED_DRAW, GameState, Outcome, owner_of
from engine.registry import GAMES, new_state
from engine.review import PlyReview

HUMAN, AI, REMOTE = "human", "ai", "remote"  # REMOTE: a player on another computer


@dataclass(frozen=True)
class Seat:
    """One side: a person or an AI level."""

    kind: str  # HUMAN, AI or REMOTE
    level: str | None = None  # easy, medium, hard for an AI
    name: str = ""

    @property
    def is_ai(self) -> bool:
        return self.kind == AI

    @property
    def is_remote(self) -> bool:
        return self.kind == REMOTE


@dataclass(frozen=True)
class GameSetup:
    """What the menus choose, handed from scene to scene until the board starts."""

    game_id: str = field(default_factory=lambda: next(iter(GAMES)))  # the first registered
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[Seat, Seat] = (Seat(HUMAN), Seat(AI, "medium"))
    look: str = ""  # the board's look (game.looks); "" or an unknown id is the game's default

    def swapped(self) -> GameSetup:
        """The same match with the sides exchanged: a rematch, where the other one starts."""
        return replace(self, seats=(self.seats[1], self.seats[0]))


def material(state: GameState) -> tuple[int, int]:
    """Pieces each player owns, on the board and in hand."""
    counts = [state.in_hand(0), state.in_hand(1)]
    for cell in state.board():
        owner = owner_of(cell)
        if owner is not None:
            counts[owner] += 1
    return counts[0], counts[1]


class GameSession:
    """Moves go through here so undo, redo, clocks and counts stay consistent."""

    def __init__(self, setup: GameSetup, state: GameState | None = None, created: str | None = None) -> None:
        self.setup = setup
        self.state = state if state is not None else new_state(setup.game_id, setup.options)
        self.redo_stack: list[Any] = []
        self.clocks = [0.0, 0.0]  # seconds each side spent thinking in this sitting
        self.created = created or datetime.now(UTC).isoformat(timespec="seconds")
        start = new_state(setup.game_id, setup.options)
        self._start_material = material(start)
        self.uses_hand = bool(start.in_hand(0) or start.in_hand(1))  # pieces start off the board
        self.review: tuple[PlyReview, ...] | None = None  # the game review, once computed
        self._outcome_at: tuple[int, Any, int] | None = None  # the position `_outcome` is of
        self._outcome: Outcome | None = None
        self.agreed_draw = False  # the players agreed a draw (the rules had not ended the game)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return self.setup.seats

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    def outcome(self) -> Outcome | None:
        """The state's outcome, worked out once per position (a frame asks for it many
        times, and in dames it means generating the moves), or the agreed draw."""
        history = self.state.history
        position = (len(history), history[-1] if history else None, id(self.state))
        if position != self._outcome_at:
            self._outcome_at, self._outcome = position, self.state.outcome()
        if self._outcome is None and self.agreed_draw:
            return AGREED_DRAW
        return self._outcome

    def agree_draw(self) -> None:
        """Both players agreed a draw: the game ends here (undo takes it back)."""
        if not self.over:
            self.agreed_draw = True
            self.redo_stack.clear()

    def snapshot(self) -> GameSession:
        """An independent copy for another thread (the autosave): state, setup, agreement."""
        copy = GameSession(self.setup, self.state.copy(), created=self.created)
        copy.agreed_draw, copy.review = self.agreed_draw, self.review
        return copy

    def seat_to_move(self) -> Seat:
        return self.seats[self.state.to_move]

    def is_ai_turn(self) -> bool:
        return not self.over and self.seat_to_move().is_ai

    def taken(self, player: int) -> int:
        """Opposing pieces `player` has removed so far."""
        return self._start_material[1 - player] - material(self.state)[1 - player]

    def captures(self) -> int:
        return sum(1 for move in self.state.history if self.state.is_capture(move))

    def tick(self, dt: float) -> None:
        if not self.over:
            self.clocks[self.state.to_move] += dt

    def play(self, move: Any) -> None:
        """Checked play (raises the engine's error); a new move clears the redo stack."""
        self.state.play(move)
        self.redo_stack.clear()

    def can_undo(self) -> bool:
        return self.agreed_draw or self._undo_count() > 0

    def _undo_count(self) -> int:
        """Plies to take back so that a person is to move again (all of them vs AI)."""
        history = len(self.state.history)
        if not any(not seat.is_ai for seat in self.seats):
            return min(1, history)
        if all(not seat.is_ai for seat in self.seats):
            return min(1, history)
        # Against the AI: go back to the previous position where the person moves.
        for count in range(1, history + 1):
            side = (self.state.to_move - count) % 2
            if not self.seats[side].is_ai:
                return count
        return 0

    def undo(self) -> list[Any]:
        """Take back moves until a person is to move; returns them, latest first. An
        agreed draw is taken back alone: the game goes on where it was agreed."""
        if self.agreed_draw:
            self.agreed_draw = False
            return []
        moves = [self.state.pop() for _ in range(self._undo_count())]
        self.redo_stack.extend(moves)
        return moves

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> list[Any]:
        """Replay what undo took back (as many plies as it took), oldest first."""
        moves: list[Any] = []
        while self.redo_stack:
            move = self.redo_stack.pop()
            self.state.push(move)
            moves.append(move)
            if not self.is_ai_turn() or self.over:
                break
        return moves
