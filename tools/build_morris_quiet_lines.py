"""Build the Nine Men's Morris quiet lines (engine/games/morris/quiet_lines.json) offline.

    python -m tools.build_morris_quiet_lines [--losses tools/data/morris_book_losses.jsonl]
        [--first 0] [--depth 18] [--workers 1] [--out engine/games/morris/quiet_lines.json]
    python -m tools.build_morris_quiet_lines --cover LOSSES.jsonl... [--out FILE]

For each lost game of `--losses` from line `--first` (the loser's colour and the moves,
as tools/morris_match.py --losses writes them): replay it, and at each of the loser's
moving turns where the quiet lines apply (past the moving book's reach;
engine/games/morris/quiet_lines.keyed_line) ask millref at `--depth` for its move, from a
clean table and with the game's history (millref counts repetitions as the rules do).
The first such turn where millref's move differs from the move played becomes a line:
the book's move leaves the lost game there, so its later positions are not reached
again. A game stops without a line where millref sees the loser lost (a mate score:
too late to save), or where the file already holds its position with another move; a
turn the file holds with the move played is passed over (the game followed that line
and was lost later: seed 7447 game 32 played its line at ply 23, then lost from ply 31).

Seed 7385 game 7 replayed seeds 6885 game 17 and 7133 game 3 over all 46 plies: a
loss the books could not reach recurs as long as hard's one-second search keeps
choosing the same moves, and millref at depth 18 preferred another move at the loser's
first quiet turn past the book (ply 22: d2-f2 at 0.75 pieces, not d5-c5) and gave
the game up only at ply 30.

`--cover` counts, in logged match games (tools/morris_match.py --losses files), those
where hard met one of the file's lines and those where it played another move there.

Lines already in `--out` are kept (a rerun from `--first N` adds the new losses); the
file is rewritten atomically after each game.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.opening import BookEntry, to_canonical  # noqa: E402
from engine.games.morris.quiet_lines import (  # noqa: E402
    FORMAT,
    LINES_PATH,
    LineKey,
    decode,
    keyed_line,
    line_move,
    parse_line,
)
from engine.games.morris.rules import MorrisMove, NineState, parse_morris_move  # noqa: E402
from engine.save_files import write_atomically  # noqa: E402
from tools.build_morris_book import LOSSES_FILE  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_blame import hard_colours, hard_lost  # noqa: E402
from tools.morris_book_lines import REF_MATE_BOUND, ref_score  # noqa: E402
from tools.morris_moving_cover import checked_lines  # noqa: E402

DEFAULT_DEPTH = 18  # the moving book's depth: a one-second search never sees it


class DeepSearch(Protocol):
    """What the builder asks of millref (tools/mill_ref.MillRef)."""

    last: dict[str, int]

    def move(self, history: Sequence[MorrisMove], seed: int) -> MorrisMove: ...


def first_difference(
    moves: list[MorrisMove], loser: int, ref: DeepSearch, held: dict[LineKey, BookEntry]
) -> dict[str, Any] | None:
    """The line for one lost game: the first of the loser's quiet turns where millref's
    move differs from the one played, or None (see the module's docstring)."""
    state = NineState({})
    for ply, played in enumerate(moves):
        keyed = keyed_line(state) if state.to_move == loser else None
        if keyed is not None:
            booked = held.get(keyed[0])
            if booked is not None and booked.move() != to_canonical(played, keyed[1]):
                return None  # another game's line already leaves this one here
            if booked is None:  # a held line the game played stands: look further on
                best = ref.move(state.history, 0)
                raw = ref.last["score"]
                if raw <= -REF_MATE_BOUND:
                    return None
                if best != played:
                    line = " ".join(str(move) for move in moves[:ply])
                    return {"moves": line, "move": str(best), "score": ref_score(raw),
                            "depth": ref.last["depth"], "played": str(played)}  # fmt: skip
        state.play(played)  # checked: a corrupt losses file raises, never books a made-up line
    return None


def read_games(path: Path, first: int) -> list[tuple[int, int, list[MorrisMove]]]:
    """(losses line, loser, moves) for each game from line `first`."""
    games = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if number >= first and text.strip():
            record = json.loads(text)
            games.append(
                (number, int(record["collapsed"][0]), [parse_morris_move(m) for m in record["moves"]])
            )
    return games


_ref: MillRef | None = None  # each worker's millref and the lines held at the start
_held: dict[LineKey, BookEntry] = {}


def _start_worker(depth: int, data: dict[str, Any]) -> None:
    global _ref, _held
    _ref, _held = MillRef(0, depth), decode(data)


def _worker_line(job: tuple[int, int, list[MorrisMove]]) -> tuple[int, dict[str, Any] | None]:
    number, loser, moves = job
    assert _ref is not None
    return number, first_difference(moves, loser, _ref, _held)


def write(out: Path, lines: list[dict[str, Any]], built: dict[str, Any]) -> None:
    """The file, one line of JSON a book line (readable diffs)."""
    body = ",\n".join("  " + json.dumps(line) for line in lines)
    text = f'{{"format": "{FORMAT}", "built": {json.dumps(built)}, "lines": [\n{body}\n]}}\n'
    write_atomically(out, text.encode("utf-8"))


def build(losses: Path, first: int, depth: int, workers: int, out: Path) -> Iterator[str]:
    """Add the lines of the games from `first`; yields a progress line a game."""
    data: dict[str, Any] = {"format": FORMAT, "lines": []}
    if out.exists():
        data = json.loads(out.read_text(encoding="utf-8"))
    lines: list[dict[str, Any]] = list(data["lines"])
    built = {
        "losses": str(losses.relative_to(ROOT)) if losses.is_relative_to(ROOT) else str(losses),
        "depth": depth,
    }
    held = {"format": FORMAT, "lines": list(lines)}
    keys = set(decode(held))
    with multiprocessing.get_context("spawn").Pool(workers, _start_worker, (depth, held)) as pool:
        for number, line in pool.imap(_worker_line, read_games(losses, first)):
            if line is None:
                yield f"losses line {number}: no line"
                continue
            key = parse_line(line)[0]
            if key in keys:  # an earlier game of this run booked it (maybe after other placements)
                yield f"losses line {number}: its line is held already"
                continue
            keys.add(key)
            lines.append({"game": number, **line})
            write(out, lines, built)
            yield f"losses line {number}: {line}"
    write(out, lines, built)


def cover(paths: list[Path], lines_path: Path) -> tuple[int, int, int, int]:
    """Over logged match games (tools/morris_match.py --losses files: its decisive
    games): the games, those where hard met a quiet line at one of its turns, those
    where it played another move there (what the lines change) and, of those, the
    games hard lost."""
    games = met = changed = lost = 0
    for game in (game for path in paths for game in checked_lines(path, lambda record: record)):
        games += 1
        colours = hard_colours(game)
        state = NineState({})
        differs = hit = False
        for played in map(parse_morris_move, game["moves"]):
            found = line_move(state, lines_path) if state.to_move in colours else None
            if found is not None:
                hit = True
                differs = differs or found[0] != played
            state.play(played)
        met += hit
        changed += differs
        lost += differs and hard_lost(game)
    return games, met, changed, lost


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--losses", type=Path, default=LOSSES_FILE)
    parser.add_argument("--first", type=int, default=0, help="the first losses line to take")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=LINES_PATH)
    parser.add_argument("--cover", type=Path, nargs="+", help="count the lines met in these logs instead")
    args = parser.parse_args(argv)
    if args.cover:
        games, met, changed, lost = cover(args.cover, args.out)
        print(f"{games} games: hard met a quiet line in {met}, and played another move there in {changed}")
        print(f"(hard lost {lost} of these {changed})")
        return 0
    for said in build(args.losses, args.first, args.depth, args.workers, args.out):
        print(said, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
