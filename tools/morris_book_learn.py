"""Learn a book move from play: which of a position's best moves a fast searcher holds
best against a stronger one.

    python -m tools.morris_book_learn "f4 d2 d6 b6 b4 f2 b2 e4 c5" | --proposals FILE [--candidates 4]
        [--games 24] [--deep-depth 14] [--their-placement 8,11] [--own-moving 7,9]
        [--their-movetime 20] [--seed 1] [--record tools/data/morris_book_learned.jsonl]

The book's moves come from millref at depth 14: the best minimax score, whatever that
asks of the moving phase. Some lead to positions that millref rates even and holds at
one second a move, yet that hard loses again and again (tools/morris_hold.py: 8 games
of 11 from two of them). This tool scores the position's `--candidates` best moves
(millref at `--deep-depth`, the next best by its `avoid` list) by play instead:

- placement: the book side (the side to move) plays the book, millref at the deep
  depth where the book has no entry (as the builder would); the opponent millref at a
  depth drawn per move from `--their-placement` (the replies a fast engine plays);
- moving: the book side is millref at a depth drawn from `--own-moving`, standing for
  hard (millref at depth 8 lost 9 games of 12 from the line hard lost most, where hard
  lost 5 of 6); the opponent millref at `--their-movetime` ms a move. A time, not a
  depth: a side being blocked has few moves, and a timed search sees far deeper there
  (at depths 8-10 a move instead of 20 ms, the same line's end lost 1 game of 12).

Every candidate meets the same `--games` seeds (the same draws of depths and tie-breaks,
so the candidates differ less by luck; the timed opponent still varies with the load).
The move with the fewest losses, then the best score, wins, even one the deep search
rates lower (after f4 d2 d6 b6 b4 f2 b2 e4 c5, d5 at -0.72 pieces lost 3 games of 40
where the book's c4 at -0.06 lost 21: it blocks the line White's double threat needs);
with `--record FILE` the position, the move and the evidence are appended to FILE,
which tools/build_morris_book.py --learned reads over its own searches. The book's
move (`--learned` moves over the shipped book's) is always a candidate, and the book
side's later placements follow the same book. With `--proposals FILE`, every position
whose move tools/morris_book_steer.py proposes to switch in FILE, and has no learned
move yet, is learned in turn.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.opening import (  # noqa: E402
    BookEntry,
    book,
    book_key,
    canonical,
    from_canonical,
    lookup,
    to_canonical,
)
from engine.games.morris.rules import MorrisMove, MorrisState  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_book_lines import (  # noqa: E402
    LEARNED_FILE,
    PLACEMENT_PLIES,
    depths,
    entry_move,
    learned_entries,
    learned_records,
    position_key,
    ref_score,
    replay,
)
from tools.morris_match import MAX_PLIES, Result  # noqa: E402


def positive(text: str) -> int:
    """A whole number of at least 1 (a count, or milliseconds a move)."""
    value = int(text)
    if value < 1:
        raise ValueError(f"not at least 1: {text!r}")
    return value


@dataclass
class Referees:
    """The millref processes of a run: one per depth, and the deep one's answers by
    canonical position (the book side's off-book placements repeat across games)."""

    deep_depth: int
    engines: dict[int, MillRef] = field(default_factory=dict)  # by depth
    timed_engines: dict[int, MillRef] = field(default_factory=dict)  # by milliseconds a move
    deep_moves: dict[int, MorrisMove] = field(default_factory=dict)

    def at(self, depth: int) -> MillRef:
        if depth not in self.engines:
            self.engines[depth] = MillRef(0, depth)
        return self.engines[depth]

    def timed(self, movetime_ms: int) -> MillRef:
        if movetime_ms not in self.timed_engines:
            self.timed_engines[movetime_ms] = MillRef(movetime_ms)
        return self.timed_engines[movetime_ms]

    def deep(self, state: MorrisState) -> MorrisMove:
        """The deep search's move, kept in the canonical frame: a symmetric image of a
        position met before gets the image of its move."""
        key, index = canonical(state.key())
        if key not in self.deep_moves:  # a clean, fixed-seed search: the same move every time
            self.deep_moves[key] = to_canonical(self.at(self.deep_depth).move(state.history, 0), index)
        return from_canonical(self.deep_moves[key], index)

    def candidates(self, state: MorrisState, count: int) -> list[tuple[MorrisMove, int]]:
        """The `count` best moves by the deep search, each with its score (Python units)."""
        return [(move, ref_score(score)) for move, score in self.ranked(state, count, self.deep_depth)]

    def ranked(self, state: MorrisState, count: int, depth: int) -> list[tuple[MorrisMove, int]]:
        """The `count` best moves by millref at `depth`, best first (each asked again with
        the better ones avoided), each with its score in millref's units."""
        ranked: list[tuple[MorrisMove, int]] = []
        engine = self.at(depth)
        for _ in range(min(count, len(state.legal_moves()))):
            move = engine.move(state.history, 0, [move for move, _ in ranked])
            ranked.append((move, engine.last["score"]))
        return ranked

    def close(self) -> None:
        for engine in [*self.engines.values(), *self.timed_engines.values()]:
            engine.close()


@dataclass(frozen=True)
class Settings:
    """How the games are played: the opponent's placement depths, the book side's moving
    depths (standing for hard) and the opponent's time a move when moving."""

    their_placement: tuple[int, int]
    own_moving: tuple[int, int]
    their_movetime: int


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """The options of the games' players and book (this tool and tools/morris_book_survey.py)."""
    parser.add_argument("--deep-depth", type=int, default=14)
    parser.add_argument("--their-placement", type=depths, default=(8, 11))
    parser.add_argument("--own-moving", type=depths, default=(7, 9))
    parser.add_argument("--their-movetime", type=positive, default=20, help="ms a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--learned", type=Path, default=LEARNED_FILE, help="earlier moves, over the book")


def play_settings(args: argparse.Namespace) -> tuple[Settings, dict[int, BookEntry]]:
    """The players' settings and the book (learned moves over the shipped book's) of `args`."""
    settings = Settings(args.their_placement, args.own_moving, args.their_movetime)
    return settings, {**book(), **learned_entries(args.learned)}


def play_out(
    state: MorrisState, side: int, entries: dict[int, BookEntry], refs: Referees, settings: Settings,
    rng: random.Random,
) -> int | None:  # fmt: skip
    """Plays `state` to its end (MAX_PLIES: a draw) as the module docstring says; the winner."""
    while state.ply < MAX_PLIES:
        outcome = state.outcome()
        if outcome is not None:
            return outcome.winner
        own, placing = state.to_move == side, state.ply < PLACEMENT_PLIES
        if own and placing:
            found = lookup(entries, state)
            move = entry_move(state, found[1]) if found is not None else refs.deep(state)
        elif own or placing:
            engine = refs.at(rng.randint(*(settings.own_moving if own else settings.their_placement)))
            move = engine.move(state.history, rng.randrange(1 << 30))
        else:
            move = refs.timed(settings.their_movetime).move(state.history, rng.randrange(1 << 30))
        if move not in state.legal_moves():
            raise RuntimeError(f"millref chose {move}, illegal after {' '.join(map(str, state.history))}")
        state.push(move)
    return None


def score_move(
    line: list[MorrisMove], move: MorrisMove, games: int, seed: int, entries: dict[int, BookEntry],
    refs: Referees, settings: Settings,
) -> Result:  # fmt: skip
    """The book side's results after `move` from the end of `line`, one game a seed."""
    side = len(line) % 2
    result = Result()
    for game in range(games):
        state = replay([*line, move])
        result.count(play_out(state, side, entries, refs, settings, random.Random(seed + game)), side)
    return result


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("line", nargs="?", help="the placements before the book side's move, space separated")
    parser.add_argument("--proposals", type=Path, help="instead: a steer file's proposals")
    parser.add_argument("--candidates", type=positive, default=4)
    parser.add_argument("--games", type=positive, default=24)
    add_play_options(parser)
    parser.add_argument("--record", type=Path, help="append the chosen move and its evidence here")
    args = parser.parse_args(argv)
    if (args.line is None) == (args.proposals is None):
        parser.error("give a line or --proposals")
    todo = [args.line] if args.line is not None else [
        record["line"] for record in learned_records(args.proposals, switches_only=True)
    ]  # fmt: skip
    for text in todo:
        state = replay([])
        try:
            state.play_all(text.split())  # checked play: parsed, legal
        except ValueError as error:
            parser.error(f"line: {error}")
        if state.ply >= PLACEMENT_PLIES or state.outcome() is not None:
            parser.error("the line must end in placement, with the book side to move")
        if args.line is None:
            # Asked again each time: a move learned just now may settle the next proposals.
            if not open_proposal(state, args):
                print(f"{text}: learned, or under a learned move", flush=True)
                continue
            print(text, flush=True)
        learn(state, args)
    return 0


def open_proposal(state: MorrisState, args: argparse.Namespace) -> bool:
    """Whether a proposal's position has no learned move yet and the book still leads there."""
    key = book_key(state)
    if any(position_key(record) == key for record in learned_records(args.learned)):
        return False
    return follows_book(list(state.history), play_settings(args)[1])


def follows_book(line: list[MorrisMove], entries: dict[int, BookEntry]) -> bool:
    """Whether the book side (the side to move after `line`) played the book's move
    wherever the book has one: a proposal under a move since learned away is moot."""
    side = len(line) % 2
    state = replay([])
    for move in line:
        found = lookup(entries, state) if state.to_move == side else None
        if found is not None and found[0] != move:
            return False
        state.push(move)
    return True


def learn(state: MorrisState, args: argparse.Namespace) -> None:
    """Plays the position's candidates out, prints the results and records the choice."""
    line = list(state.history)
    settings, entries = play_settings(args)
    book_move = lookup(entries, state)
    refs = Referees(args.deep_depth)
    played: list[tuple[MorrisMove, int, Result]] = []
    try:
        candidates = refs.candidates(state, args.candidates)
        if book_move is not None and book_move[0] not in [move for move, _ in candidates]:
            candidates.append((book_move[0], book_move[1].score))  # the book's own move always plays
        for move, score in candidates:
            result = score_move(line, move, args.games, args.seed, entries, refs, settings)
            played.append((move, score, result))
            print(f"  {move}: depth-{args.deep_depth} score {score}, by play {result}", flush=True)
    finally:
        refs.close()
    best, best_score, _ = min(played, key=lambda each: (each[2].losses, -each[2].score))
    print(f"book move {book_move[0] if book_move else None}; learned {best}", flush=True)
    if args.record is not None:
        evidence = [{"move": str(move), "score": score, "wins": result.wins, "draws": result.draws,
                     "losses": result.losses} for move, score, result in played]  # fmt: skip
        record = {"line": " ".join(map(str, line)), "position": state.position(), "move": str(best),
                  "book": str(book_move[0]) if book_move else None, "score": best_score,
                  "depth": args.deep_depth, "games": args.games, "seed": args.seed,
                  "settings": vars(settings), "evidence": evidence}  # fmt: skip
        with args.record.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    sys.exit(main())
