"""The console game (`python -m engine play`) and the result sentences it prints."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, TextIO, cast

import pytest
from test_saves import BLOCKED_GAME

from engine.cli import console as console_module
from engine.cli.console import Console
from engine.core import FIRST, SECOND, Outcome, Termination
from engine.describe import reason_text, result_text, turn_text
from engine.registry import new_state
from engine.saves import PlayerInfo, load_game, save_game

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("White", "Black")


def play(*args: str, stdin: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=home,
        timeout=120,
        check=False,
        env={**os.environ, "PLATEAUX_HOME": str(home), "PYTHONPATH": str(ROOT)},
    )


def console_run(script: str, state: Any = None, **kwargs: Any) -> tuple[int, str, Console]:
    out = io.StringIO()
    console = Console(state or new_state("nine"), io.StringIO(script), out, **kwargs)
    return console.run(), out.getvalue(), console


# ----- a whole scripted game through the real command --------------------------------


def test_scripted_game_from_first_move_to_result_with_save_load_undo(tmp_path: Path) -> None:
    first, second, *rest = BLOCKED_GAME  # a7 g4, then 16 more placements; White ends blocked
    script = [
        "1,1",  # a7 in seed coordinates
        "zz",  # not a move
        "a7",  # illegal: occupied
        second,
        *rest[:4],
        "save game.plateaux.json",  # 6 moves saved
        "save no/such/folder/x.plateaux.json",
        *rest[4:6],
        "undo",  # back to 7 moves
        "load missing.plateaux.json",  # refused: the game stays at 7 moves
        "moves",
        "load game.plateaux.json",  # back to 6 moves
        "undo",
        rest[3],  # replay move 6
        "help",
        *rest[4:],
    ]
    assert first == "a7"
    result = play("nine", stdin="\n".join(script) + "\n", home=tmp_path)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    assert "White plays a7\n" in out
    assert "not a move: 'zz' is not a point" in out
    assert "illegal move: a7 is not empty" in out
    assert "saved game.plateaux.json (6 moves)" in out
    assert "error: cannot write no/such/folder/x.plateaux.json" in out
    assert f"undone: {rest[5]}" in out
    assert "error: missing.plateaux.json: no such file" in out
    assert "loaded game.plateaux.json: Nine Men's Morris, 6 moves" in out
    assert f"undone: {rest[3]}" in out
    assert "save FILE" in out  # the help text
    assert "move 1: White to move, placement phase; in hand: White 9, Black 9" in out
    assert out.rstrip().endswith("result: Black wins (White is blocked)")
    # the legal moves listed at 7 moves played (after the refused load)
    state = new_state("nine")
    state.play_all(BLOCKED_GAME[:7])
    expected = "legal moves: " + " ".join(map(str, state.legal_moves()))
    assert expected in out
    saved = load_game(tmp_path / "game.plateaux.json")
    assert [str(m) for m in saved.state.history] == BLOCKED_GAME[:6]
    assert saved.players == (PlayerInfo("White"), PlayerInfo("Black"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.plateaux.json"]


def test_against_the_computer_undo_goes_back_to_the_human_turn(tmp_path: Path) -> None:
    script = "d6\nundo\nundo\nsave g.plateaux.json\n"  # then end of input
    result = play("nine", "--vs", "easy", "--seed", "5", stdin=script, home=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "You play White; the computer (easy) plays Black." in out
    assert "Black (computer) plays " in out
    assert "undone: d6 " in out  # the human move and the reply together
    assert "nothing to undo" in out
    saved = load_game(tmp_path / "g.plateaux.json")
    assert saved.state.ply == 0
    assert saved.players == (PlayerInfo("White"), PlayerInfo("Black", "ai", "easy"))
    again = play("nine", "--vs", "easy", "--seed", "5", stdin=script, home=tmp_path)
    assert again.stdout == out  # --seed makes the game repeatable


def test_computer_first_and_undo_with_nothing_of_yours(tmp_path: Path) -> None:
    result = play("nine", "--vs", "easy", "--ai-first", "--seed", "1", stdin="undo\nquit\n", home=tmp_path)
    assert result.returncode == 0
    assert "White (computer) plays " in result.stdout
    assert "nothing to undo" in result.stdout
    assert result.stdout.rstrip().endswith("bye")


def test_end_of_input_exits_cleanly(tmp_path: Path) -> None:
    result = play("twelve", "-o", "diagonals=true", stdin="", home=tmp_path)
    assert result.returncode == 0
    assert result.stderr == ""
    assert "Twelve Men's Morris" in result.stdout


def test_bad_command_line(tmp_path: Path) -> None:
    result = play("nine", "-o", "speed=3", stdin="", home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr
    result = play("nine", "--ai-first", stdin="", home=tmp_path)
    assert result.returncode == 2 and "--vs" in result.stderr


# ----- the console in process ----------------------------------------------------------


def test_hint_asks_the_hard_level(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def fake_choose(state: Any, level: str, **kwargs: Any) -> Any:
        asked.append(level)
        return state.parse_move("g1")

    monkeypatch.setattr(console_module, "choose_move", fake_choose)
    status, out, console = console_run("hint\n")
    assert status == 0
    assert "hint: g1" in out
    assert asked == ["hard"]
    assert console.state.ply == 0  # a hint plays nothing


def test_seed_coordinates_with_a_removal() -> None:
    # White d7 g7 then a7 in coordinates with a removal of Black's d6 (4,2).
    state = new_state("nine")
    state.play_all(["d7", "d6", "g7", "b6"])
    status, out, console = console_run("(1,1)x(4,2)\n", state)
    assert status == 0
    assert "White plays a7xd6" in out
    assert console.state.on_board(1) == 1  # type: ignore[attr-defined]


def test_mill_without_removal_is_refused_and_state_kept() -> None:
    state = new_state("nine")
    state.play_all(["d7", "d6", "g7", "b6"])
    key = state.key()
    status, out, console = console_run("a7\n", state)
    assert status == 0
    assert "illegal move: this move forms a mill: choose an opposing piece to remove" in out
    assert console.state.key() == key


def test_loading_a_finished_game_prints_its_result(tmp_path: Path) -> None:
    finished = new_state("nine")
    finished.play_all(BLOCKED_GAME)
    path = tmp_path / "done.plateaux.json"
    save_game(path, finished)
    status, out, console = console_run(f"d6\nload {path}\nd5\n")
    assert status == 0
    assert out.rstrip().endswith("result: Black wins (White is blocked)")
    assert console.state.ply == 18


def test_a_bad_file_leaves_the_game_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "bad.plateaux.json"
    path.write_text('{"format": "plateaux-save", "version": 7}', encoding="utf-8")
    status, out, console = console_run(f"d6\nload {path}\nload\n")
    assert status == 0
    assert f"error: {path}: made by a newer Plateaux: schema 7, this version reads schema 1\n" in out
    assert "usage: load FILE" in out
    assert [str(m) for m in console.state.history] == ["d6"]


def test_two_humans_undo_one_move_at_a_time() -> None:
    status, out, console = console_run("d6\nd5\nundo\nundo\nundo\n")
    assert status == 0
    assert "undone: d5" in out and "undone: d6" in out and "nothing to undo" in out
    assert console.state.ply == 0


class FirstLegalMove:
    """Standard input that always answers the first legal move of the console's game."""

    def __init__(self) -> None:
        self.console: Console | None = None
        self.calls = 0

    def readline(self) -> str:
        assert self.console is not None
        self.calls += 1
        if self.calls > 3000:
            return "quit\n"
        return f"{self.console.state.legal_moves()[0]}\n"


def test_a_game_against_the_computer_reaches_its_result(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(8)
    # A quick stand-in for the search: this checks the console's flow, not the AI.
    monkeypatch.setattr(
        console_module, "choose_move", lambda state, level, **_: rng.choice(state.legal_moves())
    )
    stdin, out = FirstLegalMove(), io.StringIO()
    console = Console(new_state("nine"), cast(TextIO, stdin), out, ai_level="medium", ai_side=FIRST, seed=2)
    stdin.console = console
    assert console.run() == 0
    text = out.getvalue()
    outcome = console.state.outcome()
    assert outcome is not None
    assert text.rstrip().endswith(f"result: {result_text(outcome, NAMES)}")
    assert text.count("White (computer) plays ") == (console.state.ply + 1) // 2


# ----- sentences -----------------------------------------------------------------------


def test_result_sentences() -> None:
    assert result_text(Outcome(FIRST, Termination.BLOCKED), NAMES) == "White wins (Black is blocked)"
    assert result_text(Outcome(None, Termination.REPETITION), NAMES) == "draw (threefold repetition)"
    assert (
        result_text(Outcome(SECOND, Termination.FEWER_THAN_THREE), NAMES)
        == "Black wins (White is down to two pieces)"
    )
    assert result_text(Outcome(None, Termination.BOARD_FULL), NAMES).startswith("draw (the board is full")
    assert result_text(Outcome(None, Termination.NO_REMOVAL_LIMIT), NAMES) == (
        "draw (100 moves without a removal)"
    )


@pytest.mark.parametrize("reason", list(Termination))
@pytest.mark.parametrize("winner", [FIRST, SECOND, None])
def test_every_reason_has_a_sentence(reason: Termination, winner: int | None) -> None:
    text = reason_text(Outcome(winner, reason), NAMES)
    assert text and "_" not in text and "{" not in text


def test_turn_sentence() -> None:
    state = new_state("nine")
    state.play_all(["d6"])
    assert turn_text(state) == "Black to move, placement phase; in hand: White 8, Black 9"


def test_loading_another_games_save_re_checks_the_computers_level(tmp_path: Path) -> None:
    """Issue 17, item 10: `--vs perfect` then a Morris save: the session goes on."""
    path = tmp_path / "nine.plateaux.json"
    nine = new_state("nine")
    nine.play("d6")  # the computer (Black) is to move after the load
    save_game(path, nine)
    script = f"load {path}\nquit\n"
    status, out, console = console_run(script, new_state("teeko"), ai_level="perfect", ai_side=1)
    assert status == 0 and "unknown level" not in out
    assert "has no level 'perfect': the computer now plays hard" in out
    assert console.ai_level == "hard" and console.state.spec.id == "nine"
    assert len(console.state.history) == 2  # the computer moved at its new level


def test_a_draw_offered_at_the_console_is_answered_by_the_computer_or_the_other_player() -> None:
    code, out, _ = console_run("draw\n", new_state("teeko"), ai_level="hard", ai_side=SECOND)
    assert code == 0 and "the computer accepts the draw" in out  # Teeko's start is a draw
    assert "result: draw (by agreement)" in out
    code, out, game = console_run("d6\ndraw\nn\na7\ndraw\ny\n")
    assert code == 0 and out.count("offers a draw: accept? (y/n)") == 2
    assert "the draw is declined" in out and "result: draw (by agreement)" in out
    assert [str(m) for m in game.state.history] == ["d6", "a7"]
