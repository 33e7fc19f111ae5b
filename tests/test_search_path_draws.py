"""The graph history interaction: a repetition draws because of the path that reached it,
so the transposition table must not hand that draw to a node reached by another path.

A toy game on a graph (White, the maximiser, moves first; sides alternate):

    R -> A, B      A -> C, E      B -> C      C -> A, L

E and L start endless forced chains that the evaluation scores -50 and -100 for White.
From R through A, C's return to A repeats the path: C draws (0). From R through B, A is
not on the path: C -> A lets Black choose E (-50), so C is worth -50, and so is R. A
table that kept C's draw from the first path would score B, and R, a draw. The other
way round: once the game's history makes C's return a draw, a table filled before must
not keep C's -50.
"""

from __future__ import annotations

from typing import Any, cast

from engine.ai.search import Searcher
from engine.core import GameState

GRAPH = {"R": ("A", "B"), "A": ("C", "E"), "B": ("C",), "C": ("A", "L")}
CHAIN_VALUES = {"E": -50, "L": -100}  # for White, whoever is to move


class GraphGame:
    """Just what the search asks of a `GameState`, over GRAPH (a node is a family
    letter and, in a chain, its step)."""

    def __init__(self) -> None:
        self.history: list[tuple[str, int]] = []
        self.node = ("R", 0)
        self._keys: dict[tuple[tuple[str, int], int], int] = {}
        self.history_draws: set[tuple[str, int]] = set()  # nodes whose return draws, White to move

    @property
    def to_move(self) -> int:
        return len(self.history) % 2

    def legal_moves(self) -> list[tuple[str, int]]:
        family, step = self.node
        if family in CHAIN_VALUES:
            return [(family, step + 1)]
        return [(target, 0) for target in GRAPH[family]]

    def push(self, move: tuple[str, int]) -> None:
        self.history.append(self.node)
        self.node = move

    def pop(self) -> tuple[str, int]:
        move, self.node = self.node, self.history.pop()
        return move

    def key(self) -> int:
        return self._keys.setdefault((self.node, self.to_move), len(self._keys))

    def table_key(self, key: int, reach: int) -> int:
        return key  # no move-count draw

    def outcome(self) -> None:
        return None  # the chains never end: the depth limit does

    def is_capture(self, move: Any) -> bool:
        return False

    def seen_at_least(self, times: int) -> set[int]:
        return set()

    def repetition_draws(self) -> set[int]:
        return {self._keys.setdefault((node, 0), len(self._keys)) for node in self.history_draws}


def evaluate(state: GameState) -> int:
    """The chain's value for the side to move; every other node is even."""
    value = CHAIN_VALUES.get(cast(GraphGame, state).node[0], 0)
    return value if state.to_move == 0 else -value


def test_a_draw_by_one_path_is_not_reused_by_another() -> None:
    state = cast(GameState, GraphGame())
    scores = dict(Searcher(evaluate).score_moves(state, state.legal_moves(), 6))
    # A first: C draws there by returning to A, and C is stored. B then reaches C
    # without A on its path, where that draw does not hold.
    assert scores == {("A", 0): -50, ("B", 0): -50}


def test_scores_from_before_a_history_draw_are_not_reused_after_it() -> None:
    """The game goes on and C has now been seen twice: its next return draws. A table
    filled before then keeps C's and B's -50 (through A and E)."""
    state = GraphGame()
    moves = state.legal_moves()
    searcher = Searcher(evaluate)
    assert dict(searcher.score_moves(cast(GameState, state), moves, 6)) == {("A", 0): -50, ("B", 0): -50}
    state.history_draws = {("C", 0)}
    alone = GraphGame()
    alone.history_draws = {("C", 0)}
    expected = dict(Searcher(evaluate).score_moves(cast(GameState, alone), moves, 6))
    assert expected == {("A", 0): -50, ("B", 0): 0}  # from B, C is the only way
    assert dict(searcher.score_moves(cast(GameState, state), moves, 6)) == expected
    state.history_draws = set()  # and back (an undo)
    assert dict(searcher.score_moves(cast(GameState, state), moves, 6)) == {("A", 0): -50, ("B", 0): -50}
