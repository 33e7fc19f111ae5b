"""The board controller on its own (no pygame, no tkinter): the one place where a board's
clicks, turns, undo/redo, hints, texts and autosave live for both front ends."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest

from engine.core import GameState
from game import paths
from game.ai_worker import AIResult, AIWorker
from game.autosave import read_autosave
from game.controller import BoardController, BoardEvent, ChainStep, Effect, GameEnded, MoveShown
from game.session import AI, HUMAN, GameSession, GameSetup, Seat

ROOT = Path(__file__).resolve().parent.parent
PEOPLE = (Seat(HUMAN), Seat(HUMAN))
# Dames: White's 32x21x12x1 after these moves is a three-jump chain (see tools/smoke.py).
DAMES_CHAIN = "33-28 18-23 39-33 23-29 33x24 20x29 34x23 19-24 31-27 12-18 23x12 7x18 38-33 1-7 27-21 16x27"


class FakeWorker:
    """Answers every request at once with the first legal move (or a fixed text)."""

    def __init__(self, answer: str | None = None) -> None:
        self.answer = answer
        self.asked: list[str] = []
        self._pending: GameState | None = None

    def request(self, state: GameState, level: str, movetime: float | None = None) -> int:
        self.asked.append(level)
        self._pending = state.copy()
        return len(self.asked)

    def poll(self) -> AIResult | None:
        if self._pending is None:
            return None
        move = self.answer or str(self._pending.legal_moves()[0])
        self._pending = None
        return AIResult(len(self.asked), move, None, 1, 1)

    def cancel(self) -> None:
        self._pending = None


def board(
    game_id: str, seats: tuple[Seat, Seat] = PEOPLE, lang: str = "en", worker: Any = None, **kw: Any
) -> tuple[BoardController, list[BoardEvent]]:
    events: list[BoardEvent] = []
    fake = worker or FakeWorker()
    game = BoardController(
        GameSession(GameSetup(game_id, {}, seats)),
        lambda: cast(AIWorker, fake),
        lang=lang,
        ai_min_delay=0.0,
        listener=events.append,
        autosave=kw.pop("autosave", False),
        **kw,
    )
    return game, events


def test_the_controller_never_loads_a_user_interface() -> None:
    probe = "import sys, game.controller; print(sorted({'pygame', 'tkinter'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_undo_and_redo_against_the_ai_take_both_moves() -> None:
    game, _events = board("nine", (Seat(HUMAN), Seat(AI, "easy")))
    game.play("d6")
    game.update(0.1)  # the AI answers at once (fake worker, no delay)
    assert game.state.ply == 2
    assert game.undo() and game.state.ply == 0
    assert game.redo() and game.state.ply == 2
    assert not game.redo() and game.refused and game.notice == "Nothing to redo."


def test_a_refused_click_says_why_in_both_languages() -> None:
    for lang, words in (("en", "d6 is not empty"), ("fr", "d6")):
        game, events = board("nine", lang=lang)
        d6 = game.state.parse_move("d6").dst
        game.click(d6)
        refusal = game.click(d6).refusal
        assert refusal is not None and words in refusal
        assert Effect("refused") in events
    game, _ = board("nine", lang="fr")
    assert game.status_text().startswith("Posez un pion")


def test_a_dames_chain_is_shown_jump_by_jump_and_played_at_the_end() -> None:
    game, events = board("dames")
    for move in DAMES_CHAIN.split():
        game.play(move)
    start, first, second, last = (square - 1 for square in (32, 21, 12, 1))  # squares 1..50
    game.click(start)
    game.click(first)
    steps = [e for e in events if isinstance(e, ChainStep)]
    assert steps and steps[-1].steps == (start, first) and steps[-1].capture
    assert game.cells != game.state.board(), "the jump is shown before the move is played"
    assert game.state.ply == 16
    game.click(second)
    assert len([e for e in events if isinstance(e, ChainStep)]) == 2
    played = game.click(last).played
    assert str(played) == "32x21x12x1" and game.state.ply == 17
    final = [e for e in events if isinstance(e, MoveShown)][-1]
    assert final.steps == (second, last) and final.chain_end, "only the last jump is left to animate"


def test_every_move_is_announced_and_the_end_once() -> None:
    game, events = board("teeko")
    for move in ["a1", "a5", "b1", "b5", "c1", "e5", "e2", "e3", "e2-d1"]:
        game.play(move)
    shown = [e for e in events if isinstance(e, MoveShown)]
    assert len(shown) == 9 and shown[0].placed
    assert [e for e in events if isinstance(e, GameEnded)] == [GameEnded("win")]
    assert game.click(0).refusal == "The game is over."


def test_the_hint_is_a_search_in_morris() -> None:
    worker = FakeWorker()
    game, _ = board("nine", worker=worker)
    assert game.ask_hint().refusal is None and worker.asked == ["hard"]
    game.update(0.1)
    assert game.hint in game.state.legal_moves()
    assert game.status_text().startswith("Hint: ")


def test_watching_two_computers_can_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    game, _ = board("othello", (Seat(AI, "easy"), Seat(AI, "easy")))
    assert game.toggle_pause() and game.paused
    game.update(0.1)
    assert game.state.ply == 0, "a paused game waits"
    game.toggle_pause()
    game.update(0.1)
    assert game.state.ply == 1


def test_autosave_after_a_move_and_never_from_an_untouched_board(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    untouched, _ = board("nine", autosave=True)
    untouched.close()
    assert not paths.autosave_path().exists()
    game, _ = board("nine", autosave=True)
    game.play("d6")
    game.close()
    session, error = read_autosave()
    assert error is None and session is not None and [str(m) for m in session.state.history] == ["d6"]


def test_an_ai_that_fails_still_moves_and_says_so() -> None:
    game, events = board("nine", (Seat(HUMAN), Seat(AI, "easy")), worker=FakeWorker(answer="zz9"))
    game.play("d6")
    game.update(0.1)
    assert game.state.ply == 2 and game.refused
    assert any(type(e).__name__ == "AIFailed" for e in events)


def test_real_worker_type_is_accepted() -> None:
    game = BoardController(GameSession(GameSetup("nine")), AIWorker, autosave=False)
    assert game.human_to_move()
    game.close()
