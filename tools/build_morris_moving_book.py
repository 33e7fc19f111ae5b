"""Build the Nine Men's Morris moving book (engine/games/morris/moving.book) offline.

    python -m tools.build_morris_moving_book [--depth 18]
        [--passes 400:8,12:8,12 600:8,12:10,14 1000:9,13:11,13] [--moves 1] [--seed 9000]
        [--colours 01] [--every-reply] [--losses tools/data/morris_book_losses.jsonl]
        [--suite tools/data/morris_suite.jsonl] [--met tools/data/morris_moving_met.jsonl]
        [--progress tools/data/morris_moving_progress.jsonl]
        [--out engine/games/morris/moving.book]

Against a fast strong engine the placement book leads hard into few moving positions (in
974 logged decisive games of hard against millref at 50 ms a move, 294 distinct positions
at hard's first moving turn, two of them a quarter of the games), and there its
one-second search misjudges some first moves: by millref at depth 18 its first moving
move gave more than 0.2 pieces in 40 of 672 of those games, among them a lost game's
b4-c4 (-0.96 pieces against -0.11 for d5-c5; hard kept it at three seconds). The moving
book gives those turns the move of millref (tools/mill_ref.py, the C yardstick) at
`--depth`.

1. Losses: the bookable positions of the loser's first LOSS_TURNS moving turns in each
   game of `--losses`. They come first, then the suite's and the met positions: the
   samples take about two hours (two and a half with `--every-reply`), so a run stopped
   in them holds every loss, and a search gives a position the same move whichever stage
   meets it first.
2. Suite: each bookable moving position of `--suite` (tools/morris_suite.py: where
   hard gave away a third of a piece or more in a lost game, at any moving turn).
   Hard's one-second search still plays some of those moves: seed 7133 game 3 replayed
   seed 6885 game 17 to its fourth moving turn and the same e4-f4, half a piece worse
   than c5-c4, out of reach of the loss stage's first two turns. A booked loss enters
   the suite through `tools/morris_suite.py build --first N`: run it before this.
3. Met: the first moving positions hard met out of the moving book in logged match
   games (tools/morris_moving_cover.py `--missed`), and for those where it is Black, its
   answer to each of White's first steps from the position before (as `--every-reply`):
   the samples cannot foresee every opponent, and a position met once is often met
   again. With `--switched` the file also gets the first moving positions after a
   placement the deep check switched at hard's last placement in a logged game's line.
4. Samples: for each pass of `--passes` and each colour of `--colours`, the pass's
   games where that colour plays hard's placement book (the shipped one) and millref
   plays the other at a depth drawn per move from the pass's ranges, one while it places
   and one once it moves, with a drawn seed; at the book side's first `--moves` moving
   turns the deep search chooses the move, which is stored and played. At 50 ms a move
   millref reaches 9-12 plies late in placement and 11-13 at the first moving turns (two
   matches on two cores), hence the second pass: the first alone covered 7 in 10 of
   hard's first moving turns as White in logged games, 1 in 4 as Black, whose turn
   follows the opponent's first step. The third, at those depths, took the first moving
   turns of 254 later decisive games (none sampled) from 141 to 149 of 176 as White, but
   only from 48 to 49 of 78 as Black: more samples barely foresee the opponent's first
   step. A game whose book side leaves the placement book stops there: hard would
   search, and where it goes is not foreseeable. With `--every-reply`, at the
   opponent's moving turn before the book side's first (Black's: White steps first),
   the book side's answer to every legal step is searched too, not only to the drawn
   one (the opponent's draws, and so the games, are unchanged).

Every search is millref's at a fixed depth from a clean table (tools/morris_book_lines.py
`RefSearch`), and the draws come from `--seed`, so the book depends only on the
arguments. Progress is appended to `--progress` (one JSON line a searched position); a
rerun resumes from it. The book is rewritten as it grows, and its SHA-256 recorded in
tools/morris_moving_book.sha256.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.opening import (  # noqa: E402
    MOVES,
    MOVING_PATH,
    book,
    bookable,
    lookup,
)
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move  # noqa: E402
from tools.build_morris_book import LOSSES_FILE, Builder, Target  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_book_lines import PLACEMENT_PLIES, RefSearch, depths, entry_move, replay  # noqa: E402
from tools.morris_moving_cover import (  # noqa: E402
    bookable_moving_turn,
    checked_lines,
    met_position,
    met_positions,
)
from tools.morris_suite import DEFAULT_SUITE  # noqa: E402

CHECKSUM_FILE = ROOT / "tools" / "morris_moving_book.sha256"  # checked by tests/test_morris_moving_book.py
PROGRESS_FILE = ROOT / "tools" / "data" / "morris_moving_progress.jsonl"
MET_FILE = ROOT / "tools" / "data" / "morris_moving_met.jsonl"  # tools/morris_moving_cover.py --missed
MOVING_TARGET = Target(MOVES, MOVING_PATH, CHECKSUM_FILE)
RANK_DEPTH = 1  # RefSearch's reply ranking, unused here
SAVE_EVERY = 50  # sampled games between writes of the book
LOSS_TURNS = 2  # the loser's first moving turns a lost game adds (a third is bookable only after a removal)


def book_side_move(builder: Builder, state: MorrisState, source: str) -> MorrisMove | None:
    """The book side's move: the placement book's while it places, the moving book's
    (searched now if new) while the position is bookable; None where hard would search."""
    if state.in_hand(state.to_move):
        found = lookup(book(), state)
        return None if found is None or found[0] not in state.legal_moves() else found[0]
    if not bookable(state):
        return None
    return entry_move(state, builder.deep(state, 0, source))


class Pass(NamedTuple):
    """A sampling pass: its games per colour, and the ranges of depths the opponent's
    searches draw from while it places and once it moves."""

    games: int
    placing: tuple[int, int]
    moving: tuple[int, int]


DEFAULT_PASSES = [Pass(400, (8, 12), (8, 12)), Pass(600, (8, 12), (10, 14)), Pass(1000, (9, 13), (11, 13))]


def parse_pass(text: str) -> Pass:
    """GAMES:LOW,HIGH:LOW,HIGH (the opponent's depths placing, then moving)."""
    try:
        games, placing, moving = text.split(":")
        plan = Pass(int(games), depths(placing), depths(moving))
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"a pass is GAMES:LOW,HIGH:LOW,HIGH, not {text!r}") from error
    if plan.games < 0:
        raise argparse.ArgumentTypeError(f"a pass needs games >= 0, not {text!r}")
    return plan


def every_reply(builder: Builder, state: MorrisState) -> None:
    """The book side's answer to each of the opponent's moves from `state`: the
    opponent's first step, which the samples barely foresee (Black's first moving turn
    follows it), is taken whole, as the placement lines take every reply."""
    for reply in state.legal_moves():
        state.push(reply)
        if state.outcome() is None and bookable(state):
            builder.deep(state, 0, f"every reply {state.to_move}")
        state.pop()


def sample(
    builder: Builder,
    refs: dict[int, MillRef],
    rng: random.Random,
    colour: int,
    moves: int,
    plan: Pass,
    replies: bool = False,
) -> None:
    """One sampled game for the book playing `colour`, up to its `moves`-th moving turn;
    with `replies`, every reply at the opponent's moving turn before the first (what the
    opponent's random draws play is unchanged)."""
    state = replay([])
    booked = 0
    while state.outcome() is None and booked < moves:
        if state.to_move == colour:
            moving = not state.in_hand(colour)
            move = book_side_move(builder, state, f"sampled {colour}")
            if move is None:
                return
            booked += moving
        else:
            placing = state.in_hand(state.to_move)
            if replies and not placing and not booked:
                every_reply(builder, state)
            depth = rng.randint(*(plan.placing if placing else plan.moving))
            move = refs[depth].move(state.history, rng.randrange(1 << 30))
        state.push(move)


def search_met(builder: Builder, states: list[MorrisState]) -> int:
    """Search each met position, and for Black's, every answer to White's first step
    from the position before; return how many."""
    for number, state in enumerate(states):
        builder.deep(state, 0, f"met {number}")
        if state.ply == PLACEMENT_PLIES + 1:  # Black's first moving turn: after White's first step
            every_reply(builder, replay(state.history[:-1]))
    return len(states)


def loss_positions(record: dict[str, Any]) -> list[MorrisState]:
    """The loser's bookable positions in its first LOSS_TURNS moving turns of a lost
    game (later ones are rarely met again, and the endgame database's are its own)."""
    history = [parse_morris_move(text) for text in record["moves"]]
    loser = record["collapsed"][0]
    found = []
    for ply in range(min(len(history), PLACEMENT_PLIES + 2 * LOSS_TURNS)):
        state = replay(history[:ply])
        if state.to_move == loser and bookable_moving_turn(state):
            found.append(state)
    return found


def suite_positions(path: Path) -> tuple[int, dict[int, MorrisState]]:
    """A suite file's count of lines, and its bookable moving positions by line (a
    missing file has none); the others (a repetition possible in the history) are
    skipped. A line that does not replay raises ValueError naming the file and line."""

    def position(record: dict[str, Any]) -> MorrisState | None:
        state = met_position(record)
        return state if bookable_moving_turn(state) else None

    found = checked_lines(path, position) if path.exists() else []
    return len(found), {line: state for line, state in enumerate(found) if state is not None}


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--depth", type=int, default=18, help="millref's depth for the book's moves")
    parser.add_argument(
        "--passes", type=parse_pass, nargs="+", default=DEFAULT_PASSES, help="GAMES:LOW,HIGH:LOW,HIGH each"
    )
    parser.add_argument("--moves", type=int, default=1, help="the book side's moving turns per sample")
    parser.add_argument("--seed", type=int, default=9000, help="pass i draws from seed + i")
    parser.add_argument("--colours", default="01", help="the book's colours: 0 White, 1 Black")
    parser.add_argument(
        "--every-reply", action="store_true", help="every opponent step before the book side's first"
    )
    parser.add_argument("--losses", type=Path, default=LOSSES_FILE, help="games hard lost")
    parser.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="positions where hard erred")
    parser.add_argument("--met", type=Path, default=MET_FILE, help="positions hard met out of the book")
    parser.add_argument("--progress", type=Path, default=PROGRESS_FILE)
    parser.add_argument("--out", type=Path, default=MOVING_PATH)
    args = parser.parse_args(argv)
    try:
        met = met_positions(args.met)
        suite_lines, suite = suite_positions(args.suite)
    except ValueError as error:
        parser.exit(2, f"build_morris_moving_book: {error}\n")
    unrecorded = ("progress", "out", "losses", "suite", "met", "colours")
    built = {k: v for k, v in vars(args).items() if k not in unrecorded}
    builder = Builder(args.progress, RefSearch(args.depth, RANK_DEPTH), target=MOVING_TARGET)
    start = time.perf_counter()
    built["loss_games"] = builder.search_losses(args.losses, loss_positions, 0)
    builder.write(args.out, built)
    print(f"{built['loss_games']} lost games searched in {time.perf_counter() - start:.0f} s", flush=True)
    for line, state in suite.items():
        builder.deep(state, 0, f"suite line {line}")
    built["suite_lines"] = suite_lines
    builder.write(args.out, built)
    print(f"{len(suite)} bookable positions of {suite_lines} suite lines searched", flush=True)
    built["met_positions"] = search_met(builder, met)
    builder.write(args.out, built)
    elapsed = time.perf_counter() - start
    print(f"{built['met_positions']} met positions searched, {elapsed:.0f} s in all", flush=True)
    needed = {
        d for plan in args.passes for low, high in (plan.placing, plan.moving) for d in range(low, high + 1)
    }
    refs = {depth: MillRef(0, depth) for depth in sorted(needed)}
    try:
        for index, plan in enumerate(args.passes):
            for colour in map(int, args.colours):
                rng = random.Random((args.seed + index) * 2 + colour)  # a seed of its own each pass
                for game in range(plan.games):
                    sample(builder, refs, rng, colour, args.moves, plan, args.every_reply)
                    if game % SAVE_EVERY == SAVE_EVERY - 1:
                        elapsed = time.perf_counter() - start
                        print(f"pass {index}, colour {colour}: {game + 1} games, {elapsed:.0f} s", flush=True)
                        builder.write(args.out, built)
    finally:
        for ref in refs.values():
            ref.close()
    builder.write(args.out, built)
    print(f"done in {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
