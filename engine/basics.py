"""The engine's vocabulary: players, cell codes, errors, outcomes and verdicts.

Everything here is plain data shared by every game; `engine.core` re-exports it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

FIRST, SECOND = 0, 1

# Cell contents, shared by every game so a front end can draw any board.
EMPTY = 0
FIRST_MAN, SECOND_MAN, FIRST_KING, SECOND_KING = 1, 2, 3, 4


def owner_of(cell: int) -> int | None:
    """The player owning a cell's piece, or None for an empty cell."""
    if cell == EMPTY:
        return None
    return FIRST if cell in (FIRST_MAN, FIRST_KING) else SECOND


def bit_indices(mask: int) -> list[int]:
    """Indices of the set bits of a board mask, lowest first."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def cells_from_masks(first: int, second: int, count: int) -> tuple[int, ...]:
    """`board()` of a game of plain men held as one mask per player."""
    return tuple(
        FIRST_MAN if first >> i & 1 else SECOND_MAN if second >> i & 1 else EMPTY for i in range(count)
    )


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class InvalidMoveError(EngineError):
    """The text is not a move in this game's notation."""


class IllegalMoveError(EngineError):
    """The move is well formed but not legal in this position; `refusal` says why as data."""

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class GameOverError(EngineError):
    """A move was asked for a finished game."""


class OptionError(EngineError):
    """Unknown game id or invalid game options."""


class PositionError(EngineError):
    """A position text that is not a position of this game."""


# Parameters of refusals and prompts that hold a cell index (front ends show the cell's
# name) or a player index (shown as the player's name); every other one is a number.
CELL_PARAMS = frozenset({"cell", "src", "over"})
PLAYER_PARAMS = frozenset({"player", "opponent"})


@dataclass(frozen=True)
class _Message:
    """A message as data: a code, the cells involved (to highlight) and the parameters of
    its text (see CELL_PARAMS and PLAYER_PARAMS), read-only and hashable."""

    code: str
    cells: tuple[int, ...] = ()
    params: Mapping[str, int | str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __hash__(self) -> int:
        return hash((self.code, self.cells, tuple(sorted(self.params.items()))))


@dataclass(frozen=True, eq=False)
class Refusal(_Message):
    """Why a move or a click is refused; its text is the game's message `refuse_<code>`."""

    @classmethod
    def at(cls, code: str, cell: int, **params: int) -> Refusal:
        """A refusal about `cell` (its text's {cell}), with more cells named by `params`."""
        return cls(code, (cell, *params.values()), {"cell": cell, **params})


@dataclass(frozen=True, eq=False)
class Prompt(_Message):
    """What the player to move does next; its text is the game's message `prompt_<code>`."""


class Termination(enum.StrEnum):
    """Why a game ended. The value is the stable name used in saves."""

    FEWER_THAN_THREE = "fewer_than_three"  # Morris: down to two pieces
    BLOCKED = "blocked"  # the player to move has no legal move
    BOARD_FULL = "board_full"  # twelve: board full, nobody can move
    REPETITION = "repetition"  # threefold repetition
    NO_REMOVAL_LIMIT = "no_removal_limit"  # Morris: 100 moving plies without a removal
    ALIGNMENT = "alignment"  # Teeko: four in a row or a square
    NO_PIECES = "no_pieces"  # dames: no piece left
    DISC_COUNT = "disc_count"  # Othello: neither side can move, discs counted
    AGREEMENT = "agreement"  # both players agreed a draw (the game record's, not the rules')


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (None for a draw) and the reason."""

    winner: int | None
    reason: Termination

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        winner = data.get("winner")
        if winner not in (None, FIRST, SECOND) or isinstance(winner, bool):
            raise EngineError(f"bad winner {winner!r}")
        try:
            reason = Termination(str(data.get("reason")))
        except ValueError:
            raise EngineError(f"bad reason {data.get('reason')!r}") from None
        return cls(winner, reason)


# A draw the players agreed: the rules never give it, so a game's record (a session, a
# save) carries it beside the moves.
AGREED_DRAW = Outcome(None, Termination.AGREEMENT)


class Move(Protocol):
    """What every game's move type offers (they are small frozen NamedTuples)."""

    @property
    def steps(self) -> tuple[int, ...]: ...

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...



class Verdict(NamedTuple):
    """A result with perfect play: kind 'W' (wins), 'L' (loses) or 'D' (draw), in n plies."""

    kind: str
    n: int = 0

    def __str__(self) -> str:
        return "D" if self.kind == "D" else f"{self.kind}{self.n}"

    def after_move(self) -> Verdict:
        """The mover's verdict of a move whose resulting position (opponent to move) is self."""
        if self.kind == "D":
            return DRAW
        return Verdict("L" if self.kind == "W" else "W", self.n + 1)


DRAW = Verdict("D", 0)


@dataclass(frozen=True)
class Exact:
    """A position's value for the side to move with perfect play: 'W', 'D' or 'L', with
    the plies to the end where the game counts them (a solved database) or the final
    margin where it counts that (Othello's disc difference), else None; and the move
    that keeps it, in notation, when the solver found it on the way."""

    kind: str
    plies: int | None = None
    margin: int | None = None
    best: str | None = None

    def __str__(self) -> str:
        if self.margin is not None:
            return f"{self.kind}{self.margin:+d}"
        return self.kind if self.plies is None or self.kind == "D" else f"{self.kind}{self.plies}"

    def for_mover(self) -> Exact:
        """The same value seen by the player who moved into this position."""
        flipped = {"W": "L", "L": "W", "D": "D"}[self.kind]
        plies = None if self.plies is None else self.plies + 1
        return Exact(flipped, plies, None if self.margin is None else -self.margin)  # not the mover's move

    def rank(self) -> tuple[int, int]:
        """An order of values for the side they belong to: a win beats a draw beats a loss;
        then the wider margin, the faster win, the slower loss."""
        kind = {"W": 2, "D": 1, "L": 0}[self.kind]
        if self.margin is not None:
            return kind, self.margin
        if self.plies is None or self.kind == "D":
            return kind, 0
        return kind, -self.plies if self.kind == "W" else self.plies

    def at_least_as_good(self, other: Exact) -> bool:
        """Within one kind: the fastest win, the slowest loss, the widest margin."""
        if self.margin is not None and other.margin is not None:
            return self.margin >= other.margin
        if self.plies is None or other.plies is None or self.kind == "D":
            return True
        return self.plies <= other.plies if self.kind == "W" else self.plies >= other.plies
