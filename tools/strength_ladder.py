"""The Morris strength ladder: each level against the one below, hard against hard with
ten times the time, and hard against outside engines.

    python -m tools.strength_ladder [--games 6] [--movetime 1.0] [--simulations 10000]
                                    [--ref-ms 50] [--opening 2] [--no-book]
                                    [--out tools/data/morris_ladder.json]

Pairings (tools/morris_match.py does the playing, colours alternate from shared openings
of `--opening` random plies, 0 for the start position): 1 medium vs easy, 2 hard vs
medium, 3 hard x10 time vs hard, 4 hard vs OpenSpiel's C++ MCTS with `--simulations`
(tools/openspiel_mcts.py; without OpenSpiel, this engine's own Python MCTS with a tenth
of them, which is said in the output), 5 hard vs millref, the C alpha-beta yardstick, at
`--ref-ms` a move (tools/mill_ref.py; left out without a C compiler). Prints and records
each score and the hard level's median and maximum time per move over all its games.
`--no-book` plays every hard player without its opening book (to measure the book).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.morris_match import Player, match  # noqa: E402
from tools.perft_vs_openspiel import openspiel_python  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--movetime", type=float, default=1.0, help="hard's seconds a move")
    parser.add_argument("--simulations", type=int, default=10_000)
    parser.add_argument("--ref-ms", type=int, default=50, help="millref's milliseconds a move")
    parser.add_argument("--opening", type=int, default=2, help="random plies before each pair (0: the start)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--no-book", action="store_true", help="hard players without the opening book")
    parser.add_argument("--note", default="", help="recorded with each run (date, machine load)")
    parser.add_argument("--only", nargs="*", help="pairing numbers to play (1..4)")
    parser.add_argument("--out", type=Path, default=ROOT / "tools" / "data" / "morris_ladder.json")
    args = parser.parse_args(argv)
    flag = ":nobook" if args.no_book else ""
    hard = f"hard:{args.movetime}{flag}"
    outside = f"osmcts:{args.simulations}" if openspiel_python(None) else f"mcts:{args.simulations // 10}"
    if outside.startswith("mcts"):
        print(f"OpenSpiel not found: the outside opponent is {outside} (this engine's own MCTS)")
    stronger = f"hard:{10 * args.movetime}{flag}"
    pairings = [("medium", "easy"), (hard, "medium"), (stronger, hard), (hard, outside)]
    if shutil.which("cc"):
        pairings.append((hard, f"ref:{args.ref_ms}"))
    else:
        print("no C compiler (`cc`): pairing 5, hard against millref, is left out")
    runs = json.loads(args.out.read_text()) if args.out.exists() else []
    hard_times: list[float] = []
    for number, (a_spec, b_spec) in enumerate(pairings, start=1):
        if args.only and str(number) not in args.only:
            continue
        a, b = Player(a_spec), Player(b_spec)
        start = time.perf_counter()
        try:
            result = match("nine", a, b, args.games, args.seed + number, args.opening, verbose=True)
        finally:
            a.close()
            b.close()
        line = f"{a_spec} vs {b_spec}: {result}"
        print(line, f"({time.perf_counter() - start:.0f} s)", flush=True)
        for player in (a, b):
            print(f"  {player.spec}: {player.time_summary()}")
            if player.spec == hard:
                hard_times += player.times
        runs.append({
            "a": a_spec, "b": b_spec, "wins": result.wins, "draws": result.draws, "losses": result.losses,
            "score": round(result.score, 3), "a_times": [round(t, 3) for t in a.times],
            "b_times": [round(t, 3) for t in b.times], "seed": args.seed + number, "note": args.note,
            "opening": args.opening,
        })  # fmt: skip
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(runs) + "\n")
    if hard_times:
        print(f"{hard}: median {statistics.median(hard_times):.2f} s, max {max(hard_times):.2f} s "
              f"per move over {len(hard_times)} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
