"""Check the book's late placement moves deeper: the positions the hard level meets
against a fast engine, searched again by millref well past the book's own depth.

    python -m tools.morris_book_deepen [--opponent ref:50] [--games 150] [--from-ply 10]
        [--top 200] [--depth 18] [--margin 40] [--level 0] [--stand-in 10] [--seed 1]
        [--workers 2] [--losses tools/data/morris_book_losses.jsonl]
        [--out tools/data/morris_book_deep.jsonl]

The book's moves come from millref at depth 14. Some of hard's losses went out of
placement through a move that depth 18-20 refutes and depth 14 does not (the losses
file's lines 84, 86, 92 and 96), and millref reaches depth 18 in 2.5 s a late
placement position (the median of 430 checks; 29 s at most): too slow for every
position of the book, affordable for those hard actually plays. So:

1. Visits: `--games` placements a colour from the start, the book against
   `--opponent` (`ref:MS[:DEPTH]`, as tools/morris_match.py), millref at depth
   `--stand-in` for hard where the book has no move; the book side's positions from
   `--from-ply` on are counted, folded by the book's symmetries.
2. Deep checks, most visited first (`--top` of them, on `--workers` millref
   processes): millref at `--depth` gives its move and score; where that is not the
   book's move, the book's move is scored at the same depth (the reply's search a
   ply shallower). The deep move replaces it only when it scores at least `--margin`
   (millref's hundredths of a piece) more: scores at one depth wander by a few
   hundredths between near-equal moves, and the book's lines were built under its
   move. A position the book does not hold (hard would search there) takes the deep
   move.

With `--losses`, the positions are instead the loser's placement positions from
`--from-ply` on in each game of the file (tools/morris_match.py --losses, one visit
each) that the book still leads to, and the one where the book leaves the game even
before `--from-ply`. tools/build_morris_book.py searches those at the book's own
depth, and a game may be lost from them by a move depth 14 keeps and depth 18
refutes (seed 7015 game 7: the book's last placement e4 -0.91 at depth 18, e5 -0.29).

Every checked position is appended to `--out` (the learned records' format,
tools/morris_book_lines.py, with the book's move and both deep scores), so a rerun
checks only new positions; tools/build_morris_book.py --deep reads the records
whose move differs from the book's. Positions whose move was learned by play
(tools/data/morris_book_learned.jsonl) are left to that evidence. A larger `--depth`
checks again the positions checked shallower, with `--level N` only those the last
check scored within N of even (depth 20: 4.4 s a position, the median of 50; 39 s at most).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from threading import Lock, local
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.opening import DATA_PATH, BookEntry, book_key, lookup  # noqa: E402
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_blame import score_after  # noqa: E402
from tools.morris_book_lines import (  # noqa: E402
    DEEP_FILE,
    LEARNED_FILE,
    PLACEMENT_PLIES,
    book_argument,
    learned_records,
    position_key,
    ref_score,
    replay,
)


def _visit(counts: Counter[int], reached: dict[int, list[MorrisMove]], state: MorrisState) -> None:
    """Count one stand of the book side at `state`, keeping the first line to reach it."""
    key = book_key(state)
    counts[key] += 1
    reached.setdefault(key, list(state.history))


def visits(
    entries: dict[int, BookEntry], opponent: str, games: int, from_ply: int, seed: int, stand_in: int,
    ends: list[list[MorrisMove]] | None = None,
) -> tuple[Counter[int], dict[int, list[MorrisMove]]]:
    """How often the book side stands at each position from `from_ply` on (by canonical
    key), and a line reaching each. Where the book has no move, hard would search:
    millref at depth `stand_in` (about as deep as hard's second) plays for it, so the
    positions after the book runs out count too (one lost game left the book at ply 15
    and went wrong at ply 17). Each placement's whole line is appended to `ends`, the book
    side White and Black in turn."""
    counts: Counter[int] = Counter()
    reached: dict[int, list[MorrisMove]] = {}
    rng = random.Random(seed)
    with MillRef.from_spec(opponent.removeprefix("ref:")) as ref, MillRef(0, stand_in) as searcher:
        for _ in range(games):
            for colour in (0, 1):
                state = replay([])
                while state.ply < PLACEMENT_PLIES and state.outcome() is None:
                    if state.to_move == colour:
                        if state.ply >= from_ply:
                            _visit(counts, reached, state)
                        found = lookup(entries, state)
                        move = searcher.move(state.history, 0) if found is None else found[0]
                    else:
                        move = ref.move(state.history, rng.randrange(1 << 30))
                    state.push(move)
                if ends is not None:
                    ends.append(list(state.history))
    return counts, reached


def loss_visits(
    entries: dict[int, BookEntry], losses: Path, from_ply: int
) -> tuple[Counter[int], dict[int, list[MorrisMove]]]:
    """The loser's placement positions from `from_ply` on in each game of `losses` (one
    JSON game a line, the loser's colour first in "collapsed"), counted as `visits` does,
    while the book still leads there: up to the first where the loser did not play the
    book's move (the book has changed since, or had no move and hard searched). That
    one counts even before `from_ply`: the game was lost from there (7542 game 21's
    book had no move at ply 6)."""
    counts: Counter[int] = Counter()
    reached: dict[int, list[MorrisMove]] = {}
    for text in losses.read_text(encoding="utf-8").splitlines():
        game = json.loads(text)
        loser, state = game["collapsed"][0], replay([])
        for move in map(parse_morris_move, game["moves"][:PLACEMENT_PLIES]):
            if state.to_move == loser:
                found = lookup(entries, state)
                left = found is None or found[0] != move
                if state.ply >= from_ply or left:
                    _visit(counts, reached, state)
                if left:
                    break
            state.push(move)
    return counts, reached


class DeepCheck:
    """Deep searches on a millref process per worker thread (the C engine does the work)."""

    def __init__(self, entries: dict[int, BookEntry], depth: int, margin: int) -> None:
        self.entries = entries
        self.depth = depth
        self.margin = margin
        self._local = local()
        self._opened: list[MillRef] = []  # every thread's, closed together
        self._lock = Lock()

    def _ref(self, depth: int) -> MillRef:
        refs: dict[int, MillRef] = self._local.__dict__.setdefault("refs", {})
        if depth not in refs:
            refs[depth] = MillRef(0, depth)
            with self._lock:
                self._opened.append(refs[depth])
        return refs[depth]

    def __call__(self, line: list[MorrisMove], visited: int) -> dict[str, Any]:
        start = time.perf_counter()
        state = replay(line)
        found = lookup(self.entries, state)
        deep = self._ref(self.depth)
        move = deep.move(line, 0)
        score = deep.last["score"]
        record: dict[str, Any] = {
            "line": " ".join(map(str, line)), "position": state.position(),
            "book": None if found is None else str(found[0]), "deep": str(move), "deep_score": score,
        }  # fmt: skip
        chosen, chosen_score = move, score
        if found is not None and found[0] != move:
            book_score = score_after(self._ref(self.depth - 1), [*line, found[0]])  # a game's end too
            record["book_score"] = book_score
            if score - book_score < self.margin:
                chosen, chosen_score = found[0], book_score
        record.update({
            "move": str(chosen), "score": ref_score(chosen_score), "depth": self.depth,
            "margin": self.margin, "visits": visited, "seconds": round(time.perf_counter() - start, 1),
        })  # fmt: skip
        return record

    def close(self) -> None:
        for ref in self._opened:
            ref.close()


def to_check(counts: Counter[int], out: Path, depth: int, level: int) -> list[int]:
    """The positions to check, most visited first: not learned by play, not checked at
    `depth` or deeper before; with `level`, only those an earlier, shallower check
    scored within `level` of even (the deciding ones: a position already won or lost by
    a piece is not where a deeper search changes the result)."""
    learned = {position_key(record) for record in learned_records(LEARNED_FILE)}
    earlier: dict[int, dict[str, Any]] = {}
    for record in learned_records(out):
        earlier[position_key(record)] = record  # the latest check of each position
    todo = []
    for key, _ in counts.most_common():
        last = earlier.get(key)
        if key in learned or (last is not None and last["depth"] >= depth):
            continue
        if level and (last is None or abs(last["deep_score"]) > level):
            continue
        todo.append(key)
    return todo


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--book", type=Path, default=DATA_PATH)
    parser.add_argument("--opponent", default="ref:50")
    parser.add_argument("--games", type=int, default=150, help="placements a colour")
    parser.add_argument("--from-ply", type=int, default=10)
    parser.add_argument("--stand-in", type=int, default=10, help="millref's depth out of the book")
    parser.add_argument("--top", type=int, default=200, help="positions checked, most visited first")
    parser.add_argument("--depth", type=int, default=18)
    parser.add_argument("--margin", type=int, default=40, help="millref units a switch needs")
    parser.add_argument("--level", type=int, default=0, help="only recheck positions scored within this")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--losses", type=Path, default=None, help="check these games' positions instead")
    parser.add_argument("--out", type=Path, default=DEEP_FILE)
    args = parser.parse_args(argv)
    entries = book_argument(parser, args.book)
    if args.losses is None:
        counts, reached = visits(entries, args.opponent, args.games, args.from_ply, args.seed, args.stand_in)
        where = f"{2 * args.games} placements"
    else:
        try:
            counts, reached = loss_visits(entries, args.losses, args.from_ply)
        except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
            parser.error(f"{args.losses}: not a losses file ({error})")
        where = f"the lost games of {args.losses}"
    todo = to_check(counts, args.out, args.depth, args.level)[: args.top]
    print(f"{len(counts)} positions from ply {args.from_ply} in {where}; checking {len(todo)}", flush=True)
    check = DeepCheck(entries, args.depth, args.margin)
    try:
        switched = report(check, todo, counts, reached, args.workers, args.out)
    finally:
        check.close()
    print(f"{switched} of {len(todo)} moves switched", flush=True)
    return 0


def report(
    check: DeepCheck, todo: list[int], counts: Counter[int], reached: dict[int, list[MorrisMove]],
    workers: int, out_path: Path,
) -> int:
    """Runs the checks, appending each record to `out_path` as it comes; the switches."""
    switched = 0
    with ThreadPoolExecutor(workers) as pool:
        results = pool.map(lambda key: check(reached[key], counts[key]), todo)
        for number, record in enumerate(results, 1):
            switched += record["move"] != record["book"]
            with out_path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
            print(f"{number}/{len(todo)} ply {len(record['line'].split())} x{record['visits']}: "
                  f"book {record['book']} {record.get('book_score', record['deep_score'])}, "
                  f"deep {record['deep']} {record['deep_score']} -> {record['move']} "
                  f"({record['seconds']} s; {switched} switched)", flush=True)  # fmt: skip
    return switched


if __name__ == "__main__":
    sys.exit(main())
