"""How far the Nine Men's Morris placement book carries the hard level against an opponent.

    python -m tools.morris_book_reach [--book engine/games/morris/opening.book] [--opponent ref:20]
        [--games 200] [--opening 0] [--seed 1]

Until hard leaves its book, every one of its moves is the book's: the ply at which it
first meets a position the book does not hold depends only on the book and the
opponent's replies. So this plays the book against an opponent (`ref:MS[:DEPTH]` as in
tools/morris_match.py: millref with a time or a depth) only up to that ply, for each
colour, in a fraction of a real match's time, and prints where the book ran out: the
measure of the book's coverage that the matches' losses out of placement call for.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from engine.games.morris.opening import DATA_PATH, BookEntry, lookup
from engine.games.morris.rules import MorrisMove, MorrisState
from engine.registry import new_state
from tools.mill_ref import MillRef
from tools.morris_book_lines import book_argument, book_exits_summary
from tools.morris_match import random_opening


def exit_ply(
    entries: dict[int, BookEntry], ref: MillRef, colour: int, opening: list[MorrisMove], rng: random.Random
) -> int:
    """The first ply at which the book side (`colour`) is to move in a position out of
    `entries`: PLACEMENT_PLIES or more when the book carried it through placement."""
    state = new_state("nine")
    assert isinstance(state, MorrisState)
    for move in opening:
        state.push(move)
    while state.outcome() is None:
        if state.to_move == colour:
            found = lookup(entries, state)
            if found is None:
                return state.ply
            move = found[0]
        else:
            move = ref.move(state.history, rng.randrange(1 << 30))
        state.push(move)
    return state.ply


def reach(
    entries: dict[int, BookEntry], opponent: str, games: int, opening_plies: int, seed: int
) -> dict[int, list[int]]:
    """The exit plies of `games` placements a colour (colour: plies)."""
    kind, _, rest = opponent.partition(":")
    if kind != "ref":
        raise ValueError(f"the opponent is millref, ref:MS[:DEPTH], not {opponent!r}")
    rng = random.Random(seed)
    exits: dict[int, list[int]] = {0: [], 1: []}
    with MillRef.from_spec(rest) as ref:
        for _ in range(games):
            opening = random_opening("nine", opening_plies, rng)
            for colour in (0, 1):
                exits[colour].append(exit_ply(entries, ref, colour, opening, rng))
    return exits


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--book", type=Path, default=DATA_PATH)
    parser.add_argument("--opponent", default="ref:20")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opening", type=int, default=0, help="random placement plies before the book")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    entries = book_argument(parser, args.book)
    exits = reach(entries, args.opponent, args.games, args.opening, args.seed)
    print(f"{args.book} ({len(entries)} positions) against {args.opponent}, opening {args.opening}:")
    for colour, side in ((0, "White"), (1, "Black")):
        print(f"  the book as {side}: {book_exits_summary(exits[colour])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
