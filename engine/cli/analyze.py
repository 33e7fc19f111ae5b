"""`python -m engine analyze teeko`: every legal move with its verdict, after lines of moves.

Input as for `moves`: each line a space-separated list of moves from the start. The
answer is one line: `MOVE=W<n>`, `MOVE=L<n>` or `MOVE=D` for each legal move,
space-separated, where n counts the plies to the end including the move (`W1` wins
at once, `L2` lets the opponent win at once); an empty line when the game is over;
`error: move N (X): reason` for a bad line. The database is loaded once.
"""

from __future__ import annotations

import argparse
import sys

from engine.ai.players import SOLVED_GAMES
from engine.ai.teeko_db import DatabaseError, TeekoDatabase, database
from engine.ai.verdicts import move_verdict
from engine.cli.moves import MovesServer, serve
from engine.games.teeko import TeekoState
from engine.registry import new_state


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(SOLVED_GAMES), help="a solved game")


class AnalyzeServer(MovesServer):
    """`moves`'s server (one state, only the differing suffix replayed), answering verdicts."""

    def __init__(self, state: TeekoState, db: TeekoDatabase) -> None:
        super().__init__(state)
        self.teeko = state
        self.db = db

    def describe(self) -> str:
        state, db = self.teeko, self.db
        return " ".join(f"{move}={move_verdict(state, move, db)}" for move in state.legal_moves())


def run(args: argparse.Namespace) -> int:
    try:
        db = database()
    except DatabaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    state = new_state(args.game)
    assert isinstance(state, TeekoState)
    serve(AnalyzeServer(state, db))
    return 0
