"""Find the book's placements that hard's own judgement disputes, for play to decide.

    python -m tools.morris_book_steer [--opponent ref:50] [--games 150] [--from-ply 10]
        [--top 200] [--nodes 200000] [--flag 300] [--gain 300] [--rank-depth 14]
        [--candidates 4] [--margin 80] [--seed 3] [--workers 2] [--survey N]
        [--out tools/data/morris_book_steered.jsonl]
    python -m tools.morris_book_learn --proposals tools/data/morris_book_steered.jsonl
        --games 40 --record tools/data/morris_book_learned.jsonl

The book's moves are millref's (depth 14, some depth 18), and hard has to play on alone
from where they lead. Where hard's own search scores the book's move well below another
move millref rates about as high, the two disagree on what the position asks of the
player, and play decides better than either (tools/morris_book_learn.py). Of 541
positions checked, 13 were proposed; of the 11 still on the book's lines, play switched
7 and kept 4: the book's moves lost 82 of their 440 games, the learned ones 36 (the same
seeds; the fewest losses of four or five candidates also picks some luck), among them
a4 19 -> a1 0, c3 11 -> d5 2, d7 10 -> g1 2. Hard's proposed move was play's best, or
level with it, in 4 of the 11: its judgement finds the positions, not the move.

1. Visits (tools/morris_book_deepen.py `visits`): `--games` placements a colour of the
   book against `--opponent`; the book side's positions from `--from-ply` on that the
   book holds, most visited first (`--top`), not learned by play or switched by a
   deeper check (their evidence stands).
2. Hard's judgement of the book's move: the position after it, searched by hard's own
   search (the game's `spec.search`) for `--nodes` nodes (about a second and a half)
   from empty tables, so the judgement depends on the position alone. A position it
   judges at `--flag` or above (hard's units: a piece is 1,000) is settled.
3. Below: millref's best `--candidates` moves at `--rank-depth` (each asked again with
   the better ones avoided); those within `--margin` (millref's hundredths of a piece)
   of its best are judged the same way. A move judged `--gain` or more above the book's
   is proposed: the record's move.

Every checked position is appended to `--out` (the learned records' format,
tools/morris_book_lines.py, with every candidate's millref score and hard's judgement),
so a rerun checks only new positions; tools/morris_book_learn.py --proposals plays each
proposal's position out and records the move that lost least, which the book builder
plays over its own (`--learned`). `--survey N` only judges the ends of N placements a
colour for the book side: how many hard scores under `--flag`, held out from the visits
by another `--seed`.
"""

from __future__ import annotations

import argparse
import atexit
import json
import multiprocessing
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.ai.search import MATE  # noqa: E402
from engine.games.morris.opening import DATA_PATH, BookEntry, lookup  # noqa: E402
from engine.games.morris.rules import MorrisMove  # noqa: E402
from tools.morris_book_deepen import visits  # noqa: E402
from tools.morris_book_learn import Referees  # noqa: E402
from tools.morris_book_lines import (  # noqa: E402
    DEEP_FILE,
    LEARNED_FILE,
    PLACEMENT_PLIES,
    STEERED_FILE,
    book_argument,
    learned_records,
    position_key,
    ref_score,
    replay,
)

Settings = dict[str, int]  # the judgement's: nodes, flag, gain, rank_depth, candidates, margin


def judge(line: list[MorrisMove], move: MorrisMove, nodes: int) -> int:
    """Hard's score of the position after `move`, for the side playing it: its own search
    bounded by `nodes` from empty tables (a game's end scores as a mate at once)."""
    state = replay([*line, move])
    outcome = state.outcome()
    if outcome is not None:
        return 0 if outcome.winner is None else (MATE if outcome.winner != state.to_move else -MATE)
    spec = state.spec
    assert spec.search is not None
    searcher = spec.search(spec.evaluate)
    results = list(searcher.iterate(state, max_nodes=nodes))
    return -results[-1].score


_referees: Referees | None = None  # this process's millref processes, closed at its exit


def candidates(line: list[MorrisMove], depth: int, count: int) -> list[tuple[MorrisMove, int]]:
    """Millref's best `count` moves at `depth`, best first, with their scores."""
    global _referees
    if _referees is None:
        _referees = Referees(depth)
        atexit.register(_referees.close)
    return _referees.ranked(replay(line), count, depth)


def check(
    line: list[MorrisMove], found: tuple[MorrisMove, BookEntry], visited: int, settings: Settings
) -> dict[str, Any]:
    """The record of the position after `line`, whose book move and entry are `found`:
    the book's move judged, and below `flag` the others."""
    start = time.perf_counter()
    state = replay(line)
    book_move, entry = found
    book_judged = judge(line, book_move, settings["nodes"])
    record: dict[str, Any] = {
        "line": " ".join(map(str, line)), "position": state.position(), "book": str(book_move),
        "judged": book_judged, "move": str(book_move), "score": entry.score, "depth": entry.depth,
    }  # fmt: skip
    if book_judged < settings["flag"]:
        ranked = candidates(line, settings["rank_depth"], settings["candidates"])
        best_ref = ranked[0][1]
        evidence: list[dict[str, Any]] = []
        for move, ref in ranked:
            if best_ref - ref > settings["margin"] and move != book_move:
                continue
            judged = book_judged if move == book_move else judge(line, move, settings["nodes"])
            evidence.append({"move": str(move), "ref": ref, "judged": judged})
        record["evidence"] = evidence
        choice = max(evidence, key=lambda item: item["judged"])
        if choice["judged"] - book_judged >= settings["gain"]:
            record.update(move=choice["move"], score=ref_score(choice["ref"]), depth=settings["rank_depth"])
    record.update(settings, visits=visited, seconds=round(time.perf_counter() - start, 1))
    return record


def end_judged(line: list[MorrisMove], nodes: int) -> int:
    """Hard's judgement of a whole placement's end for the side that placed last."""
    return judge(line[:-1], line[-1], nodes)


def survey(args: argparse.Namespace, entries: dict[int, BookEntry], pool: ProcessPoolExecutor) -> None:
    """The share of `--survey` placements a colour whose end hard judges below `--flag`
    for the book side: what the switches are for, measured on placements of their own."""
    ends: list[list[MorrisMove]] = []
    visits(entries, args.opponent, args.survey, PLACEMENT_PLIES, args.seed, args.stand_in, ends)
    judged = list(pool.map(end_judged, ends, [args.nodes] * len(ends)))
    for colour, name in enumerate(("White", "Black")):
        # The last placement is Black's: the book side's own view flips for White.
        own = [score if colour == 1 else -score for score in judged[colour::2]]
        low = sum(score < args.flag for score in own)
        quartiles = " ".join(f"{q:+.0f}" for q in statistics.quantiles(own, n=4))
        print(f"book as {name}: {low} of {len(own)} placements end judged below {args.flag} "
              f"(quartiles {quartiles})", flush=True)  # fmt: skip


def to_check(counts: dict[int, int], entries: dict[int, BookEntry], out: Path) -> list[int]:
    """The book's positions not checked before, most visited first; not those whose move
    was learned by play or switched by a deeper check (their evidence stands)."""
    settled = learned_records(LEARNED_FILE) + learned_records(DEEP_FILE, switches_only=True)
    done = {position_key(record) for record in learned_records(out) + settled}
    return [key for key in sorted(counts, key=lambda k: -counts[k]) if key not in done and key in entries]


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--opponent", default="ref:50")
    parser.add_argument("--games", type=int, default=150, help="placements a colour")
    parser.add_argument("--from-ply", type=int, default=10)
    parser.add_argument("--stand-in", type=int, default=10, help="millref's depth out of the book")
    parser.add_argument("--top", type=int, default=200, help="positions checked, most visited first")
    parser.add_argument("--nodes", type=int, default=200_000, help="hard's judgement, in nodes")
    parser.add_argument("--flag", type=int, default=300, help="a judgement below this looks further")
    parser.add_argument("--gain", type=int, default=300, help="what a switch must gain, hard's units")
    parser.add_argument("--rank-depth", type=int, default=14)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--margin", type=int, default=80, help="millref units under its best")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--survey", type=int, default=0, help="only judge this many placements' ends")
    parser.add_argument("--book", type=Path, default=DATA_PATH)
    parser.add_argument("--out", type=Path, default=STEERED_FILE)
    args = parser.parse_args(argv)
    entries = book_argument(parser, args.book)
    spawn = multiprocessing.get_context("spawn")  # millref's pipes and the search's tables per worker
    if args.survey:
        with ProcessPoolExecutor(args.workers, mp_context=spawn) as pool:
            survey(args, entries, pool)
        return 0
    counts, reached = visits(entries, args.opponent, args.games, args.from_ply, args.seed, args.stand_in)
    todo = to_check(counts, entries, args.out)[: args.top]
    print(f"{len(counts)} positions from ply {args.from_ply} in {2 * args.games} placements; "
          f"checking {len(todo)}", flush=True)  # fmt: skip
    names = ("nodes", "flag", "gain", "rank_depth", "candidates", "margin")
    settings: Settings = {name: getattr(args, name) for name in names}
    proposed = flagged = 0
    with ProcessPoolExecutor(args.workers, mp_context=spawn) as pool:
        found = {key: hit for key in todo if (hit := lookup(entries, replay(reached[key]))) is not None}
        jobs = [pool.submit(check, reached[key], hit, counts[key], settings) for key, hit in found.items()]
        for number, job in enumerate(jobs, 1):
            record = job.result()
            flagged += "evidence" in record
            proposed += record["move"] != record["book"]
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
            others = ", ".join(f"{e['move']} {e['ref']}/{e['judged']}" for e in record.get("evidence", []))
            print(f"{number}/{len(todo)} ply {len(record['line'].split())} x{record['visits']}: "
                  f"book {record['book']} judged {record['judged']} -> {record['move']}"
                  f"{f' [{others}]' if others else ''} ({record['seconds']} s; "
                  f"{flagged} flagged, {proposed} proposed)", flush=True)  # fmt: skip
    print(f"{proposed} of {len(todo)} moves proposed ({flagged} judged below {args.flag})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
