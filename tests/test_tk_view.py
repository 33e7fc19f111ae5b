"""The Tk view under a private Xvfb: real clicks play moves, refusals say why, the winner
is announced, saves round-trip through engine.saves, the AI answers off the Tk thread,
undo/redo, hints and Continue are the board controller's, and `--tk --smoke` plays a
whole game and exits 0."""

from __future__ import annotations

import gc
import os
import random
import shutil
import subprocess
import sys
import time
import tkinter as tk
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from xvfb import virtual_display, xvfb_server  # noqa: F401  (fixtures)

from engine.registry import new_state
from engine.saves import load_game
from game.ai_worker import AIWorker
from game.controller import BoardController
from game.session import GameSession
from game.tk.app import TkApp
from game.tk.setup import HUMAN, MatchSetup

ROOT = Path(__file__).resolve().parent.parent
TWO_PLAYERS = MatchSetup("nine", {}, (HUMAN, HUMAN))


def pump(root: tk.Tk, until: Callable[[], bool] | None = None, timeout: float = 0.3) -> bool:
    """Run the Tk loop until `until()` holds (or for `timeout` seconds without one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        root.update()
        if until is not None and until():
            return True
        time.sleep(0.01)
    return until is None


@pytest.fixture
def make_app(
    virtual_display: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Iterator[Callable[..., TkApp]]:
    monkeypatch.setenv("PLATEAUX_HOME", str(tmp_path / "home"))  # the autosave and settings
    apps: list[TkApp] = []

    def build(setup: MatchSetup = TWO_PLAYERS, lang: str = "en", **kwargs: object) -> TkApp:
        root = tk.Tk()
        root.geometry("1180x760+0+0")
        app = TkApp(root, setup, lang, **kwargs)  # type: ignore[arg-type]
        apps.append(app)
        pump(root, timeout=0.2)
        return app

    yield build
    for app in apps:
        app.close()
    # Free the Tk objects here, on the Tk thread, not in a later collection that may
    # run on another thread (game/tk/collect.py).
    apps.clear()
    gc.collect()


def click_cell(app: TkApp, cell: int, button: int = 1) -> None:
    """A mouse click on a cell, delivered through Tk's event queue."""
    x, y = app.canvas.cell_centre(cell)
    app.canvas.event_generate(f"<Button-{button}>", x=x, y=y)
    pump(app.root, timeout=0.05)


def click_move(app: TkApp, text: str) -> None:
    move = app.game.state.parse_move(text)
    for cell in move.steps:
        click_cell(app, cell)


def test_clicks_place_move_and_remove(make_app: Callable[..., TkApp]) -> None:
    app = make_app()
    for text in ["a7", "a1", "d7", "g1"]:
        click_move(app, text)
    assert [str(m) for m in app.game.state.history] == ["a7", "a1", "d7", "g1"]
    click_move(app, "g7")  # closes a7-d7-g7: a removal is now due
    assert app.game.removal_due()
    assert "Remove one of Black's pieces" in app.status.hint.cget("text")
    click_cell(app, app.game.state.parse_move("d2").dst)  # an empty point: refused, mill kept
    assert "d2 is not one" in app.status.notice.cget("text")
    assert len(app.game.state.history) == 4
    click_cell(app, app.game.state.parse_move("a1").dst)
    assert str(app.game.state.history[-1]) == "g7xa1"
    assert app.game.state.board()[app.game.state.parse_move("a1").dst] == 0


def test_real_mouse_click_through_x(make_app: Callable[..., TkApp]) -> None:
    if shutil.which("xdotool") is None:
        pytest.skip("xdotool is not installed")
    app = make_app()
    pump(app.root, lambda: app.canvas.winfo_viewable() == 1, timeout=3)
    cell = app.game.state.parse_move("d6").dst
    x, y = app.canvas.cell_centre(cell)
    sx, sy = app.canvas.winfo_rootx() + x, app.canvas.winfo_rooty() + y
    subprocess.run(["xdotool", "mousemove", str(sx), str(sy), "click", "1"], check=True)
    assert pump(app.root, lambda: len(app.game.state.history) == 1, timeout=5)
    assert str(app.game.state.history[0]) == "d6"


def test_refused_click_says_why(make_app: Callable[..., TkApp]) -> None:
    app = make_app()
    click_move(app, "d6")
    click_cell(app, app.game.state.parse_move("d6").dst)  # Black clicks White's piece
    notice = app.status.notice.cget("text")
    assert "d6 is not empty" in notice
    assert len(app.game.state.history) == 1
    app.canvas.event_generate("<Button-1>", x=2, y=2)  # the corner: as in the arcade, a fresh start
    pump(app.root, timeout=0.05)
    assert app.status.notice.cget("text") == "" and not app.game.builder.prefix


def test_refusal_in_french_and_language_switch(make_app: Callable[..., TkApp]) -> None:
    app = make_app(lang="fr")
    assert "Posez un pion" in app.status.hint.cget("text")
    click_move(app, "d6")
    click_move(app, "d6")
    assert "d6 n'est pas libre" in app.status.notice.cget("text")
    app.set_language("en")
    assert "Place a piece" in app.status.hint.cget("text")


def test_selection_shows_targets_and_escape_drops_it(make_app: Callable[..., TkApp]) -> None:
    state = new_state("nine")
    rng = random.Random(3)
    while state.ply < 18:  # through the placement phase, avoiding removals
        quiet = [m for m in state.legal_moves() if m.take is None]
        state.push(rng.choice(quiet or state.legal_moves()))
    assert state.outcome() is None
    app = make_app()
    for move in state.history:
        app.game.play(move)
    app.refresh()
    movers = app.game.builder.next_cells()
    assert movers, "the side to move has a piece to move"
    first = min(movers)
    x, y = app.canvas.cell_centre(first)
    app.canvas.event_generate("<Motion>", x=x, y=y)
    pump(app.root, timeout=0.05)
    assert app.picture().preview == app.game.builder.preview(first) != set(), "hover shows where it goes"
    click_cell(app, first)
    assert app.game.builder.prefix == (first,)
    assert app.game.targets(), "legal destinations are shown"
    assert "Choose where the piece on" in app.status.hint.cget("text")
    app.root.event_generate("<Escape>")
    pump(app.root, timeout=0.05)
    assert not app.game.builder.prefix


def test_winner_is_announced(make_app: Callable[..., TkApp]) -> None:
    rng = random.Random(7)
    state = new_state("nine")
    while state.outcome() is None:
        state.push(rng.choice(state.legal_moves()))
    last = state.pop()
    app = make_app()
    for move in state.history:
        app.game.play(move)
    app.refresh()
    for cell in last.steps:
        click_cell(app, cell)
    result = app.panel.result.cget("text")
    assert "wins" in result or "Draw" in result
    assert app.announcement is not None and app.announcement.winfo_exists()
    assert app.status.hint.cget("text") == "The game is over."


def test_save_and_load_round_trip(make_app: Callable[..., TkApp], tmp_path: Path) -> None:
    app = make_app(MatchSetup("twelve", {"diagonals": True}, (HUMAN, "hard")))
    app.game.play("d6")
    app.game.play("d2")
    path = str(tmp_path / "game.plateaux.json")
    assert app.save_to(path)
    saved = load_game(path)
    assert [str(m) for m in saved.state.history] == ["d6", "d2"]
    assert saved.state.options == {"diagonals": True}
    assert (saved.players[1].kind, saved.players[1].level) == ("ai", "hard")
    shown = subprocess.run(
        [sys.executable, "-m", "engine", "show", path], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0, shown.stderr

    other = make_app()
    assert other.load_from(path)
    assert [str(m) for m in other.game.state.history] == ["d6", "d2"]
    assert other.setup.levels == (HUMAN, "hard")
    assert other.game.state.spec.id == "twelve"

    bad = tmp_path / "bad.plateaux.json"
    bad.write_text("{not json", encoding="utf-8")
    assert not other.load_from(str(bad))
    assert "Could not load" in other.status.notice.cget("text")
    assert "{not json" not in other.status.notice.cget("text")
    assert other.game.state.spec.id == "twelve", "a failed load changes nothing"


def test_ai_answers_and_undo_takes_both_moves_back(make_app: Callable[..., TkApp]) -> None:
    app = make_app(MatchSetup("nine", {}, (HUMAN, "easy"), movetime=0.05), ai_delay=0.0)
    click_move(app, "d6")
    assert pump(app.root, lambda: app.game.state.ply == 2, timeout=30), "the AI answered"
    assert not app.game.session.is_ai_turn()
    app.undo()
    assert app.game.state.ply == 0
    click_move(app, "d6")
    app.undo()  # while the AI thinks: its answer is dropped
    pump(app.root, timeout=0.5)
    assert app.game.state.ply == 0


def test_smoke_exits_zero_without_pygame(virtual_display: str) -> None:  # noqa: F811
    """`python main.py --tk --smoke` (or run() directly while main.py is missing)."""
    entry = (
        "import main; code = main.main(['--tk', '--smoke'])"
        if (ROOT / "main.py").exists()
        else ("from game.tk.app import run; code = run(['--smoke'])")
    )
    report = "print('pygame loaded' if 'pygame' in sys.modules else 'no pygame')"
    script = f"import sys; {entry}; {report}; sys.exit(code)"
    env = dict(os.environ, DISPLAY=virtual_display)
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=280
    )
    assert done.returncode == 0, done.stderr
    assert "smoke:" in done.stdout and ("wins" in done.stdout or "Draw" in done.stdout)
    assert "no pygame" in done.stdout, "the Tk view must never load pygame"


def test_new_game_dialog_starts_twelve_with_diagonals(make_app: Callable[..., TkApp]) -> None:
    from game.tk.newgame import NewGameDialog

    app = make_app()
    app.game.play("d6")
    dialog = NewGameDialog(app.root, app.setup, "en", app.start_game)
    pump(app.root, timeout=0.1)
    dialog.game.set("twelve")
    dialog._rebuild()
    dialog.option_vars["diagonals"].set(True)
    dialog.mode.set("ai")
    dialog._rebuild()
    dialog.level.set("hard")
    dialog.side.set(1)
    dialog.start()
    pump(app.root, timeout=0.1)
    setup = app.setup
    assert (setup.game_id, dict(setup.options), setup.levels) == (
        "twelve",
        {"diagonals": True},
        ("hard", None),
    )
    assert app.game.state.spec.id == "twelve"
    assert len(app.canvas.geometry.lines) > 32, "the diagonal lines are drawn"


def controller(setup: MatchSetup, lang: str = "en") -> BoardController:
    """The Tk view's game without a window (no worker needed until the AI's turn)."""
    return BoardController(GameSession(setup.game_setup()), AIWorker, lang=lang, autosave=False)


def session_at(moves: list[str], lang: str = "en") -> BoardController:
    session = controller(TWO_PLAYERS, lang)
    for move in moves:
        session.play(move)
    return session


def cell(name: str) -> int:
    index: int = new_state("nine").parse_move(name).dst
    return index


def test_session_reasons_come_from_the_rules_in_both_languages() -> None:
    from conftest import NINE_MOVING_BLACK, NINE_MOVING_WHITE, interleave

    moves = interleave(NINE_MOVING_WHITE, NINE_MOVING_BLACK)
    session = session_at(moves)
    assert session.click(cell("a7")).refusal is None
    refusal = session.click(cell("d5")).refusal
    assert refusal is not None and "d5 is not next to a7" in refusal
    assert session.builder.prefix == (cell("a7"),), "a refused click keeps the selection"
    french = session_at(moves, "fr")
    french.click(cell("a7"))
    assert "d5 n'est pas voisin de a7" in str(french.click(cell("d5")).refusal)
    assert "no piece on d5" in str(session_at(moves).click(cell("d5")).refusal)


def test_undo_against_the_ai_goes_back_to_the_human() -> None:
    session = controller(MatchSetup("nine", {}, (HUMAN, "easy")))
    session.play("d6")
    session.play("a1")  # the AI's answer
    assert session.undo()
    assert session.state.ply == 0 and not session.session.is_ai_turn()
    assert not session.undo(), "nothing to undo at the start"
    assert session.redo() and session.state.ply == 2, "redo brings both moves back"


def test_teeko_hint_button_labels_the_board_and_lists_the_verdicts(make_app: Callable[..., TkApp]) -> None:
    from game.verdict_hints import wait_for_database

    app = make_app(MatchSetup("teeko", {}, (HUMAN, HUMAN)))
    assert wait_for_database(10)
    for move in ("c3", "b2"):
        app.game.play(move)
    app.refresh()
    app.panel.buttons["hint"].invoke()
    pump(app.root, until=lambda: bool(app.canvas.find_withtag("verdict0")), timeout=2)
    c4 = app.canvas.find_withtag(f"verdict{app.game.state.parse_move('c4').dst}")
    assert c4 and app.canvas.itemcget(c4[0], "text") == "W13"  # type: ignore[no-untyped-call]
    texts = [i for i in app.canvas.find_withtag("dynamic") if str(app.canvas.type(i)) == "text"]
    assert len(texts) == 23, "one verdict per empty cell"
    listed = app.panel.verdicts.cget("text")
    assert "c4=W13" in listed and "b5=L16" in listed and "a1=D" in listed
    click_move(app, "c4")  # playing clears the hint
    assert app.panel.verdicts.cget("text") == "" and not app.canvas.find_withtag("verdict0")
    app.start_game(MatchSetup("nine", {}, (HUMAN, HUMAN)))
    assert app.panel.buttons["hint"].cget("state") == "normal"  # a searched hint in every game


def test_new_game_dialog_offers_perfect_for_teeko_only(make_app: Callable[..., TkApp]) -> None:
    from game.tk.newgame import NewGameDialog

    app = make_app()
    dialog = NewGameDialog(app.root, MatchSetup("teeko", {}, (HUMAN, "medium")), "en", app.start_game)
    pump(app.root, timeout=0.1)

    def offered() -> list[str]:
        radios = [w for w in dialog._body.winfo_children() if isinstance(w, tk.Radiobutton)]
        return [str(w.cget("value")) for w in radios if str(w.cget("variable")) == str(dialog.level)]

    assert offered() == ["easy", "medium", "hard", "perfect"]
    dialog.level.set("perfect")
    assert dialog.setup().levels == (None, "perfect")
    dialog.game.set("nine")
    dialog._rebuild()
    assert offered() == ["easy", "medium", "hard"]
    assert dialog.setup().levels == (None, "hard"), "perfect, then another game: the strongest it has"
    dialog.destroy()


def test_player_discs_in_the_panel_match_the_board(make_app: Callable[..., TkApp]) -> None:
    """Teeko's first player is Black: its disc in the panel is the dark one, as on the board."""
    from game.tk.board import EBONY, IVORY

    def fills(app: TkApp) -> list[str]:
        return [str(swatch.itemcget(disc, "fill")) for swatch, disc in app.panel.swatches]  # type: ignore[no-untyped-call]

    app = make_app()
    assert fills(app) == [IVORY, EBONY]  # Morris: White first
    app.start_game(MatchSetup("teeko", {}, (HUMAN, HUMAN)))
    assert fills(app) == [EBONY, IVORY]


def test_tk_redo_hint_in_morris_and_continue_after_a_restart(make_app: Callable[..., TkApp]) -> None:
    """What the arcade has, Tk has: redo, a searched hint in Morris, the autosave and Continue."""
    app = make_app(MatchSetup("nine", {}, (HUMAN, HUMAN)), ai_delay=0.0)
    click_move(app, "d6")
    click_move(app, "d2")
    app.undo()
    assert app.game.state.ply == 1 and app.panel.buttons["redo"].cget("state") == "normal"
    app.redo()
    assert [str(m) for m in app.game.state.history] == ["d6", "d2"]
    app.hint()
    assert pump(app.root, lambda: app.game.hint is not None, timeout=30), "the search hint came"
    assert app.game.hint in app.game.state.legal_moves()
    assert app.picture().preview == frozenset(app.game.hint.steps), "the hint is shown on the board"
    app.close()  # writes the autosave
    again = make_app()
    again.continue_game()
    assert [str(m) for m in again.game.state.history] == ["d6", "d2"]


def test_a_chain_shown_played_leaves_no_ghost_where_it_started() -> None:
    """Dames: after a first jump is clicked, the piece stands on its landing square and its
    start is empty (no faded copy left behind), as in the arcade."""
    from game.tk.board import board_picture

    game = controller(MatchSetup("dames", {}, (HUMAN, HUMAN)))
    chain = "33-28 18-23 39-33 23-29 33x24 20x29 34x23 19-24 31-27 12-18 23x12 7x18 38-33 1-7 27-21 16x27"
    for move in chain.split():
        game.play(move)
    game.click(31)  # square 32
    game.click(20)  # over 27 to 21: shown played
    picture = board_picture(game, None, None, 0.0)
    assert picture.selected == (31, 20) and not picture.ghosts
    assert picture.cells[31] == 0 and picture.cells[20] != 0
    game.cancel_selection()
    assert board_picture(game, None, None, 0.0).ghosts

