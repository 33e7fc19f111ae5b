"""Move-by-move verdicts from the solved Teeko database, for the hint, replays and `analyze`.

A move's verdict counts the plies to the end of the game including the move itself:
`W1` wins at once, `L2` lets the opponent win at once, `D` keeps a draw with perfect
play. The database treats cycles as draws; the one place the actual repetition rule
shows is a move that makes a position occur the third time: it ends the game drawn at
once, so its verdict is `D` whatever the database says.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import DRAW, GameState, Verdict
from engine.games.teeko.database import TeekoDatabase, database
from engine.games.teeko.rules import TeekoMove, TeekoState


def _teeko(state: GameState) -> TeekoState:
    if not isinstance(state, TeekoState):
        raise TypeError(f"verdicts exist for Teeko only, not {state.spec.id}")
    return state


def position_verdict(state: GameState, db: TeekoDatabase | None = None) -> Verdict:
    """The verdict for the side to move (a finished game: L0 lost, D drawn)."""
    teeko = _teeko(state)
    outcome = teeko.outcome()
    if outcome is not None:
        return DRAW if outcome.winner is None else Verdict("L", 0)
    side = teeko.to_move
    return (db or database()).value(teeko.occupied(side), teeko.occupied(1 - side))


def move_verdict(state: TeekoState, move: TeekoMove, db: TeekoDatabase) -> Verdict:
    """The verdict of one legal move for the player making it (state unchanged)."""
    side = state.to_move
    state.push(move)
    try:
        if state.repetitions() >= 3:  # RULES: threefold repetition ends the game drawn
            return DRAW
        return db.value(state.occupied(1 - side), state.occupied(side)).after_move()
    finally:
        state.pop()


def verdicts(state: GameState) -> dict[TeekoMove, Verdict]:
    """Every legal move with its verdict, in the order of `legal_moves()` (empty when over)."""
    teeko = _teeko(state)
    db = database()
    return {move: move_verdict(teeko, move, db) for move in teeko.legal_moves()}


def decisive_ply(moves: Sequence[TeekoMove | str], start: str | None = None) -> int | None:
    """Index of the first move that turned a drawn position into a lost one for its mover.

    The moves are played from the start, or from the position text `start` (checked:
    IllegalMoveError on a bad list). None when no move did (the game stayed drawn)."""
    state = TeekoState({})
    if start is not None:
        state.load_position(start)
    db = database()
    for index, move in enumerate(moves):
        before = position_verdict(state, db)
        state.play(move)
        after = position_verdict(state, db)
        if before.kind == "D" and after.kind == "W":
            return index
    return None
