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
    AGREED_DRAW,
    CELL_PARAMS,
    DRAW,
    EMPTY,
    FIRST,
    FIRST_KING,
    FIRST_MAN,
    PLAYER_PARAMS,
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
    PositionError,
    Prompt,
    Refusal,
    Termination,
    Verdict,
    bit_indices,
    cells_from_masks,
    owner_of,
)
from engine.messages import BASE_MESSAGES, describe
from engine.perft import perft
from engine.spec import ALL_LEVELS, LEVELS, PERFECT, EndgameSolve, Evaluator, GameSpec, OptionSpec, Oracle

__all__ = [
    "AGREED_DRAW",
    "ALL_LEVELS",
    "BASE_MESSAGES",
    "CELL_PARAMS",
    "DRAW",
    "EMPTY",
    "FIRST",
    "FIRST_KING",
    "FIRST_MAN",
    "LEVELS",
    "PERFECT",
    "PLAYER_PARAMS",
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
    "PositionError",
    "Prompt",
    "Refusal",
    "Termination",
    "Verdict",
    "bit_indices",
    "cells_from_masks",
    "owner_of",
]


class GameState(ABC):
    """A position plus its history. Subclasses implement the abstract methods."""

    spec: ClassVar[GameSpec]
    move_type: ClassVar[type]  # the game's move NamedTuple, for checked play

    counts_repetitions: ClassVar[bool] = True  # False where no position can recur (Othello)
    repetition_limit: ClassVar[int] = 3  # RULES.md: threefold repetition draws, in every game

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options: dict[str, Any] = dict(options)
        self.history: list[Any] = []  # moves played, oldest first
        self._reps: dict[int, int] = {}  # position key -> times seen in this game
        self._start: str | None = None  # the position text of a set-up start, else None

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

    def seen_at_least(self, times: int) -> set[int]:
        """Keys of the positions of this game (the current one included) seen `times`
        times or more."""
        return {key for key, seen in self._reps.items() if seen >= times}

    def repetition_draws(self) -> set[int]:
        """Keys of the positions whose next occurrence draws by repetition."""
        return self.seen_at_least(self.repetition_limit - 1)

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

    def table_key(self, key: int, reach: int) -> int:
        """The transposition table's key for this position (whose `key()` is `key`) in a
        search whose lines from here run at most `reach` plies. `key` itself, unless such
        a line can meet a move-count draw (Morris's plies without a removal): then the
        count is part of it, as the same board nearer that draw scores otherwise."""
        return key

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

    # ----- why a move or a click is refused, what to do next (data, not text) ----
    def cell_name(self, cell: int) -> str:
        """A cell's name in the game's notation (games override it)."""
        return str(cell)

    def refusal(self, move: Any) -> Refusal | None:
        """None if the move is legal, else why not as a `Refusal` (games say more)."""
        if self.outcome() is not None:
            return Refusal("game_over")
        if move in self.legal_moves():
            return None
        return Refusal("illegal", tuple(getattr(move, "steps", ())), {"move": str(move)})

    def why_illegal(self, move: Any) -> str | None:
        """None if the move is legal, else the refusal's English text."""
        refusal = self.refusal(move)
        return None if refusal is None else self.describe(refusal)

    def describe(self, item: Refusal | Prompt) -> str:
        """The English text of a refusal or prompt, from the game's message table."""
        return describe(item, self.spec.messages, self.cell_name, self.spec.player_names)

    def click_refusal(self, prefix: Sequence[int], cell: int) -> Refusal | None:
        """Why no legal move continues the clicked cells `prefix` with `cell`; None when
        one does. `move.steps` are the clicks, so any front end can ask this."""
        if self.outcome() is not None:
            return Refusal("game_over")
        if not 0 <= cell < len(self.board()):
            return Refusal("no_such_cell")
        wanted = (*prefix, cell)
        if any(tuple(m.steps[: len(wanted)]) == wanted for m in self.legal_moves()):
            return None
        return self._click_reason(tuple(prefix), cell)

    def _click_reason(self, prefix: tuple[int, ...], cell: int) -> Refusal:
        """The game's reason for a refused click (`click_refusal` checked the rest)."""
        return Refusal("no_move", (cell,), {"cell": cell})

    def prompt(self, prefix: Sequence[int] = ()) -> Prompt:
        """What the player to move does next after the clicks `prefix`."""
        if self.outcome() is not None:
            return Prompt("game_over")
        return self._prompt(tuple(prefix))

    def _prompt(self, prefix: tuple[int, ...]) -> Prompt:
        return Prompt("continue" if prefix else "turn", prefix, {"player": self.to_move})

    def formed_lines(self) -> tuple[int, ...]:
        """Cells of the lines the last move completed (Morris mills, Teeko's four), sorted."""
        return ()

    def play(self, move: Any) -> Any:
        """Checked play: parse text if needed, refuse illegal moves, keep state on error."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, self.move_type):
            raise InvalidMoveError(f"{move!r} is not a {self.spec.title} move")
        refusal = self.refusal(move)
        if refusal is not None:
            if self.outcome() is not None:
                raise GameOverError("the game is over")
            raise IllegalMoveError(self.describe(refusal), refusal)
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
            refusal = error.refusal if isinstance(error, IllegalMoveError) else None
            raise IllegalMoveError(f"move {done + 1} ({moves[done]}): {error}", refusal) from None

    def undo(self) -> Any:
        """Checked undo for front ends: `pop` with a clear error when nothing was played."""
        if not self.history:
            raise EngineError("there is no move to undo")
        return self.pop()

    @property
    def ply(self) -> int:
        return len(self.history)

    # ----- positions (each game documents its text format) -------------------
    @abstractmethod
    def position(self) -> str:
        """The position as text (board, side to move, hands, counters): `load_position`
        reads it back exactly. History and repetition counts are not part of it."""

    @abstractmethod
    def _set_position(self, text: str) -> None:
        """Parse `text` and replace the position and undo stacks, or raise PositionError
        leaving the state unchanged (parse everything before assigning anything)."""

    def load_position(self, text: str) -> None:
        """Replace the position by a position text; the history starts afresh from it."""
        if not isinstance(text, str) or len(text) > 2000 or not text.isprintable():
            raise PositionError(f"{self.spec.title}: a position is one short line of text")
        self._set_position(text.strip())
        self.history.clear()
        self._reps.clear()
        if self.counts_repetitions:
            self._note_position()
        standard = self.spec.factory(self.options).position()
        self._start = None if self.position() == standard else self.position()

    @property
    def start_position(self) -> str | None:
        """The position the game was set up from, or None for the standard start."""
        return self._start

    def copy(self) -> GameState:
        """An independent state with the same options, position, history and undo stacks.

        Copies the state's own containers (one level deep: the moves and undo records
        in them are never changed in place) instead of replaying the history."""
        other = object.__new__(type(self))
        for name, value in vars(self).items():
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            setattr(other, name, value)
        return other

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.spec.id, "options": dict(self.options)}
        if self._start is not None:
            data["start"] = self._start
        data["moves"] = [str(m) for m in self.history]
        return data

    def render(self) -> str:
        """A plain-text picture of the position for the console."""
        return " ".join(str(c) for c in self.board())
