"""The suite of critical positions (tools/morris_suite.py): which of a lost game's moves
it keeps, with a scripted engine in place of millref."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import nine_moving_game

from engine.core import GameState
from engine.games.morris.rules import MorrisMove
from tools import morris_suite
from tools.morris_blame import LOST
from tools.morris_book_lines import replay
from tools.morris_suite import exit_positions, lost_games, suite_positions, warm_up


def first_legal(history: list[MorrisMove]) -> MorrisMove:
    return replay(history).legal_moves()[0]


def last_legal(history: list[MorrisMove]) -> MorrisMove:
    return replay(history).legal_moves()[-1]


class ScriptedRef:
    """millref's interface: `move(history, seed)` answers the last legal move as the
    best and sets `last["score"]`, the score for the side to move, from a script."""

    def __init__(self, score: Callable[[list[MorrisMove]], int]) -> None:
        self.score = score
        self.last: dict[str, int] = {}
        self.asked: list[int] = []

    def move(self, history: list[MorrisMove], seed: int) -> MorrisMove:
        self.asked.append(len(history))
        self.last = {"score": self.score(list(history))}
        return last_legal(list(history))


def scripted(gave: dict[int, int], lost_from: int) -> Callable[[list[MorrisMove]], int]:
    """Scores where the played move (the first legal) after ply N-1 gives away gave[N]
    against the best (the last legal), and the side to move at ply `lost_from` is lost."""

    def score(history: list[MorrisMove]) -> int:
        if len(history) == lost_from:
            return -LOST
        ply = len(history)
        earlier = history[:-1]
        if ply in gave and history[-1] == first_legal(earlier) != last_legal(earlier):
            return gave[ply]  # the opponent's score: what the mover gave away
        return 0

    return score


def test_moves_that_give_away_the_drop_are_kept_until_the_game_is_lost() -> None:
    moves = nine_moving_game(8)
    assert replay(moves[:18]).phase == "moving" and len(replay(moves[:18]).legal_moves()) > 1
    # White's ply 18 gives away 50, ply 20 only 10; White is lost at ply 22.
    ref = ScriptedRef(scripted({19: 50, 21: 10}, lost_from=22))
    found = suite_positions(moves, 0, ref, drop=30)  # type: ignore[arg-type]
    assert [len(position["moves"]) for position in found] == [18]
    (position,) = found
    assert position["played"] == str(moves[18]) and position["best"] == str(last_legal(moves[:18]))
    assert (position["played_after"], position["best_after"]) == (-50, 0)
    # White's turns (before and after each move) until the loss; none after it.
    assert set(ref.asked) == {18, 19, 20, 21, 22}


def test_black_s_moves_are_studied_when_black_lost() -> None:
    moves = nine_moving_game(8)
    ref = ScriptedRef(scripted({20: 40, 22: 29}, lost_from=-1))
    found = suite_positions(moves, 1, ref, drop=30)  # type: ignore[arg-type]
    assert [len(position["moves"]) for position in found] == [19]


def test_the_best_move_played_is_scored_once() -> None:
    """millref may score one position differently twice (it picks among equals at
    random): the best move, played, must not seem to give away the difference."""
    moves = nine_moving_game(1)
    moves[18] = last_legal(moves[:18])  # White plays the best
    answers = iter([0, 0, 500])  # before ply 18, after the best, then after it again

    def drifting(history: list[MorrisMove]) -> int:
        return next(answers)

    assert suite_positions(moves, 0, ScriptedRef(drifting), drop=30) == []  # type: ignore[arg-type]


class CountingPlayer:
    """tools/morris_match.Player's `choose` and `times`: records the plies it was asked at."""

    def __init__(self) -> None:
        self.times: list[float] = [9.0]  # an earlier position's move
        self.asked: list[int] = []

    def choose(self, state: GameState, rng: random.Random) -> None:
        self.asked.append(state.ply)
        self.times.append(1.0)


def test_warm_up_thinks_at_the_players_previous_turns_and_leaves_their_times_out() -> None:
    history = nine_moving_game(6)  # 24 plies: the player to move at ply 24 moved at 22, 20, ...
    player = CountingPlayer()
    warm_up(player, history, 4, random.Random(1))  # type: ignore[arg-type]
    assert player.asked == [16, 18, 20, 22]
    assert player.times == [9.0]
    warm_up(player, history[:5], 4, random.Random(1))  # type: ignore[arg-type]
    assert player.asked[4:] == [1, 3]  # no turn before the game's first


def test_lost_games_are_the_hard_losers_from_the_first_line_on() -> None:
    def line(a_spec: str, b_spec: str, game: int, loser: int) -> str:
        source = f"tools/morris_match.py {a_spec} {b_spec} --seed 1, game {game} (a note)"
        return json.dumps({"from": source, "collapsed": [loser], "moves": []})

    lines = [
        line("hard:1.0", "ref:50", 1, 0),  # game 1: A (hard) White, White lost
        line("hard:1.0", "ref:50", 1, 1),  # the reference lost
        line("hard:1.0", "ref:50", 2, 0),  # game 2: A Black, White (the reference) lost
        line("ref:50", "hard:1.0", 2, 0),  # B (hard) White lost
        json.dumps({"from": "learned by play", "collapsed": [0], "moves": []}),
    ]
    assert [number for number, _ in lost_games(lines)] == [0, 3]
    assert [number for number, _ in lost_games(lines, first=1)] == [3]
    assert list(lost_games(lines, first=len(lines))) == []


def test_a_build_from_a_first_line_appends_to_the_suite(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    class NoRef:
        def __init__(self, seed: int, depth: int) -> None:
            pass

        def __enter__(self) -> NoRef:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

    def one_position(moves: list[MorrisMove], loser: int, ref: object, drop: int) -> list[dict[str, object]]:
        return [{"moves": [str(move) for move in moves]}]

    monkeypatch.setattr(morris_suite, "MillRef", NoRef)
    monkeypatch.setattr(morris_suite, "suite_positions", one_position)
    source = "tools/morris_match.py hard:1.0 ref:50 --seed 1, game 1"
    losses = tmp_path / "losses.jsonl"
    losses.write_text(
        "".join(
            json.dumps({"from": source, "collapsed": [0], "moves": [text]}) + "\n" for text in ("d2", "d6")
        ),
        encoding="utf-8",
    )
    suite = tmp_path / "suite.jsonl"
    suite.write_text('{"kept": true}\n', encoding="utf-8")
    morris_suite.build(losses, suite, 12, 30, first=1)
    lines = [json.loads(line) for line in suite.read_text(encoding="utf-8").splitlines()]
    assert lines == [{"kept": True}, {"moves": ["d6"], "line": 1}]
    morris_suite.build(losses, suite, 12, 30)  # from the start: the suite made anew
    assert [json.loads(line)["line"] for line in suite.read_text(encoding="utf-8").splitlines()] == [0, 1]


def test_a_build_from_a_first_line_refuses_a_missing_suite_before_searching(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_search(seed: int, depth: int) -> None:
        raise AssertionError("millref started for a build that cannot keep its work")

    monkeypatch.setattr(morris_suite, "MillRef", no_search)
    losses = tmp_path / "losses.jsonl"
    losses.write_text("", encoding="utf-8")
    suite = tmp_path / "suite.jsonl"
    assert morris_suite.build(losses, suite, 12, 30, first=1) == 1
    assert "without --first" in capsys.readouterr().out
    assert not suite.exists()


def test_exit_positions_are_the_winner_s_first_thought_turns_after_the_book(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A book that answers White through placement, then once more at ply 22: White's
    first thought turns after it are plies 18 and 24, whatever White played there."""
    moves = nine_moving_game(12)
    booked_plies = {*range(0, 18, 2), 22}

    def book(state: GameState) -> tuple[MorrisMove, int, int] | None:
        return (state.legal_moves()[0], 0, 0) if state.ply in booked_plies else None

    game = type(replay([]))
    monkeypatch.setattr(game, "spec", dataclasses.replace(game.spec, opening=book))
    ref = ScriptedRef(scripted({19: 40}, lost_from=-1))
    found = exit_positions(moves, 0, ref, range(1, 2))  # type: ignore[arg-type]
    assert [len(position["moves"]) for position in found] == [18, 24]
    assert found[0]["played"] == str(moves[18]) and found[0]["played_after"] == -40
    assert found[1]["best_after"] == found[1]["played_after"] == 0  # kept though nothing was given away
    second = exit_positions(moves, 0, ScriptedRef(scripted({}, lost_from=-1)), {2})  # type: ignore[arg-type]
    assert [len(position["moves"]) for position in second] == [20, 26]
    black = exit_positions(moves, 1, ScriptedRef(scripted({}, lost_from=-1)), {1})  # type: ignore[arg-type]
    assert [len(position["moves"]) for position in black] == [1]  # no book move for Black: the start counts
