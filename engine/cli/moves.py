"""`python -m engine moves GAME [-o NAME=VALUE] [--position TEXT]`: legal moves after lines of moves.

Each input line is a space-separated list of moves from the start (or `--position`); the answer is one
line: the legal moves after them, an empty line when the game is over, or
`error: move N (X): reason`. Lines are answered in batches: all complete lines
already received are answered with one write, so a pipe of 10,000 lines is fast
and a caller sending one line at a time still gets each answer at once.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import Any

from engine.cli.options import add_game_arguments, add_position_argument, checked_options, start_state
from engine.core import EngineError, GameState

READ_CHUNK = 1 << 16
PARSE_CACHE_SIZE = 100_000  # distinct move texts kept parsed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_position_argument(parser)


class MovesServer:
    """Answers lines while keeping one state: only the suffix that differs is undone and replayed."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.played: list[str] = []  # the texts of the moves on the state, in order
        # Notation never depends on the position (RULES.md), so parsed moves can be reused.
        self.parsed: dict[str, Any] = {}

    def answer(self, line: str) -> str:
        tokens = line.split()
        state, played = self.state, self.played
        same = 0
        limit = min(len(tokens), len(played))
        while same < limit and tokens[same] == played[same]:
            same += 1
        while len(played) > same:
            state.pop()
            played.pop()
        for index in range(same, len(tokens)):
            text = tokens[index]
            try:
                move = self.parsed.get(text)
                if move is None:
                    move = state.parse_move(text)
                    if len(self.parsed) < PARSE_CACHE_SIZE:
                        self.parsed[text] = move
                reason = state.why_illegal(move)  # also says when the game is over
            except EngineError as error:
                reason = str(error)
            if reason is not None:
                return f"error: move {index + 1} ({text}): {reason}"
            state.push(move)
            played.append(text)
        return self.describe()

    def describe(self) -> str:
        """The answer for the position reached: its legal moves (empty once it is over)."""
        return " ".join(map(str, self.state.legal_moves()))


def _line_batches() -> Iterator[list[str]]:
    """Complete input lines, grouped by what each read of standard input brought."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):  # replaced stdin (tests): read it whole
        yield sys.stdin.read().splitlines()
        return
    pending = b""
    while True:
        chunk = os.read(fd, READ_CHUNK)
        if not chunk:
            break
        pending += chunk
        *complete, pending = pending.split(b"\n")
        if complete:
            yield [line.decode("utf-8", "replace") for line in complete]
    if pending:
        yield [pending.decode("utf-8", "replace")]


def serve(server: MovesServer) -> None:
    """Answer standard input's lines on standard output, a batch per write."""
    out = sys.stdout
    reconfigure = getattr(out, "reconfigure", None)
    if callable(reconfigure):
        reconfigure(errors="replace")  # echoed input the terminal cannot show must not crash
    for batch in _line_batches():
        out.write("".join(server.answer(line) + "\n" for line in batch))
        out.flush()


def run(args: argparse.Namespace) -> int:
    options = checked_options(args)
    if options is None:
        return 2
    state = start_state(args, options)
    if state is None:
        return 2
    serve(MovesServer(state))
    return 0
