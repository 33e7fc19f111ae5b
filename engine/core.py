"""The game interface every Plateaux game implements.

A game is a `GameSpec` (engine.spec: id, players, options, evaluation, ...) and a
`GameState` (dynamic, mutable with push/pop, the way search engines want it).

Contract for every state, relied on by the search, the front ends and the tests:
- `legal_moves()` lists whole turns and is empty exactly when `outcome()` is not None.
- `push(move)` plays a move without checking it (fast path, used by search);
  `play(move)` checks it first and raises `IllegalMoveError` with a reason (checked path).
- `pop()` undoes the last move and restores the position exactly, key included.
- `key()` is an exact int encoding of (board, side to move, pieces in hand): equal keys
  mean equal positions, so repetition tests and transposition tables never collide.
- Every move has `str(move)` in the notation of RULES.md, and `parse_move` reads it back.
- `move.steps` are the cells a player clicks, in order, to enter the move; front ends
  build moves click by click by matching prefixes of these steps.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.basics import (
    DRAW,
    EMPTY,
    FIRST,
    FIRST_KING,
    FIRST_MAN,
    SECOND,
    SECOND_KING,
    SECOND_MAN,
    EngineError,
    Exact,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OptionError,
    Outcome,
    Termination,
    Verdict,
    bit_indices,
    cells_from_masks,
    owner_of,
)
from engine.perft import perft
from engine.spec import ALL_LEVELS, LEVELS, PERFECT, EndgameSolve, Evaluator, GameSpec, OptionSpec, Oracle

__all__ = [
    "ALL_LEVELS",
    "DRAW",
    "EMPTY",
    "FIRST",
    "FIRST_KING",
    "FIRST_MAN",
    "LEVELS",
    "PERFECT",
    "SECOND",
    "SECOND_KING",
    "SECOND_MAN",
    "EndgameSolve",
    "EngineError",
    "Evaluator",
    "Exact",
    "GameOverError",
    "GameSpec",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "OptionError",
    "OptionSpec",
    "Oracle",
    "Outcome",
    "Termination",
    "Verdict",
    "bit_indices",
    "cells_from_masks",
    "owner_of",
]  # fmt: skip


class GameState(ABC):
    """A position plus its history. Subclasses implement the abstract methods."""

    spec: ClassVar[GameSpec]
    move_type: ClassVar[type]  # the game's move NamedTuple, for checked play

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options: dict[str, Any] = dict(options)
        self.history: list[Any] = []  # moves played, oldest first
        self._reps: dict[int, int] = {}  # position key -> times seen in this game

    # ----- repetition bookkeeping, for games whose positions can recur -------
    def _note_position(self) -> None:
        """Count the current position (after a push, and once for the start)."""
        key = self.key()
        self._reps[key] = self._reps.get(key, 0) + 1

    def _forget_position(self) -> None:
        """Uncount the current position (before a pop undoes it)."""
        key = self.key()
        count = self._reps[key] - 1
        if count:
            self._reps[key] = count
        else:
            del self._reps[key]

    def repetitions(self) -> int:
        """How many times the current position has occurred in this game."""
        return self._reps.get(self.key(), 0)

    # ----- the rules -------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int:
        """The player whose turn it is (FIRST or SECOND)."""

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """Every legal whole-turn move; empty exactly when the game is over."""

    @abstractmethod
    def push(self, move: Any) -> None:
        """Play a move without checking it."""

    @abstractmethod
    def pop(self) -> Any:
        """Undo the last move and return it."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def key(self) -> int:
        """Exact position key: board, side to move and pieces in hand."""

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """Read a move in notation; raises InvalidMoveError. Legality is not checked."""

    @abstractmethod
    def board(self) -> tuple[int, ...]:
        """Cell contents (EMPTY, FIRST_MAN, ...) indexed like `move.steps`."""

    # ----- helpers with default implementations ----------------------------
    def count_legal_moves(self) -> int:
        """Number of legal moves; games override it with a faster count (perft)."""
        return len(self.legal_moves())

    def perft(self, depth: int) -> int:
        """Number of legal move sequences of `depth` moves from here (rules regression).

        Games whose future does not depend on history (Othello) override it with a
        memoized count."""
        return perft(self, depth)

    def is_capture(self, move: Any) -> bool:
        """Whether a move takes material (the search tries those first)."""
        return False

    def in_hand(self, player: int) -> int:
        """Pieces a player still has to place (0 in games without placement)."""
        return 0

    def why_illegal(self, move: Any) -> str | None:
        """None if the move is legal, else a reason a player can read."""
        if self.outcome() is not None:
            return "the game is over"
        if move in self.legal_moves():
            return None
        return f"{move} is not a legal move here"

    def play(self, move: Any) -> Any:
        """Checked play: parse text if needed, refuse illegal moves, keep state on error."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, self.move_type):
            raise InvalidMoveError(f"{move!r} is not a {self.spec.title} move")
        reason = self.why_illegal(move)
        if reason is not None:
            if self.outcome() is not None:
                raise GameOverError("the game is over")
            raise IllegalMoveError(reason)
        self.push(move)
        return move

    def play_all(self, moves: Sequence[Any]) -> None:
        """Checked play of a sequence; on error the state is as before the call."""
        done = 0
        try:
            for move in moves:
                self.play(move)
                done += 1
        except EngineError as error:
            for _ in range(done):
                self.pop()
            raise IllegalMoveError(f"move {done + 1} ({moves[done]}): {error}") from None

    def undo(self) -> Any:
        """Checked undo for front ends: `pop` with a clear error when nothing was played."""
        if not self.history:
            raise EngineError("there is no move to undo")
        return self.pop()

    @property
    def ply(self) -> int:
        return len(self.history)

    def copy(self) -> GameState:
        """An independent state with the same options and history."""
        other = self.spec.factory(self.options)
        for move in self.history:
            other.push(move)
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.spec.id,
            "options": dict(self.options),
            "moves": [str(m) for m in self.history],
        }

    def render(self) -> str:
        """A plain-text picture of the position for the console."""
        return " ".join(str(c) for c in self.board())
