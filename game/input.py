"""Building a move click by click, for any game.

Each legal move lists `steps`, the cells a player clicks in order. The builder keeps
the cells clicked so far (the prefix) and matches it against the legal moves:
a click that extends some move's steps is accepted; when the prefix is exactly one
move's steps and no longer move shares it, that move is complete. When the prefix
is itself a complete move but longer ones exist (dames capture chains), the player
stops there with `stop_here` (Enter or right click) or by clicking the last cell
again, where the moving piece now stands; otherwise a click on the last cell steps
back (Morris: deselect). Pure logic: no display.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


class ClickKind(enum.Enum):
    PARTIAL = "partial"  # accepted; more clicks needed (or Enter to stop if `can_stop`)
    COMPLETE = "complete"  # the move is built: play `move`
    DESELECTED = "deselected"  # the last clicked cell was clicked again: one step back
    # (unless the prefix is already a whole move: that click stops there, COMPLETE)
    REFUSED = "refused"  # no legal move goes this way; the prefix is unchanged


@dataclass(frozen=True)
class ClickResult:
    kind: ClickKind
    move: Any = None


class MoveBuilder:
    """The clicks of the move being entered, matched against the legal moves."""

    def __init__(self, moves: Iterable[Any] = ()) -> None:
        self._moves: list[Any] = list(moves)
        self.prefix: tuple[int, ...] = ()

    def reset(self, moves: Iterable[Any] | None = None) -> None:
        """Forget the clicks; with `moves`, also start matching a new position."""
        if moves is not None:
            self._moves = list(moves)
        self.prefix = ()

    @property
    def moves(self) -> Sequence[Any]:
        return self._moves

    def matching(self, prefix: tuple[int, ...] | None = None) -> list[Any]:
        """Legal moves whose steps start with the prefix."""
        head = self.prefix if prefix is None else prefix
        size = len(head)
        return [m for m in self._moves if tuple(m.steps[:size]) == head]

    def next_cells(self, prefix: tuple[int, ...] | None = None) -> set[int]:
        """Cells that extend the prefix towards some legal move."""
        head = self.prefix if prefix is None else prefix
        size = len(head)
        return {m.steps[size] for m in self.matching(head) if len(m.steps) > size}

    def complete_move(self, prefix: tuple[int, ...] | None = None) -> Any:
        """The legal move whose steps are exactly the prefix, or None."""
        head = self.prefix if prefix is None else prefix
        for move in self.matching(head):
            if tuple(move.steps) == head:
                return move
        return None

    @property
    def stepless_move(self) -> Any:
        """The only legal move when it has no cell to click (Othello's forced pass): any
        click or Enter plays it. None otherwise."""
        moves = self._moves
        return moves[0] if len(moves) == 1 and not moves[0].steps else None

    @property
    def can_stop(self) -> bool:
        """The prefix is a complete move although longer moves continue it."""
        return bool(self.prefix) and self.complete_move() is not None and bool(self.next_cells())

    def preview(self, cell: int) -> set[int]:
        """Where the player could go next after clicking `cell` (for hover hints)."""
        if cell not in self.next_cells():
            return set()
        return self.next_cells((*self.prefix, cell))

    def click(self, cell: int) -> ClickResult:
        """Accept, complete, step back or refuse a click on `cell`."""
        if cell in self.next_cells():
            prefix = (*self.prefix, cell)
            move = self.complete_move(prefix)
            if move is not None and not self.next_cells(prefix):
                self.prefix = ()
                return ClickResult(ClickKind.COMPLETE, move)
            self.prefix = prefix
            return ClickResult(ClickKind.PARTIAL)
        if self.prefix and cell == self.prefix[-1]:
            if self.can_stop:  # the moving piece clicked where it now stands: stop here
                return self.stop_here()
            self.prefix = self.prefix[:-1]
            return ClickResult(ClickKind.DESELECTED)
        if self.prefix and cell in self.next_cells(()) and self.next_cells((cell,)):
            # Another starting cell (say, another piece): select it instead. Never when
            # that click alone would be a whole move: a stray click while choosing a
            # removal must not play something else.
            self.prefix = (cell,)
            return ClickResult(ClickKind.PARTIAL)
        return ClickResult(ClickKind.REFUSED)

    def stop_here(self) -> ClickResult:
        """Take the shortest complete move matching the prefix (Enter, right click)."""
        if not self.prefix:
            return ClickResult(ClickKind.REFUSED)
        move = self.complete_move()
        if move is None:
            return ClickResult(ClickKind.REFUSED)
        self.prefix = ()
        return ClickResult(ClickKind.COMPLETE, move)
