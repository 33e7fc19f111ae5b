"""Score the fit positions again with a deeper millref search.

    python -m tools.relabel_morris_fit --depth 12 [--shard 0/2] [--out FILE]
        [--data tools/data/morris_fit_positions.jsonl]

tools/fit_morris_eval.py plays the games and labels their sampled positions at one depth
(10). This labels the same positions at `--depth`: a line per game, as in `--data`, with
the new depth, so that `records_of(games, depth)` (and the fits' `--label-depth`) read
them. Only the positions within DECIDED at the shallower depth are searched again; the
others, already decided, keep their label. `--shard k/n` takes the games whose number
is k modulo n (one process a core); the lines go to `--out` (default: `--data`), and a
rerun skips the games `--out` already has at that depth.

Session 9: the 11,253 positions at depth 12 (0.22 s a position; 28 minutes on two
cores; depth 14 would take 0.8 s). Deeper labels do not help the line patterns: fitted
to depth 10, they predict the depth-12 labels of the held-out games as well as a fit
to depth 12 does (error 726 against 724), and the depth-12 fit predicts the depth-10
labels worse than the depth-10 fit (688 against 677): the features, not the labels'
depth, limit the fit (`tools/fit_morris_patterns.py --label-depth 12 --check-depth 10`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.rules import parse_morris_move  # noqa: E402
from tools.fit_morris_eval import DATA_FILE, DECIDED, read_games  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_book_lines import ref_score  # noqa: E402


def relabel(game: dict[str, Any], ref: MillRef, depth: int) -> dict[str, Any]:
    """`game` with its undecided positions scored by `ref` (a depth-`depth` millref)."""
    labels = []
    for ply, label in zip(game["plies"], game["labels"], strict=True):
        if abs(label) <= DECIDED:
            ref.move([parse_morris_move(text) for text in game["moves"][:ply]], 0)
            label = ref_score(ref.last["score"])
        labels.append(label)
    return {**game, "labels": labels, "depth": depth}


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--depth", type=int, required=True)
    parser.add_argument("--from-depth", type=int, default=10, help="the labels to start from")
    parser.add_argument("--shard", default="0/1", help="k/n: the games numbered k modulo n")
    parser.add_argument("--data", type=Path, default=DATA_FILE)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    index, count = (int(part) for part in args.shard.split("/"))
    out: Path = args.out or args.data
    done = {game["game"] for game in read_games(out) if game["depth"] == args.depth}
    todo = [
        game
        for game in read_games(args.data)
        if game["depth"] == args.from_depth and game["game"] % count == index and game["game"] not in done
    ]
    with MillRef(0, args.depth) as ref:
        for number, game in enumerate(todo, 1):
            line = json.dumps(relabel(game, ref, args.depth))
            with out.open("a", encoding="utf-8") as stream:
                stream.write(line + "\n")
            print(f"game {game['game']} ({number}/{len(todo)})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
