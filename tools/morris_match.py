"""Matches between Morris players: levels, node-bounded searches, evaluations, MCTS.

    python -m tools.morris_match A B [--games 10] [--game nine] [--seed 1] [--opening 2]
                                     [--losses FILE]

A player is one of:
  easy | medium                    the levels, through engine.ai.players.analyse
  hard[:SECONDS][:FLAG...]         the hard level (analyse, with this player's own tables;
                                   default 1 s a move), endgame database and opening
                                   book included; flags 'nobook' without the book,
                                   'lmr' / 'nolmr' with / without late move reductions
                                   (default: as the evaluation says; Nine: with),
                                   'shared' with the shared search, not the game's own,
                                   NAME=N an evaluation weight changed (Weights in
                                   engine/games/morris/evaluation.py), e.g.
                                   hard:1.0:mobility=40:liberty=40, panic=X a falling
                                   score's time stretch (players.PANIC_FACTOR) set to X
  nodes:N[:EVAL[:FLAG...]]         iterative deepening bounded by N nodes a move, EVAL
                                   'new' (default), 'base' (without the fitted line
                                   patterns) or 'v1' (the evaluation before issue 16),
                                   flags 'noext' without search extensions, 'lmr' /
                                   'nolmr' as for hard; node bounds make
                                   results independent of machine load
  mcts:N                           UCT with N simulations (a game-agnostic yardstick)
  osmcts:N                         OpenSpiel's C++ MCTS, N simulations, random rollouts
                                   (tools/openspiel_mcts.py; needs an OpenSpiel venv)
  ref:MS[:DEPTH]                   millref, the C alpha-beta yardstick (tools/mill_ref.py;
                                   needs `cc`): MS milliseconds a move (0: none), at most
                                   DEPTH plies (0 or absent: no limit), e.g. ref:20,
                                   ref:100, ref:0:12 (a fixed depth: reproducible)

Games come in pairs from the same random opening (`--opening` random placement plies),
each player taking each colour once. Prints wins, draws, losses, the score of A and the
time per move of each player (median and maximum; and the median of the moves that
were not instant). `--losses` appends every decisive game to FILE in the format of the
book builder's third stage (tools/build_morris_book.py --losses): the loser's colour
and the moves.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.ai import players  # noqa: E402
from engine.ai.players import HARD_MOVETIME, analyse  # noqa: E402
from engine.ai.search import Evaluator, Searcher  # noqa: E402
from engine.core import GameState, Outcome  # noqa: E402
from engine.games.morris.evaluation import DEFAULT, MorrisEvaluator, evaluate_morris  # noqa: E402
from engine.registry import new_state  # noqa: E402
from tools.mcts import mcts_move  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_book_lines import book_exits_summary  # noqa: E402
from tools.morris_eval_v1 import evaluate_morris as evaluate_v1  # noqa: E402
from tools.openspiel_mcts import OpenSpielMCTS  # noqa: E402

MAX_PLIES = 400  # a game still going after this many plies is scored a draw
THOUGHT = 0.05  # seconds: a quicker move came from a book, a database or was forced
# "new": the levels' evaluation; "base": its hand-designed terms without the fitted line
# patterns (session 7's evaluation); "v1": the evaluation before issue 16.
EVALUATIONS: dict[str, Evaluator] = {"new": evaluate_morris, "base": MorrisEvaluator(), "v1": evaluate_v1}


def checked_flags(spec: str, flags: Collection[str], known: set[str]) -> set[str]:
    """A player's flags, refused (ValueError) if one is not in `known`."""
    unknown = set(flags) - known
    if unknown:
        raise ValueError(f"unknown flags {sorted(unknown)} in {spec!r}")
    return set(flags)


def reduction_flag(flags: Collection[str]) -> bool | None:
    """Late move reductions forced on ('lmr') or off ('nolmr'), else None (the default)."""
    return True if "lmr" in flags else False if "nolmr" in flags else None


def stretch_factor(spec: str, word: str) -> float:
    """The factor of a 'panic=X' word (X at least 1), else ValueError."""
    try:
        factor = float(word.partition("=")[2])
    except ValueError:
        factor = 0.0
    if not factor >= 1.0:  # also refuses nan
        raise ValueError(f"{word!r} in {spec!r}: the time stretch must be a number, at least 1")
    return factor


@dataclass(frozen=True)
class HardOptions:
    """A 'hard:S[:word...]' player's spec, read once: its seconds a move, book, late move
    reductions, search, changed weights and time stretch."""

    movetime: float
    book: bool
    reductions: bool | None
    shared_search: bool
    changes: tuple[str, ...]
    panic_factor: float | None  # its own players.PANIC_FACTOR, if it sets one

    @classmethod
    def parse(cls, spec: str) -> HardOptions:
        seconds, *words = spec.partition(":")[2].split(":")
        panics = [word for word in words if word.startswith("panic=")]
        words = [word for word in words if word not in panics]
        changes = tuple(word for word in words if "=" in word)
        flags = checked_flags(spec, set(words) - set(changes), {"nobook", "lmr", "nolmr", "shared"})
        return cls(
            float(seconds) if seconds else HARD_MOVETIME, "nobook" not in flags, reduction_flag(flags),
            "shared" in flags, changes, stretch_factor(spec, panics[-1]) if panics else None,
        )  # fmt: skip


def changed_evaluation(spec: str, changes: Collection[str]) -> MorrisEvaluator:
    """The levels' Nine Men's Morris evaluation with some weights changed ('NAME=N',
    integers; refused with ValueError for an unknown name or a value not an integer)."""
    weights: dict[str, Any] = {}
    for change in changes:
        name, _, value = change.partition("=")
        if name not in DEFAULT._fields or isinstance(getattr(DEFAULT, name), tuple):
            raise ValueError(f"{name!r} in {spec!r} is not a single evaluation weight")
        try:
            weights[name] = int(value)
        except ValueError:
            raise ValueError(f"{change!r} in {spec!r}: the weight must be an integer") from None
    return MorrisEvaluator(
        DEFAULT._replace(**weights),
        evaluate_morris.patterns,
        late_move_reductions=evaluate_morris.late_move_reductions,
    )


@dataclass
class Player:
    """A named way of choosing moves, with the time each move took."""

    spec: str
    times: list[float] = field(default_factory=list)
    searcher: Searcher | None = None
    outside: OpenSpielMCTS | None = None
    ref: MillRef | None = None
    tables: dict[str, Searcher] = field(default_factory=dict)
    evaluator: MorrisEvaluator | None = None  # a hard player's own weights, if it changes some
    book_exits: list[int] = field(default_factory=list)  # a hard player's first ply out of its book, a game
    in_book: bool = True
    hard: HardOptions | None = None  # a hard player's spec, once read

    def new_game(self) -> None:
        if self.searcher is not None:
            self.searcher.clear()
        players.release(self.tables)  # the hard level's tables and helper processes
        self.in_book = True

    def choose(self, state: GameState, rng: random.Random) -> Any:
        start = time.perf_counter()
        move = self._choose(state, rng)
        self.times.append(time.perf_counter() - start)
        return move

    def _choose(self, state: GameState, rng: random.Random) -> Any:
        kind, _, rest = self.spec.partition(":")
        if kind in ("easy", "medium"):
            return analyse(state, kind, rng=rng).move
        if kind == "mcts":
            return mcts_move(state, int(rest), rng)
        if kind == "osmcts":
            if self.outside is None:
                self.outside = OpenSpielMCTS(int(rest))
            move = self.outside.move(list(state.history), rng.randrange(1 << 30))
            if move not in state.legal_moves():
                raise RuntimeError(f"OpenSpiel chose {move}, illegal here: {state.history}")
            return move
        if kind == "ref":
            if self.ref is None:
                if state.spec.id != "nine":
                    raise ValueError("millref plays Nine Men's Morris only")
                self.ref = MillRef.from_spec(rest)
            move = self.ref.move(list(state.history), rng.randrange(1 << 30))
            if move not in state.legal_moves():
                raise RuntimeError(f"millref chose {move}, illegal here: {state.history}")
            return move
        if kind == "hard":
            if self.hard is None:
                options = HardOptions.parse(self.spec)
                if options.changes:
                    if state.spec.id != "nine":
                        raise ValueError(f"{self.spec!r}: weights can be changed in Nine Men's Morris only")
                    self.evaluator = changed_evaluation(self.spec, options.changes)
                self.hard = options
            return self._hard(state, self.hard)
        if kind == "nodes":
            budget, *words = rest.split(":")
            evaluation = words[0] if words else ""
            flags = checked_flags(self.spec, words[1:], {"noext", "lmr", "nolmr"})
            return self._nodes(state, int(budget), evaluation or "new", flags)
        raise ValueError(f"unknown player {self.spec!r}")

    def _hard(self, state: GameState, options: HardOptions) -> Any:
        """The hard level itself, its tables swapped for this player's own (two hard
        players must not share a transposition table); without its opening book, the
        game's spec is swapped for the move's duration for one without it;
        `options.shared_search`: the shared search instead of the game's own."""
        shared = players._searchers
        players._searchers = self.tables
        game = type(state)
        spec = game.spec
        if options.book and self.in_book and spec.opening is not None and spec.opening(state) is None:
            self.book_exits.append(state.ply)  # the book covers placement only: every game leaves it
            self.in_book = False
        if self.evaluator is not None:
            game.spec = dataclasses.replace(game.spec, evaluate=self.evaluator)
        if not options.book:
            game.spec = dataclasses.replace(game.spec, opening=None)
        panic_factor = players.PANIC_FACTOR
        if options.panic_factor is not None:
            players.PANIC_FACTOR = options.panic_factor
        try:
            # The level's searcher made here first, when late move reductions are forced on or off.
            own_search = not options.shared_search
            players.searcher_for(game.spec, "hard", reductions=options.reductions, own_search=own_search)
            return analyse(state, "hard", movetime=options.movetime).move
        finally:
            players._searchers = shared
            players.PANIC_FACTOR = panic_factor
            game.spec = spec

    def _nodes(self, state: GameState, budget: int, evaluation: str, flags: set[str]) -> Any:
        if self.searcher is None:
            extensions, reductions = "noext" not in flags, reduction_flag(flags)
            self.searcher = Searcher(EVALUATIONS[evaluation], extensions=extensions, reductions=reductions)
        move = state.legal_moves()[0]
        for result in self.searcher.iterate(state, max_nodes=budget):
            move = result.move
        return move

    def close(self) -> None:
        players.release(self.tables)
        if self.ref is not None:
            self.ref.close()
            self.ref = None

    def time_summary(self) -> str:
        if not self.times:
            return "no moves"
        said = f"median {statistics.median(self.times):.2f} s, max {max(self.times):.2f} s per move"
        # Book, database and forced moves are instant: about half of a hard player's
        # moves, so the plain median swings between runs; the thought moves' median
        # says how long it thinks.
        thought = [seconds for seconds in self.times if seconds >= THOUGHT]
        if thought and len(thought) < len(self.times):
            median = statistics.median(thought)
            said += f" (median {median:.2f} s over the {len(thought)} of {THOUGHT:g} s or more)"
        if self.book_exits:
            said += f"; {book_exits_summary(self.book_exits)}"
        return said


def play(
    game: str, white: Player, black: Player, opening: list[Any], rng: random.Random,
    record: list[str] | None = None,
) -> Outcome | None:  # fmt: skip
    """One game from `opening`: its outcome, None if it was cut at MAX_PLIES (a draw).
    The moves are appended to `record` as they are played."""
    state = new_state(game)
    record = [] if record is None else record
    record.extend(str(move) for move in opening)
    for move in opening:
        state.push(move)
    white.new_game()
    black.new_game()
    players = (white, black)
    while state.ply < MAX_PLIES:
        outcome = state.outcome()
        if outcome is not None:
            return outcome
        try:
            move = players[state.to_move].choose(state, rng)
        except RuntimeError as error:  # an outside engine reads the rules differently here
            print(f"    game stopped, scored a draw: {error}", flush=True)
            return None
        state.push(move)
        record.append(str(move))
    return None


def random_opening(game: str, plies: int, rng: random.Random) -> list[Any]:
    state = new_state(game)
    moves = []
    for _ in range(plies):
        move = rng.choice(state.legal_moves())
        state.push(move)
        moves.append(move)
    return moves


@dataclass
class Result:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def count(self, winner: int | None, side: int) -> None:
        """One more game, won by `winner` (None: drawn), seen from `side`."""
        if winner is None:
            self.draws += 1
        elif winner == side:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def score(self) -> float:
        games = self.wins + self.draws + self.losses
        return (self.wins + 0.5 * self.draws) / games if games else 0.0

    def __str__(self) -> str:
        return f"+{self.wins} ={self.draws} -{self.losses} ({100 * self.score:.0f}%)"


def match(game: str, a: Player, b: Player, games: int, seed: int, opening_plies: int,
          verbose: bool = True, losses: Path | None = None) -> Result:  # fmt: skip
    """`games` games (rounded up to pairs), A and B alternating colours; decisive games
    are appended to `losses` for the book builder."""
    rng = random.Random(seed)
    result = Result()
    for pair in range((games + 1) // 2):
        opening = random_opening(game, opening_plies, rng)
        for a_colour in (0, 1):
            white, black = (a, b) if a_colour == 0 else (b, a)
            record: list[str] = []
            game_rng = random.Random(seed * 1000 + pair * 2 + a_colour)
            outcome = play(game, white, black, opening, game_rng, record)
            winner = None if outcome is None else outcome.winner
            result.count(winner, a_colour)
            if losses is not None and winner is not None:
                number = pair * 2 + a_colour + 1
                source = f"tools/morris_match.py {a.spec} {b.spec} --seed {seed}, game {number}"
                with losses.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"collapsed": [1 - winner], "moves": record, "from": source}) + "\n")
            if verbose:
                said = "draw" if winner is None else ("A" if winner == a_colour else "B") + " wins"
                said += f" ({outcome.reason.name.lower() if outcome else 'ply limit'})"
                print(f"  game {pair * 2 + a_colour + 1}: A plays {'white' if a_colour == 0 else 'black'}, "
                      f"{said}   running {result}", flush=True)
                if winner is not None and winner != a_colour:
                    print("    moves:", " ".join(record), flush=True)  # A's losses, for study
    return result


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--game", default="nine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening", type=int, default=2, help="random placement plies before play")
    parser.add_argument("--losses", type=Path, help="append decisive games here (book builder's stage 3)")
    args = parser.parse_args(argv)
    a, b = Player(args.a), Player(args.b)
    try:
        result = match(args.game, a, b, args.games, args.seed, args.opening, losses=args.losses)
    finally:
        a.close()
        b.close()
    print(f"{args.a} vs {args.b}: {result}")
    print(f"  {args.a}: {a.time_summary()}")
    print(f"  {args.b}: {b.time_summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
