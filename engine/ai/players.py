"""The three levels, all built on the one search.

- easy: random, except that it always takes a win in one, else a removal in one.
- medium: a depth-2 search (so it parries an immediate mill threat), then a random
  pick among the moves within MEDIUM_MARGIN of the best.
- hard: iterative deepening under a time budget (HARD_MOVETIME, `movetime` overrides).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai.evaluation import evaluator_for
from engine.ai.search import INFINITY, Searcher
from engine.core import GameOverError, GameState

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")

HARD_MOVETIME = 1.0  # seconds a hard move may take by default
MEDIUM_DEPTH = 2
MEDIUM_MARGIN = 200  # medium picks among moves scoring within this of the best
SEARCHER_MAX_GAMES = 6  # searchers kept (one per game id and level), each with a bounded table


@dataclass(frozen=True)
class Choice:
    """A level's decision and what the search did to reach it."""

    move: Any
    score: int = 0
    depth: int = 0
    nodes: int = 0


_searchers: dict[str, Searcher] = {}


def searcher_for(game_id: str, level: str = "hard") -> Searcher:
    """A searcher per game and level, kept between moves so its tables stay useful."""
    name = f"{game_id}/{level}"
    searcher = _searchers.get(name)
    if searcher is None:
        if len(_searchers) >= SEARCHER_MAX_GAMES:
            _searchers.clear()
        searcher = _searchers[name] = Searcher(evaluator_for(game_id))
    return searcher


def forget_games() -> None:
    """Drop every table (a new game starts; memory back to nothing)."""
    _searchers.clear()


def analyse(
    state: GameState,
    level: str,
    *,
    rng: random.Random | None = None,
    movetime: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> Choice:
    """The move `level` plays in `state` and how it was found (the state is unchanged)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
    if movetime is not None and not movetime > 0:
        raise ValueError(f"movetime must be a positive number of seconds, not {movetime!r}")
    moves = state.legal_moves()
    if not moves:
        raise GameOverError("the game is over")
    rng = rng or random.Random()
    if level == "easy":
        return Choice(_easy(state, moves, rng), nodes=len(moves))
    if level == "medium":
        return _medium(state, moves, rng, stop)
    return _hard(state, moves, movetime or HARD_MOVETIME, stop)


def _easy(state: GameState, moves: list[Any], rng: random.Random) -> Any:
    mover = state.to_move
    wins = []
    for move in moves:
        state.push(move)
        outcome = state.outcome()
        state.pop()
        if outcome is not None and outcome.winner == mover:
            wins.append(move)
    if wins:
        return rng.choice(wins)
    captures = [m for m in moves if state.is_capture(m)]
    return rng.choice(captures or moves)


def _medium(
    state: GameState, moves: list[Any], rng: random.Random, stop: Callable[[], bool] | None
) -> Choice:
    searcher = searcher_for(state.spec.id, "medium")
    scored = searcher.score_moves(state, moves, MEDIUM_DEPTH, stop=stop)
    best = max(score for _, score in scored)
    # Near-best moves only, and never a move that loses more than the margin.
    candidates = [m for m, score in scored if score >= best - MEDIUM_MARGIN]
    return Choice(rng.choice(candidates), best, MEDIUM_DEPTH, searcher.nodes)


def _hard(
    state: GameState, moves: list[Any], movetime: float, stop: Callable[[], bool] | None
) -> Choice:
    searcher = searcher_for(state.spec.id)
    choice = Choice(moves[0], -INFINITY, 0, 0)
    for result in searcher.iterate(state, movetime=movetime, stop=stop):
        choice = Choice(result.move, result.score, result.depth, result.nodes)
        # Another depth would rarely fit: a depth costs several times the previous one.
        if result.elapsed > movetime * 0.5:
            break
    return choice
