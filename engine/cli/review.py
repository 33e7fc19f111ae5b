"""`python -m engine review GAME` or `python -m engine review FILE`: classify every move.

- GAME: each line of standard input is a whole game from the start (as for `moves`);
  the answer is one line, `MOVE=CLASS` for every ply, CLASS one of best, good,
  inaccuracy, mistake, blunder, with `!` when the label is exact; `error: move N (X):
  reason` for a bad line. An empty line answers an empty line.
- FILE: a readable report of a saved game: each move's evaluation for its mover,
  each player's counts per class and accuracy, and their three costliest moves with
  the better move.
"""

from __future__ import annotations

import argparse
import sys

from engine.cli.options import checked_options
from engine.core import EngineError, GameState
from engine.registry import GAMES, new_state
from engine.review import (
    LABELS,
    REVIEW_NODES,
    GameReview,
    PlyReview,
    review,
    review_game_of,
    review_history,
    tags,
)
from engine.saves import SaveError, load_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", help=f"a game id ({', '.join(GAMES)}) to read games from standard input, "
                        "or a saved game file for a report")  # fmt: skip
    parser.add_argument(
        "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="rule option (GAME only)"
    )
    parser.add_argument(
        "--nodes", type=int, default=REVIEW_NODES, help="search budget per position (default %(default)s)"
    )


def run(args: argparse.Namespace) -> int:
    if args.nodes < 1:
        print("error: --nodes must be at least 1", file=sys.stderr)
        return 2
    if args.target in GAMES:
        args.game = args.target
        options = checked_options(args)
        if options is None:
            return 2
        for line in sys.stdin:
            print(answer_line(new_state(args.target, options), line, args.nodes), flush=True)
        return 0
    try:
        saved = load_game(args.target)
    except SaveError as error:
        print(f"error: {args.target}: {error}", file=sys.stderr)
        return 1
    state = saved.state
    result = review_history(state, nodes=args.nodes)
    print(report(state, result, [p.name for p in saved.players]))
    return 0


def answer_line(start: GameState, line: str, nodes: int) -> str:
    try:
        return tags(review(start, line.split(), review_game_of(start.spec), nodes=nodes).plies)
    except EngineError as error:  # 'move N (X): reason', as `moves` says it
        return f"error: {error}"


def _evaluation(ply: PlyReview) -> str:
    if ply.value_before:
        return f"{ply.value_before} -> {ply.value_after}"
    return f"{100 * ply.win_before:3.0f}% -> {100 * ply.win_after:3.0f}%"


def report(state: GameState, result: GameReview, names: list[str]) -> str:
    """The readable report of `engine review FILE`."""
    spec = state.spec
    sides = [f"{spec.player_names[p]} ({names[p]})" for p in (0, 1)]
    lines = [f"{spec.title}: review of {state.ply} moves", "", "move  played     mover's chances   class"]
    for ply in result.plies:
        better = "" if ply.label in ("best", "good") else f"  (better: {ply.best_move})"
        numbered = f"{ply.ply // 2 + 1}{'.' if ply.ply % 2 == 0 else '...'}"
        lines.append(f"{numbered:<6}{ply.move:<11}{_evaluation(ply):<18}{ply.tag}{better}")
    for player in (0, 1):
        counts = result.counts(player)
        accuracy = result.accuracy(player)
        lines += [
            "",
            f"{sides[player]}: " + ", ".join(f"{counts[label]} {label}" for label in LABELS)
            + ("" if accuracy is None else f"; accuracy {accuracy:.0f}%"),
        ]  # fmt: skip
        for ply in result.turning_points(player):
            number = ply.ply // 2 + 1
            lines.append(f"  move {number}: {ply.move} was a {ply.label}; better was {ply.best_move}")
    return "\n".join(lines)
