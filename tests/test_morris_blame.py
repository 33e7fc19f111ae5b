"""The loss analysis tool (tools/morris_blame.py): which recorded games it studies, and
its scores of finished games (those need no engine)."""

from __future__ import annotations

from conftest import NINE_WHITE_BLOCKED

from engine.games.morris.rules import parse_morris_move
from tools.morris_blame import LOST, hard_lost, holds, score_after


def record(loser: int, source: str) -> dict[str, object]:
    return {"collapsed": [loser], "moves": [], "from": source}


def test_only_the_games_a_hard_player_lost_are_studied() -> None:
    # A had White in odd games, Black in even ones.
    assert hard_lost(record(0, "tools/morris_match.py hard:1.0 ref:50 --seed 7, game 3"))
    assert not hard_lost(record(1, "tools/morris_match.py hard:1.0 ref:50 --seed 7, game 3"))
    assert hard_lost(record(1, "tools/morris_match.py ref:50 hard --seed 7, game 1"))
    assert not hard_lost(record(0, "tools/morris_match.py ref:50 hard --seed 7, game 1"))
    assert not hard_lost(record(0, "tools/strength_ladder.py --only 5 (hard vs ref:50)"))
    assert not hard_lost({"collapsed": [0], "moves": []})
    noted = "tools/morris_match.py hard:1.0 ref:20 --seed 7, game 12 (session 7, build 0a7accc)"
    assert hard_lost(record(1, noted)) and not hard_lost(record(0, noted))


def test_a_finished_game_scores_without_asking_the_engine() -> None:
    moves = [parse_morris_move(w) for w in NINE_WHITE_BLOCKED]
    # Black made the last move and White is blocked: a win for the side that moved.
    assert score_after(None, moves) == 30_000  # type: ignore[arg-type]
    assert holds(-LOST + 1) and not holds(-LOST)
