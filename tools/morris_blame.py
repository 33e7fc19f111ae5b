"""Where did hard lose? The decisive mistake of each lost game, by millref's deep search.

    python -m tools.morris_blame LOSSES.jsonl [--depth 12] [--retry 1,3,10] [--trace]

LOSSES is a file `tools/morris_match.py --losses` writes: one decisive game a line, the
loser's colour, the moves and where the game comes from ("tools/morris_match.py A B
--seed S, game N": A had White in odd games). The games a hard player lost are kept.
Each of the loser's moves is scored by millref at
`--depth` before and after it; the first move after which the loser's score falls
from at least a draw (above -LOST) to a loss (at most -LOST) is the decisive mistake.
The position before it is then given to hard with each of `--retry`'s budgets (seconds):
does more time find a move millref, two plies deeper, scores as holding?

Prints, per game: the mistake's ply and phase, the scores, and which budgets hold; then
a summary by phase. Needs `cc` (millref).

Most losses are squeezes: the decisive move comes from a position already a few pieces
down, and the move that began the slide is earlier. `--trace` prints first, per game,
millref's score after each of the loser's moves until it sees the game lost, each
marked `*` where it is the move of today's books (placement or moving), and the
first move after which the loser is SLIPPED or more down.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.ai import players  # noqa: E402
from engine.ai.players import analyse  # noqa: E402
from engine.games.morris.opening import book_move  # noqa: E402
from engine.games.morris.rules import MorrisMove, parse_morris_move  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_book_lines import REF_MATE, REF_PIECE, replay  # noqa: E402

LOST = 1500  # millref's units: a hundredth of a piece; 15 pieces down means a found loss
SLIPPED = REF_PIECE  # a piece down: where a squeeze has begun to tell


def score_after(ref: MillRef, history: list[MorrisMove]) -> int:
    """millref's score for the side that just moved (the negation of the reply's)."""
    state = replay(history)
    outcome = state.outcome()
    if outcome is not None:
        mover = 1 - state.to_move
        return 0 if outcome.winner is None else (REF_MATE if outcome.winner == mover else -REF_MATE)
    ref.move(history, 0)
    return -ref.last["score"]


def holds(score: int) -> bool:
    return score > -LOST


def blame(moves: list[MorrisMove], loser: int, ref: MillRef) -> tuple[int, int, int] | None:
    """(ply, score before, score after) of the loser's first move that turns a held
    position into a lost one; None when no move of the loser does (lost from the start).

    The score after a move is the reply's search, a ply shallower than the search at the
    loser's next turn: a move whose score after still holds, followed by a turn whose
    score before no longer does, or by a forced move that loses, is the mistake too
    (found one ply late otherwise, or not at all)."""
    held: tuple[int, int] | None = None  # (ply, score before) of the last free move that held
    for ply in range(loser, len(moves), 2):
        history = moves[:ply]
        state = replay(history)
        if state.outcome() is not None:
            return None
        ref.move(history, 0)
        before = ref.last["score"]
        if held is not None and not holds(before):
            return held[0], held[1], before
        after = score_after(ref, moves[: ply + 1])
        if len(state.legal_moves()) == 1:  # a forced move is no mistake: the one before it
            if not holds(after):
                return (held[0], held[1], after) if held is not None else None
            continue
        if holds(before) and not holds(after):
            return ply, before, after
        held = (ply, before) if holds(before) else None
    return None


def trace(moves: list[MorrisMove], loser: int, ref: MillRef) -> list[tuple[int, bool, int]]:
    """(ply, whether it is today's book move, score after) of each of the loser's moves,
    up to the first after which millref sees the game lost."""
    rows = []
    for ply in range(loser, len(moves), 2):
        booked = book_move(replay(moves[:ply]))
        after = score_after(ref, moves[: ply + 1])
        rows.append((ply, booked is not None and booked[0] == moves[ply], after))
        if not holds(after):
            break
    return rows


def slipped(rows: list[tuple[int, bool, int]]) -> int | None:
    """The ply of the first traced move after which the loser is SLIPPED or more down."""
    return next((ply for ply, _, after in rows if after <= -SLIPPED), None)


def print_trace(number: int, moves: list[MorrisMove], rows: list[tuple[int, bool, int]]) -> None:
    said = " ".join(f"{ply}:{moves[ply]}{'*' if booked else ''}={after}" for ply, booked, after in rows)
    print(f"game {number} trace (* book): {said}")
    ply = slipped(rows)
    where = "never a piece down" if ply is None else f"a piece down from ply {ply}"
    print(f"game {number}: {where}", flush=True)


def hard_colours(game: dict[str, Any]) -> list[int]:
    """The colours a hard player had in a recorded match game (notes may follow the
    game number; player A is White in odd games)."""
    found = re.match(r"\S*morris_match\.py (\S+) (\S+) .*?, game (\d+)", str(game.get("from", "")))
    if found is None:
        return []
    a_spec, b_spec, number = found.groups()
    a_colour = (int(number) - 1) % 2
    players = ((a_colour, a_spec), (1 - a_colour, b_spec))
    return sorted(colour for colour, spec in players if spec.startswith("hard"))


def hard_lost(game: dict[str, Any]) -> bool:
    """Whether the loser of a recorded match game was a hard player."""
    return game["collapsed"][0] in hard_colours(game)


def main() -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("losses", type=Path)
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--retry", default="1,3,10", help="hard's budgets (seconds) at the mistake")
    parser.add_argument("--trace", action="store_true", help="the loser's scores move by move first")
    args = parser.parse_args()
    budgets = [float(word) for word in args.retry.split(",") if word]
    summary: dict[str, list[int]] = {}
    # A retry's move is checked two plies deeper than the scan: the scan's score after
    # a move can still hold where the position is lost a ply further (see `blame`).
    with MillRef(0, args.depth) as ref, MillRef(0, args.depth + 2) as check:
        for number, line in enumerate(args.losses.read_text().splitlines(), 1):
            game = json.loads(line)
            loser = game["collapsed"][0]
            if not hard_lost(game):
                continue
            moves = [parse_morris_move(text) for text in game["moves"]]
            if args.trace:
                print_trace(number, moves, trace(moves, loser, ref))
            found = blame(moves, loser, ref)
            if found is None:
                print(f"game {number}: no single mistake (lost from the start, or scores never held)")
                continue
            ply, before, after = found
            state = replay(moves[:ply])
            where = f"{state.phase} (ply {ply})"
            held = []
            for seconds in budgets:
                players.forget_games()
                choice = analyse(state, "hard", movetime=seconds)
                held.append(holds(score_after(check, [*moves[:ply], choice.move])))
            retries = ", ".join(
                f"hard {s:g} s {'holds' if h else 'loses'}" for s, h in zip(budgets, held, strict=True)
            )
            print(f"game {number}: {where}: {moves[ply]} took {before} to {after}; {retries}", flush=True)
            summary.setdefault(state.phase, []).append(ply)
    for phase, plies in summary.items():
        print(f"{phase}: {len(plies)} mistakes at plies {sorted(plies)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
