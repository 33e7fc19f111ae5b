"""Can a player hold the positions hard lost? A sensitive test of moving-phase play.

    python -m tools.morris_hold LOSSES.jsonl [--lines 54,64] [--ply 18] [--games 6]
                                [--player hard:1.0] [--opponent ref:20] [--seed 100]

LOSSES is a file `tools/morris_match.py --losses` writes (one lost game a line). From
each chosen line's position after `--ply` plies (18: the end of placement, where the
book hands over to the search), PLAYER takes the loser's side against OPPONENT, once per
game with its own seed (players as in tools/morris_match.py). A game from the start
decides little: hard loses 1 in 30 against millref at 20 ms. From the positions it
lost, it loses most games (hard at 1 s alone lost 8 of 11 from the two lines below,
millref at 1 s a move 1 of 16), so a change to the moving phase shows in a few dozen
games instead of hundreds.

Prints each game's result, then per line and in all: wins, draws, losses of PLAYER and
its time per move. Lines are numbered from 0 as in the file (the default, 54 and 64, are
the two book lines hard lost most often as Black, each twice or more).

Millref as PLAYER at the opponent's own speed is the control (session 18, 54 games at
50 ms: +2 =28 -24, hard +0 =27 -27): a position it loses as often was most likely lost
in placement, not by hard's moving phase.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.rules import parse_morris_move  # noqa: E402
from tools.morris_match import Player, Result, play  # noqa: E402

DEFAULT_LOSSES = ROOT / "tools" / "data" / "morris_book_losses.jsonl"


def hold(
    moves: list[str], loser: int, plies: int, player: Player, opponent: Player, games: int, seed: int
) -> Result:
    """PLAYER as `loser` from the position after `plies` of `moves`, `games` times."""
    opening = [parse_morris_move(text) for text in moves[:plies]]
    result = Result()
    for number in range(games):
        white, black = (player, opponent) if loser == 0 else (opponent, player)
        record: list[str] = []
        outcome = play("nine", white, black, opening, random.Random(seed + number), record)
        winner = None if outcome is None else outcome.winner
        result.count(winner, loser)
        said = "draw" if winner is None else "held and won" if winner == loser else "lost"
        print(f"  game {number + 1}: {said} in {len(record) - plies} plies   running {result}", flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("losses", type=Path, nargs="?", default=DEFAULT_LOSSES)
    parser.add_argument("--lines", default="54,64", help="the lines of the file to start from")
    parser.add_argument("--ply", type=int, default=18, help="plies of each lost game played first")
    parser.add_argument("--games", type=int, default=6, help="games from each position")
    parser.add_argument("--player", default="hard:1.0")
    parser.add_argument("--opponent", default="ref:20")
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args(argv)
    games = args.losses.read_text(encoding="utf-8").splitlines()
    try:
        chosen = [int(word) for word in args.lines.split(",") if word.strip()]
        lost = [json.loads(games[number]) for number in chosen]
    except (ValueError, IndexError) as error:
        parser.error(f"--lines: {error} (the file has lines 0 to {len(games) - 1})")
    player, opponent = Player(args.player), Player(args.opponent)
    total = Result()
    try:
        for number, game in zip(chosen, lost, strict=True):
            loser = int(game["collapsed"][0])
            colour = "White" if loser == 0 else "Black"
            print(f"line {number} ({colour} lost): {game.get('from', '')}", flush=True)
            result = hold(game["moves"], loser, args.ply, player, opponent, args.games, args.seed)
            print(f"line {number}: {args.player} {result}", flush=True)
            total.wins += result.wins
            total.draws += result.draws
            total.losses += result.losses
    finally:
        player.close()
        opponent.close()
    print(f"{args.player} against {args.opponent} from ply {args.ply} of lines {args.lines}: {total}")
    print(f"  {args.player}: {player.time_summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
