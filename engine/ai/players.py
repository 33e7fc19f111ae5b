"""The three levels, all built on the one search.

- easy: random, except that it always takes a win in one, else a removal in one.
- medium: a depth-2 search (so it parries an immediate mill threat), then a random
  pick among the moves within MEDIUM_MARGIN of the best.
- hard: iterative deepening under a time budget (HARD_MOVETIME, `movetime` overrides),
  stretched up to PANIC_FACTOR times when the score falls (`falling`), is already
  low (`pressed`) or the opening book has just run out (`left_book`);
  first the game's opening book (`spec.opening`: a move chosen offline by a much deeper
  search), then an exact endgame solve (`spec.endgame`), where the spec has them.
  Easy and medium never read the book: it would only make them stronger.
- perfect: the move of the game's oracle (`spec.oracle`), for games that have one.
Every part comes from the game's `GameSpec`; this module knows no game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai.helpers import pool_for
from engine.ai.search import INFINITY, MATE, MATE_BOUND, Searcher
from engine.ai.search_basics import state_path_keys, win_probability
from engine.core import ALL_LEVELS, LEVELS, PERFECT, EngineError, GameOverError, GameSpec, GameState, Verdict

__all__ = ["ALL_LEVELS", "LEVELS", "PERFECT", "Choice", "analyse", "book_choice"]


HARD_MOVETIME = 1.0  # seconds a hard move may take by default
PANIC_FACTOR = 3.0  # a falling score may stretch a hard move's time this many times
# A fall of this much in winning chances is one (the evaluation read as a probability
# through the game's calibrated `review_scale`): a fall of 300 at equality in Morris,
# but not the swings of a won position, +8000 to +7600.
PANIC_DROP = 0.025
# Without a panic, a depth under way is given up at this share of the budget. The table
# kept from the last move hands back its depths at once, and the next one rarely ends
# in the budget: given up at the budget itself, most moves took exactly the budget.
SOFT_SHARE = 0.9
# Time by the best move's stability (Stockfish's best-move changes: up to 1.5 times the
# budget after a depth that changed the move) was tried in session 22: simulated on
# per-depth traces it gave away less on the suite of lost Morris positions, but hard
# itself made 22 mistakes there against 21 without; the falling-score stretch already
# gives those positions about twice the budget (median 2.15 s a move).
PANIC_FROM_DEPTH = 3  # shallower scores swing too much to mean anything
# Nor is depth 1's score a reference (one move, then the static evaluation): in session
# 21's logged Morris games, 282 of 418 stretches compared depth 3 with depth 1, 214 of
# them with no fall against the side's previous move, and drawn games thought 1.5-1.8 s
# a move. So a shallower depth counts from this depth on; the previous move from
# PANIC_FROM_DEPTH.
SHALLOWER_FROM_DEPTH = 3
# A side already this far behind (winning chances, through `review_scale`) thinks with
# the stretched time from the start (`pressed`): its losses come from such positions,
# and there more time keeps more of them. Morris: a score of -2,500, about 2.5 pieces;
# hard's moves into a lost game in tools/data/morris_suite.jsonl all score -4,900 or
# less. Warm suite (session 24, `morris_suite run hard:1.0 --warm 4`), 88 positions,
# twice without: 26 and 28 mistakes, 9 and 10 into a lost game, mean given 166 and 185
# (median 2.1-2.2 s a move); with, twice: 21, 4 and 83, then 21, 5 and 99 (2.2-2.3 s);
# at 0.35, 21, 5 and 99 (2.35 s); stretched to 4.5 times instead of PANIC_FACTOR, 20,
# 7 and 129 (2.86 s): no better. With warm tables and no fall, those moves got the
# plain second. In play the thought moves' median stays 0.90 s: this far behind is rare.
PRESSED_CHANCE = 0.27
# A side's first turn out of its opening book thinks with the stretched time from the
# start, as a pressed side does. The books end where their builders stopped looking,
# and hard's first move after them is its most error-prone: millref at depth 14 scored
# hard's first thought moves after the book in its won games of session 45 (seeds
# 6226-6235, 172 positions, `--warm 2`): at 1 s, 17 mistakes (25 hundredths of a piece
# or more; mean given 51.5, twice the same); stretched, 11 (mean 6.6, twice), at a
# median 2.0 s a move (tools/morris_suite.py exits). Its 2nd and 3rd turns after the
# book (336 positions) stretched too: 15 mistakes, as at 1 s (mean given 12.3 against
# 28.7: forced wins found, not losses avoided), for twice the time: not worth it.
BOOK_EXIT_TURNS = 1
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


def searcher_for(
    spec: GameSpec, level: str = "hard", *, reductions: bool | None = None, own_search: bool = True
) -> Searcher:
    """A searcher per game and level, kept between moves so its tables stay useful;
    `reductions` applies to a searcher made now (None: as the evaluation says). Hard
    thinks with the game's own search (`spec.search`) where it has one, unless
    `own_search` is False or helper processes share a table (the shared search's)."""
    name = f"{spec.id}/{level}"
    searcher = _searchers.get(name)
    if searcher is None or searcher.evaluate is not spec.evaluate:
        if len(_searchers) >= SEARCHER_MAX_GAMES:
            release(_searchers)
        if searcher is not None:
            release({name: searcher})
        # Hard thinks with helper processes on the other cores (Lazy SMP), sharing a table.
        helpers = pool_for() if level == "hard" else None
        table = None if helpers is None else helpers.table
        if level == "hard" and own_search and spec.search is not None and table is None:
            searcher = spec.search(spec.evaluate, reductions=reductions)
        else:
            # Below hard, a search too shallow to see a threefold repetition coming
            # counts every earlier position a draw, and shuttles less.
            shallow = level != "hard"
            searcher = Searcher(spec.evaluate, reductions=reductions, table=table, any_return_draws=shallow)
        searcher.helpers = helpers
        _searchers[name] = searcher
    return searcher


def release(searchers: dict[str, Searcher]) -> None:
    """Stop the helpers of these searchers and forget them (`searchers` is emptied)."""
    for searcher in searchers.values():
        if searcher.helpers is not None:
            searcher.helpers.close()
            searcher.helpers = None
            searcher.shared = None
    searchers.clear()


def verdict_score(verdict: Verdict) -> int:
    """A search-style score: MATE - n for a win in n, -(MATE - n) for a loss in n, 0 for a draw."""
    if verdict.kind == "W":
        return MATE - verdict.n
    if verdict.kind == "L":
        return verdict.n - MATE
    return 0


def forget_games() -> None:
    """Drop every table and stop every helper (a new game starts; memory back to nothing)."""
    release(_searchers)


def analyse(
    state: GameState,
    level: str,
    *,
    rng: random.Random | None = None,
    movetime: float | None = None,
    stop: Callable[[], bool] | None = None,
) -> Choice:
    """The move `level` plays in `state` and how it was found (the state is unchanged)."""
    offered = state.spec.levels
    if level not in offered:
        raise ValueError(f"unknown level {level!r} (choose from {', '.join(offered)})")
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
    if level == PERFECT:
        return _perfect(state, moves, rng, movetime, stop)
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
    searcher = searcher_for(state.spec, "medium")
    scored = searcher.score_moves(state, moves, MEDIUM_DEPTH, stop=stop)
    best = max(score for _, score in scored)
    # Near-best moves only, and never a move that loses more than the margin.
    candidates = [m for m, score in scored if score >= best - MEDIUM_MARGIN]
    return Choice(rng.choice(candidates), best, MEDIUM_DEPTH, searcher.nodes)


def _perfect(
    state: GameState,
    moves: list[Any],
    rng: random.Random,
    movetime: float | None,
    stop: Callable[[], bool] | None,
) -> Choice:
    oracle = state.spec.oracle
    if oracle is None:  # the spec's validation keeps `perfect` to games with an oracle
        return _hard(state, moves, movetime or HARD_MOVETIME, stop)
    try:
        move, verdict = oracle.perfect_move(state, rng)
    except EngineError:  # a damaged or missing database: play the best search instead
        return _hard(state, moves, movetime or HARD_MOVETIME, stop)
    return Choice(move, verdict_score(verdict), verdict.n, len(moves))


def book_choice(state: GameState, moves: list[Any]) -> Choice | None:
    """The opening book's move, if the spec has a book, the state is in it and the
    move is legal here (a book is data from a file: never trusted blindly)."""
    opening = state.spec.opening
    if opening is None:
        return None
    found = opening(state)
    if found is None:
        return None
    move, score, depth = found
    if move not in moves:
        return None
    return Choice(move, score, depth, 0)


def _hard(state: GameState, moves: list[Any], movetime: float, stop: Callable[[], bool] | None) -> Choice:
    booked = book_choice(state, moves)
    if booked is not None:
        return booked
    solve = state.spec.endgame
    if solve is not None:
        start = time.perf_counter()
        solved = solve(state, movetime, stop)
        if solved is not None:
            return Choice(*solved)
        # The solve gave up: search with the time left (never less than a share).
        movetime = max(movetime * 0.3, movetime - (time.perf_counter() - start))
    return _think(state, moves, movetime, stop)


def _think(state: GameState, moves: list[Any], movetime: float, stop: Callable[[], bool] | None) -> Choice:
    """Iterative deepening for `movetime`, or up to PANIC_FACTOR times longer when the
    score falls (time extension on a failing score, as chess engines do) or the book
    has just run out (BOOK_EXIT_TURNS): a score losing PANIC_DROP of winning chances
    against two depths before or against this side's previous move is the search
    discovering a threat, and the moment a block or a lost piece can still be parried;
    a few more plies there pay most. The best move falling under the aspiration window
    counts as soon as it is scored again (the search's `failed_low`), before its depth
    ends: else a cut-off depth hands back whichever move had beaten the fallen one so
    far."""
    searcher = searcher_for(state.spec)
    start = time.perf_counter()
    soft_deadline = start + movetime * SOFT_SHARE
    scale = state.spec.review_scale
    earlier_keys = state_path_keys(state)  # one ply back first
    earlier = searcher.root_scores.get(earlier_keys[1]) if len(earlier_keys) > 1 else None
    panic = (earlier is not None and pressed(earlier, PANIC_FROM_DEPTH, scale)) or left_book(state)

    def stopped() -> bool:
        nonlocal panic
        failed = searcher.failed_low  # a root fail-low: the fall shows before the depth ends
        if not panic and failed is not None:
            panic = falling(failed[1], failed[0], by_depth.get(failed[0] - 2), earlier, scale)
        if not panic and time.perf_counter() >= soft_deadline:
            return True
        return stop is not None and stop()

    by_depth: dict[int, int] = {}
    choice = Choice(moves[0], -INFINITY, 0, 0)
    helpers = searcher.helpers
    if helpers is not None:
        helpers.start(state)
    try:
        for result in searcher.iterate(state, movetime=movetime * PANIC_FACTOR, stop=stopped):
            choice = Choice(result.move, result.score, result.depth, result.nodes)
            if helpers is not None:
                helpers.note_depth(result.depth)
            # Two depths back: scores swing between odd and even depths (who moves last).
            same_parity = by_depth.get(result.depth - 2)
            panic = (
                panic
                or falling(result.score, result.depth, same_parity, earlier, scale)
                or pressed(result.score, result.depth, scale)
            )
            by_depth[result.depth] = result.score
            # Another depth would rarely fit: a depth costs several times the previous one.
            if result.elapsed > movetime * (PANIC_FACTOR if panic else 1.0) * 0.5:
                break
    finally:
        if helpers is not None:
            helpers.stop()
    searcher.note_root_score(state.key(), choice.score)
    return choice


def left_book(state: GameState, turns: int = BOOK_EXIT_TURNS) -> bool:
    """Whether the spec's opening book answered one of this side's `turns` previous
    turns, as `book_choice` does (the state is given back unchanged)."""
    if state.spec.opening is None:
        return False
    undone: list[Any] = []
    try:
        for _ in range(turns):
            if len(state.history) < 2:
                return False
            undone += [state.pop(), state.pop()]
            if book_choice(state, state.legal_moves()) is not None:
                return True
        return False
    finally:
        for move in reversed(undone):
            state.push(move)


def pressed(score: int, depth: int, scale: float) -> bool:
    """Whether a score found at `depth` (from PANIC_FROM_DEPTH) leaves under
    PRESSED_CHANCE of winning chances; not a found loss: time will not save it."""
    if depth < PANIC_FROM_DEPTH or score <= -MATE_BOUND:
        return False
    return win_probability(score, scale) < PRESSED_CHANCE


def falling(score: int, depth: int, shallower: int | None, previous_move: int | None, scale: float) -> bool:
    """Whether a score found at `depth` lost PANIC_DROP or more of winning chances
    against the score two depths shallower (from SHALLOWER_FROM_DEPTH) or this side's
    score on its previous move (None: unknown); `scale`: the game's review scale."""
    reference = fall_reference(depth, shallower, previous_move)
    if depth < PANIC_FROM_DEPTH or reference is None:
        return False
    return win_probability(reference, scale) - win_probability(score, scale) >= PANIC_DROP


def fall_reference(depth: int, shallower: int | None, previous_move: int | None) -> int | None:
    """The score a fall at `depth` is measured from: the higher of the score two depths
    shallower (from SHALLOWER_FROM_DEPTH) and this side's previous move's; None: neither."""
    if depth - 2 < SHALLOWER_FROM_DEPTH:
        shallower = None
    known = [s for s in (shallower, previous_move) if s is not None]
    return max(known) if known else None
