"""The computer's answer to a draw offer, written once for every game.

It accepts when it does not expect to win. Where the game knows the exact value of the
position (a solved database, an endgame solve: the review's exact values), that means
any position it does not win with perfect play. Elsewhere a search of DRAW_NODES nodes
scores the position, and the score becomes a win probability on the game's calibrated
review scale, so one threshold fits every game's evaluation units: it declines only
when it sees itself winning more often than DRAW_DECLINE_CHANCE.

The answer depends on the position only (a node budget, not a clock), so the same offer
gets the same answer on every machine.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.search import Searcher
from engine.ai.search_basics import win_probability
from engine.core import GameOverError, GameState
from engine.review import review_game_of

DRAW_NODES = 10_000  # the search behind an answer where no exact value is known
DRAW_DECLINE_CHANCE = 0.6  # declines when its win probability is above this


def accepts_draw(state: GameState, side: int, *, stop: Callable[[], bool] | None = None) -> bool:
    """Whether `side`, offered a draw in `state`, accepts it (the state is unchanged)."""
    if state.outcome() is not None:
        raise GameOverError("the game is over")
    game = review_game_of(state.spec)
    mover = state.to_move
    exact = game.exact(state) if game.exact is not None else None
    if exact is not None:
        return exact.kind != ("W" if mover == side else "L")  # unless `side` wins
    score = 0
    for result in Searcher(game.evaluate).iterate(state, max_nodes=DRAW_NODES, stop=stop):
        score = result.score  # the deepest search finished within the budget
    for_side = score if mover == side else -score
    return win_probability(for_side, game.scale) <= DRAW_DECLINE_CHANCE
