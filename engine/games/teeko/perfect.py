"""The `perfect` Teeko level: plays from the solved database (database.py beside it).

- Won: the fastest win (the distance falls by two at each of its moves, so no position
  of the win can repeat and the repetition rule cannot stop it); among equally fast
  wins, a move into a position not seen before in this game.
- Drawn: a drawing move, and among those the one that leaves the opponent the most
  losing replies (the most ways to go wrong). A drawing move never loses under the
  engine's actual rule either: threefold repetition only ends games drawn.
- Lost: the longest resistance; among equally long ones, the one leaving the opponent
  the fewest winning replies. A move that draws by threefold repetition beats any loss.
Ties are broken by the caller's random generator, so games vary.
"""

from __future__ import annotations

import random

from engine.core import GameOverError, GameState, Verdict
from engine.games.teeko.database import TeekoDatabase, database
from engine.games.teeko.rules import TeekoMove, TeekoState
from engine.games.teeko.verdicts import move_verdict


def _value(verdict: Verdict) -> int:
    """Orders verdicts for the mover: faster wins first, then draws, then slower losses
    (a stored distance is below 256, so the bands never overlap)."""
    if verdict.kind == "W":
        return 1000 - verdict.n
    if verdict.kind == "L":
        return verdict.n - 1000
    return 0


def _replies_of_kind(state: TeekoState, move: TeekoMove, kind: str, db: TeekoDatabase) -> int:
    """How many opponent replies after `move` have verdict `kind` for the opponent."""
    state.push(move)
    try:
        return sum(move_verdict(state, reply, db).kind == kind for reply in state.legal_moves())
    finally:
        state.pop()


def _is_new_position(state: TeekoState, move: TeekoMove) -> bool:
    state.push(move)
    try:
        return state.repetitions() == 1
    finally:
        state.pop()


def perfect_move(state: GameState, rng: random.Random | None = None) -> tuple[TeekoMove, Verdict]:
    """The move the perfect level plays and its verdict (the state is unchanged).

    Raises DatabaseError when the database cannot be read, GameOverError when over."""
    if not isinstance(state, TeekoState):
        raise ValueError(f"the perfect level plays Teeko only, not {state.spec.id}")
    rng = rng or random.Random()
    db = database()
    scored = [(move, move_verdict(state, move, db)) for move in state.legal_moves()]
    if not scored:
        raise GameOverError("the game is over")
    best = max(_value(v) for _, v in scored)
    candidates = [m for m, v in scored if _value(v) == best]
    kind = next(v for m, v in scored if m == candidates[0]).kind
    if kind == "W":
        fresh = [m for m in candidates if _is_new_position(state, m)]
        candidates = fresh or candidates
    elif len(candidates) > 1:
        # Draw: most losing replies for the opponent. Loss: fewest winning replies.
        wanted, sign = ("L", 1) if kind == "D" else ("W", -1)
        counts = {m: sign * _replies_of_kind(state, m, wanted, db) for m in candidates}
        top = max(counts.values())
        candidates = [m for m in candidates if counts[m] == top]
    move = rng.choice(candidates)
    return move, next(v for m, v in scored if m == move)
