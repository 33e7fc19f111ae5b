"""Build the Nine Men's Morris placement book (engine/games/morris/opening.py) offline.

    python -m tools.build_morris_book [--ref-depth 14 --rank-depth 10 --lines 0,3,3,3,3,1]
        [--tree-nodes 200000] [--full-plies 2] [--tree-plies 3] [--width 2] [--games 12]
        [--game-nodes 30000] [--deep-nodes 600000] [--seed 1000] [--colours 01]
        [--samples 0] [--opening-samples 0] [--sample-depths 7,11] [--sample-colours 01]
        [--fast-samples 0 [1000 ...]] [--fast-depths 7,8 [8,10 ...]]
        [--losses tools/data/morris_book_losses.jsonl] [--learned tools/data/morris_book_learned.jsonl]
        [--learned-widths 0,3]
        [--progress tools/data/morris_book_progress.jsonl] [--out engine/games/morris/opening.book]

Every deep search is bounded by depth or nodes (never seconds) and starts from empty
tables, so the book depends only on the arguments, never on the machine's load. With
`--ref-depth D` the deep searches are millref's (tools/mill_ref.py, the C yardstick) at
depth D, `--tree-nodes` and `--deep-nodes` then unused; without it, the Python search's.

1. The tree: a breadth-first walk of placement from the start. Every position below
   `--full-plies` is expanded fully (the matches' random openings land there); deeper,
   a position is expanded along its book move and the `--width` - 1 other moves a
   shallow search (SHALLOW_DEPTH) likes best: the replies an opponent actually plays.
   Each position gets the move of a deep search (`--tree-nodes`), whichever side moves:
   the hard level plays both colours.
2. The lines (`--lines`, with `--ref-depth`; tools/morris_book_lines.py): for each
   colour of `--colours`, the placement lines from the start where that colour plays
   the book and the opponent its best few replies as millref ranks them at
   `--rank-depth` (`--lines` gives how many for each of its placements: 0 for all,
   the last number for the rest), to the end of placement. Then, with `--samples N`
   (tools/morris_book_lines.py `sampled`), N placements a colour where the book meets
   millref at a depth drawn per move from `--sample-depths` (a fast setting's 8-9
   plies, and either side of it) with a drawn tie-break seed: the replies a fast
   engine really plays, which a single depth-10 ranking often leaves out; with
   `--opening-samples M`, M more a colour after OPENING_PLIES random plies (the
   matches' random openings, where the book side's own first move may be random);
   with `--fast-samples K...`, K more a colour from the start for each range of
   `--fast-depths` in turn, against millref at depths drawn from it: the matches'
   opponent, whose rare replies took hard out of the book by ply 10 in 1 game of 20,
   reaches 8-10 plies at 50 ms a move in early placement (7-8 under load, 11-13 late).
   Each pass draws from a seed of its own, so a pass added later leaves the others'
   lines as they were.
3. The collapses: self-play games of a node-bounded hard level (`--game-nodes`, about
   what one second buys; the book built so far and the endgame database included)
   from random openings. Where a side's own score falls by COLLAPSE_DROP or more
   between placement and the first WINDOW plies of moving (or it loses in them), its
   placement positions from FIRST_PLY on are searched deeply (`--deep-nodes`) and
   added: the book targets exactly the blocked positions hard walked into.
4. Real losses: games hard lost in matches (tools/morris_match.py --losses writes
   them), one JSON object a line in `--losses`: {"collapsed": [the loser's colour],
   "moves": [...]}; the loser's placement positions from FIRST_PLY on are searched
   deeply and added (before the samples of stage 2: a run stopped in them holds these).

Learned moves (`--learned`, tools/morris_book_learn.py: the move of a position that a
fast searcher held best by play among the deep search's best few) stand over the deep
search's own, in every stage: the lines and samples walk on under the learned move.
With `--learned-widths` (as `--lines`, counted from the learned move: 0,3 is every
reply, then the best three), the book side's lines under each learned move are walked
too: a move learned late in placement leads where the lines and samples rarely went
(after f4 d2 d6 b6 b4 f2 b2 e4 e5 d7 c5, the learned d5 had none of its 12 replies in
the book), and hard would leave the book there. Moves a deeper search switched
(`--deep`, tools/morris_book_deepen.py: millref at depth 18 over the late placement
positions hard meets) stand over the deep search's too, under the learned ones, and
their lines are walked the same way.

Progress is appended to `--progress` (one JSON line a searched position or a played
game); a rerun with the same arguments resumes from it. The book is rewritten after
each stage, and its SHA-256 recorded in tools/morris_book.sha256.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple, cast

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.ai.search import Searcher  # noqa: E402
from engine.core import GameState  # noqa: E402
from engine.games.morris.endgame import solve_for_hard  # noqa: E402
from engine.games.morris.evaluation import MorrisEvaluator  # noqa: E402
from engine.games.morris.opening import (  # noqa: E402
    DATA_PATH,
    PLACEMENTS,
    BookEntry,
    BookFormat,
    book_key,
    canonical,
    encode,
    entry_for,
    from_canonical,
    lookup,
)
from engine.games.morris.rules import MorrisMove, MorrisState  # noqa: E402
from tools.morris_book_lines import (  # noqa: E402
    DEEP_FILE,
    LEARNED_FILE,
    PLACEMENT_PLIES,
    Found,
    RefSearch,
    depths,
    learned_entries,
    learned_lines,
    lines,
    replay,
    sampled,
)

CHECKSUM_FILE = ROOT / "tools" / "morris_book.sha256"  # checked by tests/test_morris_book.py
PROGRESS_FILE = ROOT / "tools" / "data" / "morris_book_progress.jsonl"
LOSSES_FILE = ROOT / "tools" / "data" / "morris_book_losses.jsonl"
SHALLOW_DEPTH = 3  # ranks an opponent's plausible replies in the tree
TT_ENTRIES = 1_000_000  # the deep searches' transposition table bound
WINDOW = 20  # moving-phase plies watched for a collapse
COLLAPSE_DROP = 1000  # a fall of this much of a side's own score (a piece) is a collapse
FIRST_PLY = 6  # a collapsing side's placement positions from this ply on go to the book
OPENING_PLIES = 2  # random plies before each self-play game (as tools/morris_match.py)


class Target(NamedTuple):
    """A shipped book: its format, its file and the file recording its checksum."""

    form: BookFormat
    path: Path
    checksum: Path


PLACEMENT_TARGET = Target(PLACEMENTS, DATA_PATH, CHECKSUM_FILE)


class Builder:
    """The book being built, its progress file and the deep searcher (the Python search
    bounded by nodes, or millref at a fixed depth when `ref` is given); `overrides`
    (`overrides()`) stand over the searches' own moves."""

    def __init__(
        self,
        progress: Path,
        ref: RefSearch | None = None,
        overrides: dict[int, BookEntry] | None = None,
        target: Target | None = None,
    ) -> None:
        self.progress = progress
        self.ref = ref
        self.target = target or PLACEMENT_TARGET
        self.entries: dict[int, BookEntry] = {}
        self.records: list[dict[str, Any]] = []
        overrides = overrides or {}
        # Positions whose move was learned by play or a deeper check switched.
        self.learned = len(overrides)
        if progress.exists():
            for line in progress.read_text().splitlines():
                record = json.loads(line)
                self.records.append(record)
                if "game" not in record:
                    entry = BookEntry(
                        record["dst"], record["take"], record["score"], record["depth"], record.get("src")
                    )
                    self.entries[record["key"]] = entry
        self.entries.update(overrides)  # over the searches' own moves
        self.searcher = Searcher(MorrisEvaluator(), tt_max_entries=TT_ENTRIES)

    def _log(self, record: dict[str, Any]) -> None:
        self.records.append(record)
        self.progress.parent.mkdir(parents=True, exist_ok=True)
        with self.progress.open("a") as out:
            out.write(json.dumps(record) + "\n")

    def deep(self, state: GameState, nodes: int, source: str) -> BookEntry:
        """The book entry of `state`: from the progress, else a deep search now."""
        known = lookup(self.entries, state)
        if known is not None:
            return known[1]
        start = time.perf_counter()
        if self.ref is not None:
            result = self.ref(cast(MorrisState, state))
        else:
            self.searcher.clear()  # every search from empty tables: the book is reproducible
            results = list(self.searcher.iterate(state, max_nodes=nodes))
            assert results, "a placement position always has moves"
            result = Found(results[-1].move, results[-1].score, results[-1].depth, results[-1].nodes)
        key, entry = entry_for(state, result.move, result.score, result.depth)
        self.entries[key] = entry
        seconds = time.perf_counter() - start
        self._log({
            "key": key, **({} if entry.src is None else {"src": entry.src}),
            "dst": entry.dst, "take": entry.take, "score": entry.score, "depth": entry.depth,
            "nodes": result.nodes, "seconds": round(seconds, 2), "source": source,
            "position": state.position(), "move": str(result.move),
            "engine": f"millref depth {self.ref.depth}" if self.ref else f"search {nodes} nodes",
        })  # fmt: skip
        print(f"  {source} ply {state.ply}: {result.move} score {result.score} depth {result.depth} "
              f"({result.nodes} nodes, {seconds:.1f} s; {len(self.entries)} known)", flush=True)  # fmt: skip
        return entry

    def search_losses(
        self, losses: Path, positions: Callable[[dict[str, Any]], Iterable[MorrisState]], nodes: int
    ) -> int:
        """Search `positions` of each game in `losses` (tools/morris_match.py --losses, one
        JSON game a line; a missing file has none) and return how many games it holds."""
        games = losses.read_text().splitlines() if losses.exists() else []
        for number, line in enumerate(games):
            for state in positions(json.loads(line)):
                self.deep(state, nodes, f"loss {number}")
        return len(games)

    def write(self, out: Path, built: dict[str, Any]) -> None:
        data = encode(self.entries, built, self.target.form)
        out.write_bytes(data)
        # A trial book elsewhere leaves the shipped one's record.
        if out.resolve() == self.target.path.resolve():
            digest, size = hashlib.sha256(data).hexdigest(), len(data)
            summary = f"{digest}  {out.name} ({size} bytes, {len(self.entries)} positions)\n"
            self.target.checksum.write_text(summary)
        print(f"wrote {out} ({len(data)} bytes, {len(self.entries)} positions)", flush=True)


def plausible(state: GameState, width: int, best: MorrisMove) -> list[MorrisMove]:
    """The book move and the width - 1 others a shallow search ranks highest."""
    searcher = Searcher(MorrisEvaluator(), extensions=False)
    scored = searcher.score_moves(state, state.legal_moves(), SHALLOW_DEPTH)
    ranked = sorted(scored, key=lambda item: (-item[1], str(item[0])))
    others = [move for move, _ in ranked if move != best]
    return [best, *others[: width - 1]]


def tree(builder: Builder, args: argparse.Namespace) -> None:
    """Stage 1: the placement tree, breadth first, one position per canonical key."""
    level: dict[int, list[MorrisMove]] = {0: []}
    for ply in range(args.tree_plies + 1):
        print(f"tree ply {ply}: {len(level)} positions", flush=True)
        following: dict[int, list[MorrisMove]] = {}
        for moves in level.values():
            state = replay(moves)
            if state.outcome() is not None or not state.in_hand(state.to_move):
                continue
            entry = builder.deep(state, args.tree_nodes, "tree")
            if ply == args.tree_plies:
                continue
            best = from_canonical(MorrisMove(None, entry.dst, entry.take), canonical(state.key())[1])
            children = state.legal_moves() if ply < args.full_plies else plausible(state, args.width, best)
            for move in children:
                state.push(move)
                following.setdefault(book_key(state), [*moves, move])
                state.pop()
        level = dict(sorted(following.items()))


def self_play(builder: Builder, game: int, args: argparse.Namespace) -> dict[str, Any]:
    """One node-bounded hard-against-hard game, logged: its moves and the sides whose
    score collapsed."""
    rng = random.Random(args.seed + game)
    state = replay([])
    for _ in range(OPENING_PLIES):
        state.push(rng.choice(state.legal_moves()))
    searchers = [Searcher(MorrisEvaluator(), tt_max_entries=TT_ENTRIES) for _ in range(2)]
    scores: list[list[tuple[int, int]]] = [[], []]  # (ply, score) of each side's moves
    loser = None
    while state.ply < PLACEMENT_PLIES + WINDOW:
        outcome = state.outcome()
        if outcome is not None:
            loser = None if outcome.winner is None else 1 - outcome.winner
            break
        side = state.to_move
        move, score = _hard_move(builder, searchers[side], state, args.game_nodes)
        scores[side].append((state.ply, score))
        state.push(move)
    history = list(state.history)
    collapsed = []
    for side in (0, 1):
        placing = [s for ply, s in scores[side] if FIRST_PLY <= ply < PLACEMENT_PLIES]
        moving = [s for ply, s in scores[side] if ply >= PLACEMENT_PLIES]
        fell = bool(placing and moving and min(moving) <= max(placing) - COLLAPSE_DROP)
        if fell or loser == side:
            collapsed.append(side)
    record = {"game": game, "collapsed": collapsed, "moves": [str(m) for m in history]}
    builder._log(record)
    print(f"game {game}: {' '.join(map(str, history))}\n  collapsed: {collapsed}", flush=True)
    return record


def collapse_positions(record: dict[str, Any]) -> Iterator[MorrisState]:
    """The placement positions, from FIRST_PLY on, of each side that collapsed."""
    reader = replay([])
    history = [reader.parse_move(text) for text in record["moves"]]
    for side in record["collapsed"]:
        for ply in range(FIRST_PLY, min(PLACEMENT_PLIES, len(history))):
            if ply % 2 == side:
                yield replay(history[:ply])


def _hard_move(builder: Builder, searcher: Searcher, state: GameState, nodes: int) -> tuple[MorrisMove, int]:
    """What the hard level would play, a node budget standing for its second."""
    found = lookup(builder.entries, state)
    if found is not None and found[0] in state.legal_moves():
        return found[0], found[1].score
    solved = solve_for_hard(state, 1.0, None)
    if solved is not None:
        return solved[0], solved[1]
    move, score = state.legal_moves()[0], 0
    for result in searcher.iterate(state, max_nodes=nodes):
        move, score = result.move, result.score
    return move, score


def overrides(deep: Path, learned: Path) -> dict[int, BookEntry]:
    """The moves that stand over the deep searches': the deeper check's switches, and
    over them the moves learned by play (play's evidence weighs more than a search's)."""
    return {**learned_entries(deep, switches_only=True), **learned_entries(learned)}


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--tree-nodes", type=int, default=200_000)
    parser.add_argument("--full-plies", type=int, default=2, help="plies below which every move is expanded")
    parser.add_argument("--tree-plies", type=int, default=3, help="deepest ply of the tree")
    parser.add_argument("--width", type=int, default=2, help="moves expanded per position past --full-plies")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--game-nodes", type=int, default=30_000)
    parser.add_argument("--deep-nodes", type=int, default=600_000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--losses", type=Path, default=LOSSES_FILE, help="games hard lost (stage 3)")
    parser.add_argument("--learned", type=Path, default=LEARNED_FILE, help="moves learned by play")
    parser.add_argument("--deep", type=Path, default=DEEP_FILE, help="moves a deeper check switched")
    parser.add_argument("--progress", type=Path, default=PROGRESS_FILE)
    parser.add_argument("--out", type=Path, default=DATA_PATH)
    parser.add_argument("--ref-depth", type=int, default=0, help="millref's deep search depth (0: Python)")
    parser.add_argument("--rank-depth", type=int, default=10, help="millref's depth ranking --lines replies")
    parser.add_argument("--lines", default="", help="replies per opponent placement: 0,2,1 (--ref-depth)")
    parser.add_argument("--learned-widths", default="", help="as --lines, after each learned move")
    parser.add_argument("--colours", default="01", help="the book's colours in --lines: 0 White, 1 Black")
    parser.add_argument("--samples", type=int, default=0, help="sampled placements per colour (--ref-depth)")
    parser.add_argument("--opening-samples", type=int, default=0, help="after 2 random plies")
    parser.add_argument("--sample-colours", default="01", help="the book's colours in --samples")
    parser.add_argument("--sample-depths", default="7,11", help="millref depths in --samples: low,high")
    parser.add_argument("--fast-samples", type=int, nargs="+", default=[0], help="a count per --fast-depths")
    parser.add_argument("--fast-depths", nargs="+", default=["7,8"], help="low,high ranges: a pass each")
    args = parser.parse_args(argv)
    unrecorded = ("progress", "out", "losses", "learned", "deep", "colours", "sample_colours")
    built = {k: v for k, v in vars(args).items() if k not in unrecorded}
    ref = RefSearch(args.ref_depth, args.rank_depth) if args.ref_depth else None
    builder = Builder(args.progress, ref, overrides(args.deep, args.learned))
    built["learned_moves"] = builder.learned
    start = time.perf_counter()
    tree(builder, args)
    builder.write(args.out, built)
    print(f"tree done in {time.perf_counter() - start:.0f} s", flush=True)

    def deep(state: MorrisState, source: str) -> BookEntry:  # millref's entry (--ref-depth)
        return builder.deep(state, 0, source)

    def save() -> None:
        builder.write(args.out, built)

    if args.lines and ref is not None:
        widths = [int(width) for width in args.lines.split(",")]
        for colour in map(int, args.colours):
            lines(deep, ref, widths, colour, save)
    if args.learned_widths and ref is not None:  # under each learned move, as the lines
        widths = [int(width) for width in args.learned_widths.split(",")]
        for learned_line in learned_lines(args.deep, switches_only=True) + learned_lines(args.learned):
            lines(deep, ref, widths, len(learned_line) % 2, save, learned_line, "learned")
    # The games hard lost (stage 4) before the samples: quick, so a run stopped in the
    # sample passes (hours) holds them. A sampled entry is its position's own search
    # whatever came first; the self-play games (none in the README's command) see more.
    built["loss_games"] = builder.search_losses(args.losses, collapse_positions, args.deep_nodes)
    if built["loss_games"]:
        builder.write(args.out, built)
    wide = depths(args.sample_depths)
    passes = [(args.samples, args.seed, 0, wide), (args.opening_samples, args.seed + 1, OPENING_PLIES, wide)]
    if len(args.fast_samples) != len(args.fast_depths):
        parser.error("--fast-samples needs a count for each range of --fast-depths")
    for index, (games, text) in enumerate(zip(args.fast_samples, args.fast_depths, strict=True)):
        passes.append((games, args.seed + 2 + index, 0, depths(text)))  # a seed of its own each
    for games, seed, opening_plies, drawn in passes:  # from the start, after random plies, fast
        for colour in map(int, args.sample_colours):
            if games and ref is not None:
                sampled(deep, drawn, games, colour, seed, save, opening_plies)
    for game in range(args.games):
        done = [r for r in builder.records if r.get("game") == game]
        record = done[0] if done else self_play(builder, game, args)
        for state in collapse_positions(record):
            builder.deep(state, args.deep_nodes, f"collapse game {game}")
        builder.write(args.out, built)
    print(f"done in {time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
