"""Perft side by side: this engine against OpenSpiel's Python API, same machine, same run.

    python tools/perft_vs_openspiel.py [--game othello] [--depth 9] [--rounds 3]
                                       [--openspiel-python /work/venv-osp/bin/python]

OpenSpiel is never a project requirement: it runs in a subprocess under an interpreter
that has it (default: /work/venv-osp/bin/python, else this one); if none has it, its
column is skipped with a message. The rounds alternate the two engines, so both see the
same machine load, and the report gives CPU seconds (process time, which load from other
processes barely moves) and wall seconds, best of the rounds.

Two of our walks are timed:
- `perft`: the `python -m engine perft` code path (for Othello: transposition table and
  board symmetry near the root, see engine/games/othello/perft.py);
- `plain`: the generic push/pop walk (engine/perft.py), no table, no symmetry: the raw
  speed of the move generator through the GameState API.
OpenSpiel's walk is its natural Python use: legal_actions(), child(), the last ply
bulk-counted with len(legal_actions()) as ours is.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.perft import perft as plain_perft  # noqa: E402
from engine.registry import new_state  # noqa: E402

OPENSPIEL_NAMES = {"othello": "othello", "nine": "nine_mens_morris", "twelve": "twelve_mens_morris"}
DEFAULT_OPENSPIEL_PYTHON = "/work/venv-osp/bin/python"

OPENSPIEL_WALK = """
import json, sys, time
import pyspiel
game = pyspiel.load_game(sys.argv[1])
depth = int(sys.argv[2])
def perft(state, depth):
    if depth == 1:
        return len(state.legal_actions())
    total = 0
    for action in state.legal_actions():
        total += perft(state.child(action), depth - 1)
    return total
cpu, wall = time.process_time(), time.perf_counter()
count = perft(game.new_initial_state(), depth) if depth > 0 else 1
print(json.dumps({"count": count, "cpu": time.process_time() - cpu,
                  "wall": time.perf_counter() - wall}))
"""


def openspiel_python(requested: str | None) -> str | None:
    """An interpreter that can import pyspiel, or None."""
    candidates = [requested] if requested else [DEFAULT_OPENSPIEL_PYTHON, sys.executable]
    for python in candidates:
        if python and (os.path.exists(python) or python == sys.executable):
            probe = subprocess.run([python, "-c", "import pyspiel"], capture_output=True)
            if probe.returncode == 0:
                return python
    return None


def time_ours(game: str, depth: int, walk: str) -> dict[str, float]:
    state = new_state(game, {})
    cpu, wall = time.process_time(), time.perf_counter()
    count = state.perft(depth) if walk == "perft" else plain_perft(state, depth)
    return {"count": count, "cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}


def time_openspiel(python: str, game: str, depth: int) -> dict[str, float]:
    done = subprocess.run(
        [python, "-c", OPENSPIEL_WALK, OPENSPIEL_NAMES[game], str(depth)],
        capture_output=True, text=True, check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--game", choices=sorted(OPENSPIEL_NAMES), default="othello")
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--openspiel-python", default=None, help="an interpreter with open_spiel installed")
    parser.add_argument("--no-plain", action="store_true", help="skip the plain walk (slow at depth 9)")
    args = parser.parse_args(argv)

    python = openspiel_python(args.openspiel_python)
    if python is None:
        print("OpenSpiel not found (pip install open_spiel into a separate venv and pass "
              "--openspiel-python): timing this engine only")
    walks = ["perft"] if args.no_plain else ["perft", "plain"]
    best: dict[str, dict[str, float]] = {}
    counts: dict[str, int] = {}
    for round_number in range(1, args.rounds + 1):
        runs = {walk: time_ours(args.game, args.depth, walk) for walk in walks}
        if python is not None:
            runs["openspiel"] = time_openspiel(python, args.game, args.depth)
        for name, run in runs.items():
            counts[name] = int(run["count"])
            kept = best.setdefault(name, {"cpu": run["cpu"], "wall": run["wall"]})
            kept["cpu"] = min(kept["cpu"], run["cpu"])
            kept["wall"] = min(kept["wall"], run["wall"])
            print(f"round {round_number}  {name:9s} count {int(run['count']):>12,}  "
                  f"cpu {run['cpu']:7.3f} s  wall {run['wall']:7.3f} s", flush=True)
    if len(set(counts.values())) > 1:
        print(f"COUNTS DIFFER: {counts}")
        return 1
    print(f"\n{args.game} perft({args.depth}) = {next(iter(counts.values())):,}, best of {args.rounds}:")
    for name, kept in best.items():
        line = f"  {name:9s} cpu {kept['cpu']:7.3f} s  wall {kept['wall']:7.3f} s"
        if "openspiel" in best and name != "openspiel":
            reference = best["openspiel"]
            line += (f"   = {kept['cpu'] / reference['cpu']:.2f}x OpenSpiel's cpu, "
                     f"{kept['wall'] / reference['wall']:.2f}x its wall")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
