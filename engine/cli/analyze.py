"""`python -m engine analyze GAME`: every legal move with its verdict, after lines of moves.

For a game with an oracle (a solved game: Teeko). Input as for `moves`: each line a
space-separated list of moves from the start. The answer is one line: `MOVE=W<n>`,
`MOVE=L<n>` or `MOVE=D` for each legal move, space-separated, where n counts the plies
to the end including the move (`W1` wins at once, `L2` lets the opponent win at once);
an empty line when the game is over; `error: move N (X): reason` for a bad line. The
oracle's data is loaded once, before the first line.
"""

from __future__ import annotations

import argparse
import sys

from engine.cli.moves import MovesServer, serve
from engine.core import EngineError, GameState, Oracle
from engine.registry import GAMES, get_spec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    solved = sorted(game_id for game_id, spec in GAMES.items() if spec.oracle is not None)
    parser.add_argument("game", choices=solved, help="a solved game")


class AnalyzeServer(MovesServer):
    """`moves`'s server (one state, only the differing suffix replayed), answering verdicts."""

    def __init__(self, state: GameState, oracle: Oracle) -> None:
        super().__init__(state)
        self.oracle = oracle

    def describe(self) -> str:
        verdicts = self.oracle.move_verdicts(self.state)
        return " ".join(f"{move}={verdict}" for move, verdict in verdicts.items())


def run(args: argparse.Namespace) -> int:
    spec = get_spec(args.game)
    oracle = spec.oracle
    assert oracle is not None  # the argument's choices are the games with one
    try:
        oracle.load()
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    serve(AnalyzeServer(spec.new_state(), oracle))
    return 0
