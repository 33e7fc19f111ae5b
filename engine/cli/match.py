"""`python -m engine match GAME A B --games N [--movetime S] [--seed N]`.

Plays level A against level B, alternating who starts (A starts the odd games), one
line per game, and as the last line `A <wins> B <wins> draws <n>`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from engine.ai import analyse
from engine.ai.players import ALL_LEVELS
from engine.cli.options import add_game_arguments, checked_options
from engine.core import GameState
from engine.registry import levels_for, new_state

MAX_PLIES = 1000  # safety net: every game here ends long before (repetition, 100-ply rule)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("a", choices=ALL_LEVELS, help="first level")
    parser.add_argument("b", choices=ALL_LEVELS, help="second level")
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    parser.add_argument("--movetime", type=float, default=None, help="seconds per searched move")
    parser.add_argument("--seed", type=int, default=None, help="random seed, for a repeatable match")


def play_game(
    state: GameState, players: tuple[str, str], rng: random.Random, movetime: float | None
) -> int | None:
    """Play to the end; players[0] moves first. Returns 0 or 1 (index in players) or None."""
    while state.ply < MAX_PLIES:
        moves = state.legal_moves()
        if not moves:
            break
        choice = analyse(state, players[state.to_move], rng=rng, movetime=movetime)
        state.push(choice.move)
    outcome = state.outcome()
    return None if outcome is None else outcome.winner


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    if args.movetime is not None and not args.movetime > 0:
        print("error: --movetime must be positive", file=sys.stderr)
        return 2
    options = checked_options(args)
    if options is None:
        return 2
    for level in (args.a, args.b):
        if level not in levels_for(args.game):
            print(f"error: {args.game} has no {level} level", file=sys.stderr)
            return 2
    rng = random.Random(args.seed)
    wins = {"a": 0, "b": 0}
    draws = 0
    for number in range(1, args.games + 1):
        a_first = number % 2 == 1
        order = (args.a, args.b) if a_first else (args.b, args.a)
        state = new_state(args.game, options)
        start = time.perf_counter()
        winner_index = play_game(state, order, rng, args.movetime)
        outcome = state.outcome()
        if winner_index is None:
            draws += 1
            result = "draw"
        else:
            side = "a" if (winner_index == 0) == a_first else "b"
            wins[side] += 1
            result = f"{args.a if side == 'a' else args.b} ({'A' if side == 'a' else 'B'}) wins"
        reason = outcome.reason.value if outcome is not None else "move limit"
        print(
            f"game {number}: {order[0]} vs {order[1]}: {result} by {reason} "
            f"in {state.ply} plies, {time.perf_counter() - start:.1f} s",
            flush=True,
        )
    print(f"{args.a} {wins['a']} {args.b} {wins['b']} draws {draws}")
    return 0
