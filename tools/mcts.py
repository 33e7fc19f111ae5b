"""A plain UCT Monte-Carlo tree search with random rollouts: a sparring partner.

It knows nothing about any game beyond `GameState`, which makes it a fair yardstick
for the alpha-beta player (the brief: hard must beat 300 simulations).
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.core import GameOverError, GameState

EXPLORATION = 1.4  # the UCT constant (about sqrt(2))
ROLLOUT_PLY_LIMIT = 200  # a rollout still going after this many plies counts as a draw


class _Node:
    __slots__ = ("children", "move", "mover", "parent", "untried", "visits", "wins")

    def __init__(self, parent: _Node | None, move: Any, mover: int, moves: list[Any]) -> None:
        self.parent = parent
        self.move = move
        self.mover = mover  # the player who made `move` (whose wins are counted here)
        self.untried = moves
        self.children: list[_Node] = []
        self.visits = 0
        self.wins = 0.0

    def best_child(self) -> _Node:
        log_visits = math.log(self.visits)
        return max(
            self.children,
            key=lambda c: c.wins / c.visits + EXPLORATION * math.sqrt(log_visits / c.visits),
        )


def mcts_move(state: GameState, simulations: int = 300, rng: random.Random | None = None) -> Any:
    """The most visited root move after `simulations` UCT playouts (state unchanged)."""
    rng = rng or random.Random()
    moves = state.legal_moves()
    if not moves:
        raise GameOverError("the game is over")
    if len(moves) == 1:
        return moves[0]
    root = _Node(None, None, 1 - state.to_move, list(moves))
    for _ in range(simulations):
        node, depth = root, 0
        # Selection: descend while every child has been tried.
        while not node.untried and node.children:
            node = node.best_child()
            state.push(node.move)
            depth += 1
        # Expansion: one untried move.
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            mover = state.to_move
            state.push(move)
            depth += 1
            child = _Node(node, move, mover, state.legal_moves())
            node.children.append(child)
            node = child
        winner = _rollout(state, rng)
        for _ in range(depth):
            state.pop()
        # Backpropagation: a win for the node's mover counts 1, a draw 0.5.
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            walk.wins += 0.5 if winner is None else float(winner == walk.mover)
            walk = walk.parent
    return max(root.children, key=lambda c: c.visits).move


def _rollout(state: GameState, rng: random.Random) -> int | None:
    """Random play to the end (or the ply limit); returns the winner, None for a draw."""
    played = 0
    try:
        while played < ROLLOUT_PLY_LIMIT:
            moves = state.legal_moves()
            if not moves:
                outcome = state.outcome()
                return None if outcome is None else outcome.winner
            state.push(rng.choice(moves))
            played += 1
        return None
    finally:
        for _ in range(played):
            state.pop()
