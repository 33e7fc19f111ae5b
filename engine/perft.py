"""Perft: the number of legal move sequences of a given length (rules regression test).

Written against the `GameState` interface only (a type, never imported at run time),
so `engine.core` can use it as the default `GameState.perft` without a cycle."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core import GameState


def perft(state: GameState, depth: int) -> int:
    """Leaf count at `depth`; the last ply is bulk-counted with `count_legal_moves`."""
    if depth <= 0:
        return 1
    if depth == 1:
        return state.count_legal_moves()
    total = 0
    for move in state.legal_moves():
        state.push(move)
        total += perft(state, depth - 1)
        state.pop()
    return total


def divide(state: GameState, depth: int) -> dict[str, int]:
    """Perft split by first move, for finding where two move generators disagree."""
    result: dict[str, int] = {}
    for move in state.legal_moves():
        state.push(move)
        result[str(move)] = perft(state, depth - 1)
        state.pop()
    return result
