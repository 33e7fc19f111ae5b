"""Teeko's solved verdicts in the front ends: the perfect level offered for Teeko only, the
hint's labels (placing, moving, a selected piece), the game over saying where the game
was decided, the replay marking that move, and the Tk view's hint."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from conftest import headless_arcade  # noqa: E402

from engine.core import Verdict  # noqa: E402
from engine.games.teeko.rules import TeekoState  # noqa: E402
from engine.games.teeko.verdicts import verdicts  # noqa: E402
from game import verdict_hints  # noqa: E402
from game.ai_worker import AIWorker  # noqa: E402
from game.arcade.app import App  # noqa: E402
from game.controller import BoardController  # noqa: E402
from game.controller import hints as board_hints  # noqa: E402
from game.geometry import geometry_for  # noqa: E402
from game.session import AI, HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from game.tk.setup import HUMAN as TK_HUMAN  # noqa: E402
from game.tk.setup import MatchSetup  # noqa: E402
from game.verdict_hints import Decision, cell_verdicts, decision, decision_text, verdict_list  # noqa: E402
from scenes.board import BoardScene  # noqa: E402
from scenes.board_panel import LIST_RECT, ROW_HEIGHT  # noqa: E402
from scenes.difficulty import DifficultyScene  # noqa: E402
from scenes.game_over import GameOverScene  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# After c3 b2 Black wins in 13 (the solver): perfect play from there on, Black wins.
DECIDED_AT_B2 = "c3 b2 d3 b3 c4 d4 d2 c1 c4-b4 c1-d1 d3-c4 b2-c2 c4-b5 b3-a4 b5-a5"
# Perfect play from both sides (seed 0): drawn by threefold repetition.
DRAWN = (
    "c3 c2 b4 d2 b3 c4 d3 a3 c3-d4 a3-b2 b4-c3 d2-e3 c3-b4 e3-d2 d4-c3 b2-a3 c3-d4 d2-c3 "
    "b3-b2 c2-b3 d4-e4 b3-c2 d3-d4 c4-d3 b2-b3 d3-c4 b3-b2 c4-d3 b2-b3 d3-c4 b3-b2"
)
MOVING = "a3 c5 d3 a2 e1 b2 d1 b3 d1-d2"  # White to move: wins, draws and losses
NAMES = geometry_for("teeko").cell_names


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    assert verdict_hints.wait_for_database(10)
    yield from headless_arcade(tmp_path_factory)


def teeko_at(moves: str, seats: tuple[Seat, Seat] = (Seat(HUMAN), Seat(HUMAN))) -> GameSession:
    session = GameSession(GameSetup("teeko", {}, seats))
    session.state.play_all(moves.split())
    return session


def hint_shown(scene: BoardScene) -> bool:
    """A call, not an attribute: mypy would narrow the property between asserts."""
    return scene.verdict_hint.shown


def named(labels: dict[int, Verdict]) -> dict[str, str]:
    return {NAMES[cell]: str(verdict) for cell, verdict in labels.items()}


# ----- the perfect level ------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["teeko", "nine", "othello", "dames"])
def test_difficulty_offers_perfect_for_teeko_only(app: App, game_id: str) -> None:
    scene = DifficultyScene(app, GameSetup(game_id, {}, (Seat(HUMAN), Seat(AI, "medium"))))
    levels = [e.action for e in scene.entries() if e.action.startswith("level:")]
    expected = ["easy", "medium", "hard"] + (["perfect"] if game_id == "teeko" else [])
    assert levels == [f"level:{level}" for level in expected]
    both = DifficultyScene(app, GameSetup(game_id, {}, (Seat(AI, "hard"), Seat(AI, "hard"))))
    both.choose("cycle:0")  # hard -> perfect (Teeko) or back to easy
    assert both.setup.seats[0].level == ("perfect" if game_id == "teeko" else "easy")


def test_console_play_refuses_perfect_outside_teeko() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", "nine", "--vs", "perfect"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "no level 'perfect'" in done.stderr


# ----- the hint's labels ------------------------------------------------------------
def test_placement_labels_are_every_empty_cell_with_its_verdict() -> None:
    state = TeekoState({})
    state.play_all(["c3", "b2"])
    found = verdicts(state)
    labels = cell_verdicts(found, ())
    assert labels == {move.dst: verdict for move, verdict in found.items()}
    assert set(labels) == {c for c, code in enumerate(state.board()) if code == 0}
    shown = named(labels)
    assert shown["c4"] == shown["d3"] == "W13" and shown["b5"] == shown["e2"] == "L16"
    assert shown["a1"] == "D"


def test_moving_labels_pieces_by_their_best_move_then_a_pieces_destinations() -> None:
    state = TeekoState({})
    state.play_all(MOVING.split())
    found = verdicts(state)
    pieces = cell_verdicts(found, ())
    assert set(pieces) == {move.src for move in found}
    for cell, verdict in pieces.items():
        own = [v for m, v in found.items() if m.src == cell]
        assert verdict == min(own, key=verdict_hints.rank)
    c5 = NAMES.index("c5")
    destinations = cell_verdicts(found, (c5,))
    assert destinations == {m.dst: v for m, v in found.items() if m.src == c5}
    assert named(destinations)["b4"] == "W3" and named(pieces)["c5"] == "W3"
    assert verdict_list(found, "en").startswith("c5-b4=W3 ")
    assert verdict_list(found, "fr").startswith("c5-b4=G3 ")  # gagne, nulle, perd


def test_board_hint_labels_equal_the_engine_verdicts(app: App) -> None:
    scene = BoardScene(app, teeko_at(MOVING))
    scene.ask_hint()
    assert hint_shown(scene)
    assert scene.verdict_hint.verdicts == verdicts(scene.session.state)
    assert "green wins" in scene.status_text()
    c5 = NAMES.index("c5")
    scene.click_cell(c5)
    assert scene.verdict_hint.labels(scene.builder.prefix) == cell_verdicts(
        verdicts(scene.session.state), (c5,)
    )
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)  # the labels draw without error; the colour under b4's label is green
    x, y = scene.look.centre(NAMES.index("b4"))
    assert surface.get_at((round(x) - 20, round(y))) == pygame.Color("#7FB77E")
    scene.click_cell(NAMES.index("b4"))  # playing a move clears the hint
    assert not hint_shown(scene)
    scene.closing()


def test_hint_says_preparing_until_the_database_is_there(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = BoardScene(app, teeko_at("c3"))
    monkeypatch.setattr(board_hints, "database_ready", lambda: False)
    scene.ask_hint()
    assert not hint_shown(scene) and "Preparing" in scene.status_text()
    scene.update(0.016)
    assert not hint_shown(scene)
    monkeypatch.undo()
    scene.update(0.016)
    assert hint_shown(scene) and "green wins" in scene.status_text()
    assert not scene.ai.busy  # no search asked: the verdicts are the hint
    scene.closing()


def test_other_games_keep_the_searched_hint(app: App) -> None:
    scene = BoardScene(app, GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(HUMAN)))))
    scene.ask_hint()
    assert not scene.verdict_hint.enabled and scene.ai.busy
    scene.closing()


# ----- where the game was decided -----------------------------------------------------
def test_game_over_says_where_the_game_was_decided(app: App) -> None:
    scene = GameOverScene(app, teeko_at(DECIDED_AT_B2))
    scene.update(0.016)
    assert scene.decision == Decision(1, "b2", 0, True)
    assert scene.analysis() == "Decided at 1... b2: from then on Black could force the win."
    app.settings = app.settings.with_changes(language="fr")
    try:
        assert scene.analysis() == "Décidé au coup 1... b2 : dès lors, Noir pouvait forcer la victoire."
    finally:
        app.settings = app.settings.with_changes(language="en")
    scene.draw(pygame.Surface((1280, 720)))


def test_game_over_of_a_drawn_game_says_it_stayed_a_draw(app: App) -> None:
    session = teeko_at(DRAWN)
    outcome = session.state.outcome()
    assert outcome is not None and outcome.winner is None
    scene = GameOverScene(app, session)
    scene.update(0.016)
    assert scene.analysis() == "Perfect play from both sides: it stayed a draw."


def test_no_analysis_for_other_games_and_a_slipped_win_is_told() -> None:
    state = GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(HUMAN)))).state
    assert decision(state) is None
    text = decision_text(Decision(4, "e1", 1, kept=False), ("Black", "White"), "en")
    assert text == "The move 3. e1 gave White a forced win, which then slipped away."


def test_replay_marks_the_deciding_move(app: App) -> None:
    scene = ReplayScene(app, teeko_at(DECIDED_AT_B2))
    scene.playing = False
    scene.update(0.016)
    assert scene.decisive_ply == 1
    scene.forward(animate=False)
    assert "decided" not in scene.status()
    scene.forward(animate=False)  # b2 is the last move shown
    assert "This move decided the game: from here Black could force the win." in scene.status()
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    # The red dot before b2 (second column of the first row of the move list).
    dot = (LIST_RECT.x + 90 + 210 - 16, LIST_RECT.y + 10 + ROW_HEIGHT // 2 - 1)
    assert surface.get_at(dot) == pygame.Color("#D9665B")
    scene.forward(animate=False)
    assert "decided" not in scene.status()


# ----- the board controller's hint, the same in the Tk view (no display needed) -------
def controller(setup: MatchSetup) -> BoardController:
    return BoardController(GameSession(setup.game_setup()), AIWorker, autosave=False)


def test_controller_hint_lists_every_verdict_and_labels_the_cells() -> None:
    assert verdict_hints.wait_for_database(10)
    session = controller(MatchSetup("teeko", {}, (TK_HUMAN, TK_HUMAN)))
    for move in MOVING.split():
        session.play(move)
    assert not session.verdict_hint.shown and session.verdict_hint.labels(()) == {}
    assert session.ask_hint().refusal is None
    found = verdicts(session.state)
    assert session.verdict_hint.verdicts == found
    assert sorted(verdict_list(found, "en").split()) == sorted(f"{m}={v}" for m, v in found.items())
    assert session.verdict_hint.labels(()) == cell_verdicts(found, ())
    session.click(NAMES.index("c5"))
    assert str(session.verdict_hint.labels(session.builder.prefix)[NAMES.index("b4")]) == "W3"
    session.click(NAMES.index("b4"))  # a move: the hint is gone
    assert not session.verdict_hint.shown
    assert not session.ai.busy, "the verdicts are the hint: no search"


def test_controller_hint_searches_in_other_games_and_refuses_on_the_computers_turn() -> None:
    nine = controller(MatchSetup("nine", {}, (TK_HUMAN, TK_HUMAN)))
    assert nine.ask_hint().refusal is None and nine.ai.busy  # a search, as in the arcade
    nine.close()
    teeko = controller(MatchSetup("teeko", {}, ("perfect", TK_HUMAN)))
    assert teeko.ask_hint().refusal is not None
