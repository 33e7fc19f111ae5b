"""OpenSpiel's C++ MCTS as an outside Morris opponent (tools/morris_match.py: `osmcts:N`).

OpenSpiel is never a project requirement: it runs in a subprocess under an interpreter
that has it (default /work/venv-osp/bin/python). Its nine_mens_morris numbers the 24
points as RULES.md does (top row first, left to right); a placement is the point, a
step or flight is 24 + 24 * from + to, and a removal is a second action of the same
player. Each request replays the whole game into a fresh OpenSpiel state, so the two
engines cannot drift apart silently: if OpenSpiel refuses one of our moves (a rule it
reads differently), the request fails and the match reports it.
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any

from engine.games.morris.rules import MorrisMove

DEFAULT_PYTHON = "/work/venv-osp/bin/python"

SERVER = """
import json, sys
import pyspiel
game = pyspiel.load_game("nine_mens_morris")
for line in sys.stdin:
    request = json.loads(line)
    state = game.new_initial_state()
    try:
        for action in request["actions"]:
            if action not in state.legal_actions():
                raise ValueError(f"OpenSpiel refuses action {action} at move {state.move_number()}")
            state.apply_action(action)
        if state.is_terminal():
            raise ValueError(f"OpenSpiel sees the game over at move {state.move_number()}: {state.returns()}")
        player = state.current_player()
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, request["seed"]), 2.0,
                              request["simulations"], 1000, True, request["seed"], False)
        chosen = []
        while not state.is_terminal() and state.current_player() == player:
            action = bot.step(state)
            chosen.append(action)
            state.apply_action(action)
        print(json.dumps({"actions": chosen}), flush=True)
    except Exception as error:  # reported to the client, which stops the match
        print(json.dumps({"error": str(error)}), flush=True)
"""


def to_actions(move: MorrisMove) -> list[int]:
    head = move.dst if move.src is None else 24 + 24 * move.src + move.dst
    return [head] if move.take is None else [head, move.take]


def from_actions(actions: list[int]) -> MorrisMove:
    head = actions[0]
    take = actions[1] if len(actions) > 1 else None
    if head < 24:
        return MorrisMove(None, head, take)
    src, dst = divmod(head - 24, 24)
    return MorrisMove(src, dst, take)


class OpenSpielMCTS:
    """A persistent OpenSpiel process answering 'your move after this history'."""

    def __init__(self, simulations: int, python: str | None = None) -> None:
        python = python or os.environ.get("OPENSPIEL_PYTHON", DEFAULT_PYTHON)
        self.simulations = simulations
        self._process = subprocess.Popen(
            [python, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def move(self, history: list[Any], seed: int) -> MorrisMove:
        actions = [a for move in history for a in to_actions(move)]
        request = {"actions": actions, "simulations": self.simulations, "seed": seed}
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        answer = json.loads(self._process.stdout.readline())
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return from_actions(answer["actions"])

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=10)
