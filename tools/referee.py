"""A referee for the `ia` module, using the seed 001 contract only.

    python -m tools.referee [--games 4] [--random-games 10] [--simulations 300] [--seed 1]

It keeps its own copy of the game (the engine) to know the rules, plays the `ia`
module against a random player and a UCT Monte-Carlo player, checks the type, shape
and legality of every answer and the answer time, and fires illegal calls at the
module, which must refuse each with ValueError and change nothing (the game goes on
in step with the referee's copy afterwards). Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import ia
from engine.games.morris.board import INDEX_OF_XY, POINTS
from engine.games.morris.rules import MorrisMove, MorrisState
from engine.registry import new_state
from tools.mcts import mcts_move

MAX_PLIES = 600
SLOW_ANSWER = 5.0  # seconds: an answer slower than this is a failure

Opponent = Callable[[MorrisState, random.Random], MorrisMove]


@dataclass
class Tally:
    name: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    times: list[float] = field(default_factory=list)
    refused: int = 0
    failures: list[str] = field(default_factory=list)

    def line(self) -> str:
        median = statistics.median(self.times) if self.times else 0.0
        slowest = max(self.times, default=0.0)
        return (
            f"vs {self.name}: ia won {self.wins}, lost {self.losses}, drew {self.draws}; "
            f"answers {len(self.times)}, median {median:.2f} s, max {slowest:.2f} s; "
            f"illegal calls refused {self.refused}; failures {len(self.failures)}"
        )


def random_opponent(state: MorrisState, rng: random.Random) -> MorrisMove:
    move: MorrisMove = rng.choice(state.legal_moves())
    return move


def mcts_opponent(simulations: int) -> Opponent:
    def choose(state: MorrisState, rng: random.Random) -> MorrisMove:
        move: MorrisMove = mcts_move(state, simulations, rng)
        return move

    return choose


def _is_point(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(type(c) is int for c in value)
        and value in INDEX_OF_XY
    )


def decode_answer(answer: Any) -> MorrisMove:
    """The move an answer of ia.play() stands for; AssertionError when malformed."""
    assert isinstance(answer, tuple), f"answer {answer!r} is not a tuple"
    kind = answer[0] if answer else None
    assert (kind, len(answer)) in (("set", 3), ("move", 4)), f"bad answer shape {answer!r}"
    removal = answer[-1]
    assert removal == (None, None) or _is_point(removal), f"bad removal {removal!r}"
    assert isinstance(removal, tuple), f"removal {removal!r} is not a tuple"
    take = None if removal == (None, None) else INDEX_OF_XY[removal]
    for point in answer[1:-1]:
        assert _is_point(point), f"bad point {point!r} in {answer!r}"
    if kind == "set":
        return MorrisMove(None, INDEX_OF_XY[answer[1]], take)
    return MorrisMove(INDEX_OF_XY[answer[1]], INDEX_OF_XY[answer[2]], take)


def send(move: MorrisMove) -> None:
    """Tell the ia module about the opponent's move through the contract."""
    removal: tuple[Any, ...] = () if move.take is None else POINTS[move.take]
    if move.src is None:
        ia.player_sets(*POINTS[move.dst], *removal)
    else:
        ia.player_moves(*POINTS[move.src], *POINTS[move.dst], *removal)


def illegal_calls(state: MorrisState, rng: random.Random) -> list[tuple[str, Callable[[], Any]]]:
    """Calls the module must refuse on the opponent's turn."""
    occupied = [POINTS[p] for p, cell in enumerate(state.board()) if cell]
    calls: list[tuple[str, Callable[[], Any]]] = [
        ("play on the player's turn", ia.play),
        ("bool coordinate", lambda: ia.player_sets(True, 1)),
        ("float coordinate", lambda: ia.player_sets(4.0, 1)),  # type: ignore[arg-type]
        ("string coordinate", lambda: ia.player_sets("4", 1)),  # type: ignore[arg-type]
        ("out of range", lambda: ia.player_sets(8, 1)),
        ("not a point", lambda: ia.player_sets(2, 1)),
        ("half a removal", lambda: ia.player_sets(4, 1, 1)),
        ("moves out of range", lambda: ia.player_moves(0, 1, 4, 1)),
    ]
    if state.in_hand(state.to_move):
        calls.append(("move while placing", lambda: ia.player_moves(1, 1, 4, 1)))
        if occupied:
            x, y = rng.choice(occupied)
            calls.append(("set on an occupied point", lambda: ia.player_sets(x, y)))
    else:
        calls.append(("set after placing", lambda: ia.player_sets(*POINTS[0])))
        empty = [POINTS[p] for p, cell in enumerate(state.board()) if not cell]
        if empty:
            x, y = rng.choice(empty)
            calls.append(("move from an empty point", lambda: ia.player_moves(x, y, x, y)))
    return calls


def play_game(tally: Tally, opponent: Opponent, ia_first: bool, rng: random.Random) -> None:
    ia.new_game(ia_first)
    state = new_state("nine")
    assert isinstance(state, MorrisState)
    ai_side = 0 if ia_first else 1
    while state.legal_moves() and state.ply < MAX_PLIES:
        if state.to_move == ai_side:
            start = time.perf_counter()
            answer = ia.play()
            tally.times.append(time.perf_counter() - start)
            if tally.times[-1] > SLOW_ANSWER:
                tally.failures.append(f"answer took {tally.times[-1]:.1f} s")
            move = decode_answer(answer)
            reason = state.why_illegal(move)
            assert reason is None, f"illegal answer {answer!r}: {reason}"
            state.push(move)
            continue
        if rng.random() < 0.25:
            name, call = rng.choice(illegal_calls(state, rng))
            try:
                call()
            except ValueError:
                tally.refused += 1
            else:
                raise AssertionError(f"illegal call accepted: {name}")
        move = opponent(state, rng)
        send(move)  # must be accepted: the refused calls changed nothing
        state.push(move)
    outcome = state.outcome()
    try:
        ia.play()
    except ValueError as error:
        if outcome is not None and "over" not in str(error):
            tally.failures.append(f"play() after the end said {error!r}")
    else:
        if outcome is not None:
            tally.failures.append("play() answered after the end of the game")
    if outcome is None or outcome.winner is None:
        tally.draws += 1
    elif outcome.winner == ai_side:
        tally.wins += 1
    else:
        tally.losses += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.referee", description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="games against the MCTS player")
    parser.add_argument("--random-games", type=int, default=10, help="games against the random player")
    parser.add_argument("--simulations", type=int, default=300, help="MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    matches = [
        (Tally("random"), random_opponent, args.random_games),
        (Tally(f"MCTS {args.simulations}"), mcts_opponent(args.simulations), args.games),
    ]
    ok = True
    for tally, opponent, games in matches:
        for number in range(games):
            try:
                play_game(tally, opponent, number % 2 == 0, rng)
            except AssertionError as error:
                tally.failures.append(str(error))
            except ValueError as error:  # a legal call refused: state out of step
                tally.failures.append(f"legal call refused: {error}")
            print(f"  {tally.name} game {number + 1}: {tally.wins}-{tally.losses}-{tally.draws}", flush=True)
        print(tally.line(), flush=True)
        for failure in tally.failures:
            print(f"    FAILURE: {failure}")
        ok = ok and not tally.failures
    print("referee: all checks passed" if ok else "referee: FAILURES above")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
