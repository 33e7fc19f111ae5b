"""What a review screen shows, without any drawing: the game reviewed ply by ply
(engine/review.py), the position under the cursor, the evaluation graph, each
player's counts and the turning points, and a retry of a move.

The cursor is a number of plies played (0 = the start, n = the final position). At a
cursor before the end, the move played from that position is the one being looked
at: its class, and on a mistake the better move, are shown on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import GameState
from engine.review import LABELS, GameReview, PlyReview

# Badge colours of the classes (LOOK.md's palette: green for good, the accent, red).
CLASS_COLOURS: dict[str, str] = {
    "best": "#7FB77E",
    "good": "#A9C7A0",
    "inaccuracy": "#E6CF6A",
    "mistake": "#E0A84E",
    "blunder": "#D9665B",
}
ERRORS = ("inaccuracy", "mistake", "blunder")
TURNING_POINTS = 3
assert set(CLASS_COLOURS) == set(LABELS)


@dataclass(frozen=True)
class RetryVerdict:
    """How a retried move compares with the engine's best: its class, and whether it
    is as good as the best (best or good)."""

    move: str
    label: str

    @property
    def as_good(self) -> bool:
        return self.label in ("best", "good")


class ReviewView:
    """A reviewed game and the cursor moving through it."""

    def __init__(self, final: GameState, plies: tuple[PlyReview, ...]) -> None:
        self.final = final
        self.moves: list[Any] = list(final.history)
        self.review = GameReview(list(plies))
        self.cursor = 0
        self.position = final.copy()
        while self.position.ply:
            self.position.pop()
        self.start_ply = 0
        self.retrying = False
        self.retry: RetryVerdict | None = None
        self.answer_shown = False

    # ----- moving through the game -------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.moves)

    def go(self, cursor: int) -> None:
        """Show the position after `cursor` plies (clamped); leaves a retry."""
        cursor = max(0, min(self.total, cursor))
        while self.position.ply > cursor:
            self.position.pop()
        while self.position.ply < cursor:
            self.position.push(self.moves[self.position.ply])
        self.cursor = cursor
        self.retrying, self.retry, self.answer_shown = False, None, False

    def step(self, delta: int) -> None:
        self.go(self.cursor + delta)

    def next_error(self, direction: int) -> None:
        """Jump to the next (or previous) move that was not the best or good."""
        index = self.cursor + direction
        while 0 <= index < self.total:
            if self.review.plies[index].label in ERRORS:
                self.go(index)
                return
            index += direction

    @property
    def looked_at(self) -> PlyReview | None:
        """The move played from the position shown (None at the final position)."""
        return self.review.plies[self.cursor] if self.cursor < self.total else None

    # ----- what the panel shows --------------------------------------------------------
    def graph(self) -> list[float]:
        """The first player's winning chances after 0..n plies."""
        points = []
        for ply in self.review.plies:
            points.append(ply.win_before if ply.mover == 0 else 1 - ply.win_before)
        if self.review.plies:
            last = self.review.plies[-1]
            points.append(last.win_after if last.mover == 0 else 1 - last.win_after)
        else:
            points.append(0.5)
        return points

    def turning_points(self) -> list[PlyReview]:
        """The game's costliest moves, both players together, in the order played."""
        errors = [p for p in self.review.plies if p.label in ERRORS]
        costliest = sorted(errors, key=lambda p: (-LABELS.index(p.label), -p.drop, p.ply))[:TURNING_POINTS]
        return sorted(costliest, key=lambda p: p.ply)

    # ----- retry ------------------------------------------------------------------------
    @property
    def can_retry(self) -> bool:
        looked = self.looked_at
        return looked is not None and looked.label in ERRORS

    def start_retry(self) -> bool:
        if not self.can_retry:
            return False
        self.retrying, self.retry, self.answer_shown = True, None, False
        return True

    def judged(self, ply: PlyReview) -> RetryVerdict:
        """The worker's review of the retried move; the retry stays open for another try."""
        self.retry = RetryVerdict(ply.move, ply.label)
        return self.retry

    def show_answer(self) -> None:
        self.answer_shown = True
