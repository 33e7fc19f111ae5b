"""The search's vocabulary: score scale, results, bound types and small helpers
(kept apart from engine/ai/search.py, which holds the tree itself)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import GameState

MATE = 1_000_000  # score of a win at the root; a win at ply n is MATE - n
MATE_BOUND = MATE - 1_000  # scores beyond this are mate scores
INFINITY = MATE + 1
DRAW = 0
EXACT, LOWER, UPPER = 0, 1, 2  # transposition-table bound types
# The graph history interaction: a repetition draws by the path that reached it, so a
# node whose subtree returned to a node above it on the path (its searcher's lowest such
# ply; NO_RETURN for none, or for a return to the game's history, the same on any path)
# stores its best move at PATH_DEPENDENT_DEPTH, which no probe (at depth 1 or more)
# takes as a score: only the move ordering reuses it.
NO_RETURN = 1 << 30
PATH_DEPENDENT_DEPTH = 0

Evaluator = Callable[[GameState], int]
Extension = Callable[[GameState], bool]


@dataclass(frozen=True)
class SearchResult:
    """What one completed depth of iterative deepening found."""

    move: Any
    score: int
    depth: int
    nodes: int
    pv: tuple[Any, ...]
    elapsed: float

    @property
    def is_mate(self) -> bool:
        return abs(self.score) >= MATE_BOUND


class SearchAborted(Exception):
    """Raised inside the tree when a limit is reached; caught by `iterate`."""


def state_path_keys(state: GameState) -> list[int]:
    """Keys of the positions before the current one (the game's own history), the
    latest first."""
    keys: list[int] = []
    undone = []
    try:
        while state.history:
            undone.append(state.pop())
            keys.append(state.key())
    finally:
        for move in reversed(undone):
            state.push(move)
    return keys


def principal_variation(
    state: GameState, first: Any, limit: int, table_move: Callable[[int], Any]
) -> tuple[Any, ...]:
    """The expected line: `first`, then the table's move at each position reached
    (`table_move(table key)`), while it is legal and the line does not repeat."""
    line = [first]
    state.push(first)
    seen = {state.key()}
    try:
        while len(line) < limit:
            key = state.key()  # a node that a line could take to a move-count draw is
            move = table_move(state.table_key(key, limit))  # kept under a key of its own
            if move is None:
                move = table_move(key)
            if move is None or move not in state.legal_moves():
                break
            state.push(move)
            line.append(move)  # every move of the line is on the state: popped below
            if state.key() in seen:
                break
            seen.add(state.key())
    finally:
        for _ in line:
            state.pop()
    return tuple(line)


def to_tt(score: int, ply: int) -> int:
    """Mate scores relative to this node, so they stay true wherever the node recurs."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def table_cutoff(entry: tuple[int, int, int, Any], depth: int, alpha: int, beta: int, ply: int) -> int | None:
    """The score a table entry (depth, score, bound, move) settles at a node of `depth`
    and window (alpha, beta): searched as deep, and exact or a bound outside the
    window; else None."""
    e_depth, e_score, e_bound, _ = entry
    if e_depth < depth:
        return None
    score = from_tt(e_score, ply)
    if e_bound == EXACT or (e_bound == LOWER and score >= beta) or (e_bound == UPPER and score <= alpha):
        return score
    return None


def from_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


def win_probability(score: int, scale: float) -> float:
    """The logistic curve from an evaluation to a win probability; a draw scores 0.5
    (`scale`: the game's `review_scale`, calibrated on self-play)."""
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / scale))
