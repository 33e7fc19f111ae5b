"""The loss analysis tool (tools/morris_blame.py): which recorded games it studies, its
scores of finished games (those need no engine), and which move it blames, with a
scripted engine in place of millref."""

from __future__ import annotations

import pytest
from conftest import NINE_WHITE_BLOCKED, words

from engine.games.morris.opening import book_move
from engine.games.morris.rules import MorrisMove, parse_morris_move
from tools.morris_blame import LOST, blame, hard_lost, holds, print_trace, score_after, slipped, trace
from tools.morris_book_lines import replay


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


class ScriptedRef:
    """millref's interface: `move(history, seed)` sets `last["score"]`, the score for
    the side to move after `history`, here read from a table by ply."""

    def __init__(self, scores: dict[int, int]) -> None:
        self.scores = scores
        self.last: dict[str, int] = {}

    def move(self, history: list[MorrisMove], seed: int) -> None:
        self.last = {"score": self.scores.get(len(history), 0)}


# A game hard lost as White (session 8): White's ply-18 move c3-c4 is its only one.
FORCED_AT_18 = words(
    "f4 b4 d6 f2 b6 d2 f6xd2 g7 c3 a7 d7 d5 e3 d3 e4 g4 e5xd5 d5 c3-c4 a7-a4 d7-a7 g7-d7"
)


def test_the_blamed_move_is_the_one_whose_reply_sees_the_loss() -> None:
    moves = [parse_morris_move(w) for w in NINE_WHITE_BLOCKED[:18]]
    # White to move at even plies; after White's ply-10 move Black's search wins.
    ref = ScriptedRef({ply: (0 if ply <= 10 else -3000 if ply % 2 == 0 else 3000) for ply in range(19)})
    assert blame(moves, 0, ref) == (10, 0, -3000)  # type: ignore[arg-type]


def test_a_loss_seen_only_at_the_next_turn_is_blamed_on_the_move_before() -> None:
    """The reply's search (a ply shallower) still holds after ply 10; White's own
    search at ply 12 sees the loss: ply 10 is the mistake."""
    moves = [parse_morris_move(w) for w in NINE_WHITE_BLOCKED[:18]]
    ref = ScriptedRef({ply: (0 if ply <= 11 else -3000 if ply % 2 == 0 else 3000) for ply in range(19)})
    assert blame(moves, 0, ref) == (10, 0, -3000)  # type: ignore[arg-type]
    never_held = ScriptedRef({ply: -3000 if ply % 2 == 0 else 3000 for ply in range(19)})
    assert blame(moves, 0, never_held) is None  # type: ignore[arg-type]


def test_a_forced_move_is_never_the_mistake() -> None:
    moves = [parse_morris_move(w) for w in FORCED_AT_18]
    assert len(FORCED_AT_18) == 22
    # Lost from White's turn at ply 20 on: the forced ply 18 passes the blame to ply 16.
    late = ScriptedRef({ply: (0 if ply < 20 else -3000 if ply % 2 == 0 else 3000) for ply in range(23)})
    assert blame(moves, 0, late) == (16, 0, -3000)  # type: ignore[arg-type]
    # Black's reply to the forced move already wins.
    early = ScriptedRef({ply: 3000 if ply == 19 else 0 for ply in range(23)})
    assert blame(moves, 0, early) == (16, 0, -3000)  # type: ignore[arg-type]


def test_the_trace_scores_the_losers_moves_until_the_loss_and_marks_the_book() -> None:
    moves = [parse_morris_move(w) for w in NINE_WHITE_BLOCKED[:18]]
    # White's score after its move at ply p is minus Black's at p + 1: even to ply 6,
    # then -1.2 pieces after ply 8, lost after ply 12.
    ref = ScriptedRef({1: 0, 3: 0, 5: 0, 7: 50, 9: 120, 11: 120, 13: 3000, 15: 3000})
    rows = trace(moves, 0, ref)  # type: ignore[arg-type]
    scores = [(0, 0), (2, 0), (4, 0), (6, -50), (8, -120), (10, -120), (12, -3000)]
    assert [(ply, after) for ply, _, after in rows] == scores  # stops at the loss
    assert slipped(rows) == 8
    assert slipped(rows[:4]) is None
    opening = book_move(replay([]))
    assert opening is not None
    assert rows[0][1] == (opening[0] == moves[0])
    booked = [opening[0], *moves[1:]]
    assert trace(booked, 0, ref)[0][1]  # type: ignore[arg-type]


def test_the_printed_trace_says_where_the_loser_fell_a_piece_behind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    moves = [parse_morris_move(w) for w in NINE_WHITE_BLOCKED[:4]]
    print_trace(7, moves, [(0, True, 0), (2, False, -120)])
    assert capsys.readouterr().out.splitlines() == [
        f"game 7 trace (* book): 0:{moves[0]}*=0 2:{moves[2]}=-120",
        "game 7: a piece down from ply 2",
    ]
    print_trace(7, moves, [(0, False, 0)])
    assert capsys.readouterr().out.splitlines()[-1] == "game 7: never a piece down"
