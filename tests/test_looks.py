"""Board looks: every cell maps to the screen and back in every look, the orientation
follows seed 004 (dames A: White at the far side; B: White on the left), the look
choice travels through saves and the autosave, and saves without a look still load.
Drawing runs headless (SDL dummy driver)."""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from xvfb import virtual_display, xvfb_server  # noqa: F401  (fixtures)

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from engine.core import FIRST_KING, FIRST_MAN  # noqa: E402
from engine.registry import GAMES, new_state  # noqa: E402
from engine.saves import SaveError, dumps, load_game, loads  # noqa: E402
from game.arcade.animation import Animator, Flip  # noqa: E402
from game.arcade.app import App  # noqa: E402
from game.arcade.board_look import BoardLook  # noqa: E402
from game.arcade.sprites import PieceStyle, piece_image  # noqa: E402
from game.autosave import load_session, save_session  # noqa: E402
from game.geometry import geometry_for  # noqa: E402
from game.looks import board_geometry, look_for, looks_for, turn_point  # noqa: E402
from game.session import HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from game.tk.setup import MatchSetup  # noqa: E402

T = TypeVar("T")
BOARD_RECT = pygame.Rect(48, 30, 620, 620)
EVERY_LOOK = [(game, look.look_id) for game in GAMES for look in looks_for(game)]
DAMES_WHITE_START = range(30, 50)  # squares 31..50: White's men at the start (engine rows 6..9)


app = arcade_app(show_legal_moves=True)


def test_every_registered_game_has_a_look_and_unknown_ids_fall_back() -> None:
    assert all(looks_for(game_id) for game_id in GAMES)
    assert look_for("dames", None).look_id == "a"
    assert look_for("dames", "no such look").look_id == "a"
    assert look_for("dames", "b").look_id == "b"
    assert look_for("nine") == look_for("nine", "classic")


@pytest.mark.parametrize(("game", "look_id"), EVERY_LOOK)
def test_cell_to_screen_to_cell_round_trips(app: App, game: str, look_id: str) -> None:
    look = BoardLook(game, {}, BOARD_RECT, look_id)
    for cell in range(len(look.geometry.centres)):
        x, y = look.centre(cell)
        assert look.rect.collidepoint(x, y)
        assert look.cell_at((round(x), round(y))) == cell, (game, look_id, cell)
        # A click a little off centre (within the piece) still finds the cell.
        nudge = look.piece_radius * 0.6
        assert look.cell_at((round(x + nudge), round(y - nudge))) == cell


def test_morris_looks_exactly_as_before() -> None:
    for game in ("nine", "twelve"):
        assert board_geometry(game, {}, look_for(game)) == geometry_for(game)
        assert look_for(game).quarter_turns == 0 and not look_for(game).dark_first


def test_turns_are_quarter_turns_clockwise() -> None:
    assert turn_point(0.5, 1.0, 1) == (0.0, 0.5)  # the bottom edge goes to the left
    assert turn_point(0.5, 1.0, 2) == (0.5, 0.0)  # ... and to the top after half a turn
    assert turn_point(0.2, 0.3, 4) == pytest.approx((0.2, 0.3))


def test_dames_look_a_puts_white_at_the_far_side() -> None:
    geometry = board_geometry("dames", {}, look_for("dames", "a"))
    white_rows = [geometry.centres[c][1] for c in DAMES_WHITE_START]
    black_rows = [geometry.centres[c][1] for c in range(20)]
    assert max(white_rows) < 0.5 < min(black_rows)
    assert look_for("dames", "a").pieces == "diamond"
    assert look_for("dames", "a").cells == "round_cells"


def test_dames_look_b_puts_white_on_the_left() -> None:
    geometry = board_geometry("dames", {}, look_for("dames", "b"))
    white_columns = [geometry.centres[c][0] for c in DAMES_WHITE_START]
    black_columns = [geometry.centres[c][0] for c in range(20)]
    assert max(white_columns) < 0.5 < min(black_columns)
    assert look_for("dames", "b").pieces == "round"
    assert look_for("dames", "b").cells == "square_cells"


def test_keyboard_and_labels_use_the_turned_board() -> None:
    """The cursor moves on screen: Right from a cell finds one to its right on screen."""
    from scenes.board_keys import nearest_in_direction

    centres = board_geometry("dames", {}, look_for("dames", "b")).centres
    start = 25
    right = nearest_in_direction(centres, start, (1, 0))
    assert right != start and centres[right][0] > centres[start][0]


def test_first_player_is_dark_where_the_game_says_so() -> None:
    for game in ("teeko", "othello"):
        assert GAMES[game].player_names[0] == "Black"
        style = look_for(game)
        assert PieceStyle(style.pieces, style.dark_first).is_dark(FIRST_MAN)
    for game in ("nine", "dames"):
        style = look_for(game)
        assert not PieceStyle(style.pieces, style.dark_first).is_dark(FIRST_MAN)


def test_kings_look_different_from_men_in_both_dames_looks(app: App) -> None:
    for look_id in ("a", "b"):
        look = look_for("dames", look_id)
        style = PieceStyle(look.pieces, look.dark_first)
        man = pygame.image.tobytes(piece_image(FIRST_MAN, 24, style), "RGBA")
        king = pygame.image.tobytes(piece_image(FIRST_KING, 24, style), "RGBA")
        changed = sum(a != b for a, b in zip(man, king, strict=True)) / len(man)
        assert changed > 0.1, look_id


def test_othello_flips_ripple_out_from_the_placed_disc(app: App) -> None:
    look = BoardLook("othello", {}, BOARD_RECT)
    state = new_state("othello")
    # Black d3, White c3, Black a move that turns discs at distances 1 and 2 on a line.
    state.play_all(["d3", "c3", "c4", "e3", "f2"])
    before = state.board()
    move = max(state.legal_moves(), key=lambda m: len(_turned(state, m)))
    state.play(move)
    animator = Animator()
    animator.add_move(look, before, state.board(), move, [], speed=1.0)
    flips = [item for item in animator.items if isinstance(item, Flip)]
    assert max(look.steps_between(move.steps[0], flip.cell) for flip in flips) >= 2
    placed = move.steps[0]
    for flip in flips:
        distance = look.steps_between(placed, flip.cell)
        assert flip.delay == pytest.approx(0.18 + 0.04 * (distance - 1))


def _turned(state: Any, move: Any) -> list[int]:
    before = state.board()
    state.push(move)
    after = state.board()
    state.pop()
    return [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a and a != b]


# ----- the look choice in saves ---------------------------------------------------------


def test_save_keeps_the_look_and_old_saves_load_without_one() -> None:
    state = new_state("dames")
    state.play_all(["31-26", "16-21"])
    assert loads(dumps(state, look="b")).look == "b"
    old = json.loads(dumps(state))
    assert "look" not in old
    assert loads(json.dumps(old)).look is None


def test_a_look_that_is_not_a_short_string_is_refused_in_one_line() -> None:
    data = json.loads(dumps(new_state("dames")))
    for bad in (5, ["a"], "x" * 100, "a\nb"):
        data["look"] = bad
        with pytest.raises(SaveError) as error:
            loads(json.dumps(data))
        assert "\n" not in str(error.value) and "look" in str(error.value)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PLATEAUX_HOME", str(tmp_path))
    return tmp_path


def test_arcade_save_and_load_keep_the_look(home: Path) -> None:
    session = GameSession(GameSetup("dames", {}, (Seat(HUMAN), Seat(HUMAN)), "b"))
    session.play(session.state.parse_move("31-26"))
    path = home / "game.plateaux.json"
    save_session(path, session)
    assert json.loads(path.read_text())["look"] == "b"
    loaded, error = load_session(path)
    assert error is None and loaded is not None
    assert loaded.setup.look == "b"
    assert [str(m) for m in loaded.state.history] == ["31-26"]


def test_an_old_arcade_save_gets_the_default_look(home: Path) -> None:
    data = json.loads(dumps(new_state("dames")))
    data.pop("look", None)
    path = home / "old.plateaux.json"
    path.write_text(json.dumps(data))
    loaded, error = load_session(path)
    assert error is None and loaded is not None
    assert loaded.setup.look == "a"
    data["look"] = "zz"  # a look this version does not know: the default, not a refusal
    path.write_text(json.dumps(data))
    loaded, error = load_session(path)
    assert loaded is not None and loaded.setup.look == "a"


def test_tk_save_and_load_keep_the_look(tmp_path: Path) -> None:
    session = GameSession(MatchSetup("dames", {}, (None, None), None, "b").game_setup())
    session.play(session.state.parse_move("31-26"))
    path = tmp_path / "tk.plateaux.json"
    save_session(path, session)  # what the Tk view's Save does
    assert load_game(path).look == "b"
    other, _error = load_session(path)
    assert other is not None and MatchSetup.of(other.setup).look == "b"


def test_replay_uses_the_games_look(app: App) -> None:
    from scenes.replay import ReplayScene

    session = GameSession(GameSetup("dames", {}, (Seat(HUMAN), Seat(HUMAN)), "b"))
    session.play(session.state.parse_move("31-26"))
    assert ReplayScene(app, session).look.look_id == "b"


def test_game_select_offers_the_look_for_dames_only(app: App) -> None:
    from scenes.game_select import GameSelectScene

    app.reset(GameSelectScene(app))
    app.apply_pending()
    select = app.top
    assert isinstance(select, GameSelectScene)
    assert not any(entry.action == "look" for entry in select.entries())
    select.choose("game:dames")
    assert select.setup.look == "a"
    assert any(entry.action == "look" for entry in select.entries())
    select.choose("look")
    assert select.setup.look == "b"
    select.choose("look")
    assert select.setup.look == "a"
    select.choose("look")
    select.choose("game:teeko")
    assert select.setup.look == "classic"


def test_othello_shows_every_legal_move_without_hovering(app: App) -> None:
    from scenes.board import BoardScene

    session = GameSession(GameSetup("othello", {}, (Seat(HUMAN), Seat(HUMAN))))
    scene = BoardScene(app, session)
    try:
        legal = {m.steps[0] for m in session.state.legal_moves()}
        assert scene.targets() == legal and len(legal) == 4
    finally:
        scene.closing()


# ----- the Tk view -------------------------------------------------------------------


def in_tk(body: Callable[[Any], T]) -> T:
    """Run `body(root)` in a fresh Tk root, then free every Tk object on this thread: Tcl
    aborts the process when a garbage collection in another thread (the autosave's) frees them."""
    import tkinter as tk

    def run() -> T:
        root = tk.Tk()
        try:
            return body(root)
        finally:
            with contextlib.suppress(tk.TclError):  # the body may have closed it already
                root.destroy()

    try:
        return run()
    finally:
        gc.collect()


@pytest.mark.parametrize(("game", "look_id"), EVERY_LOOK)
def test_tk_cell_to_pixel_to_cell_round_trips(virtual_display: str, game: str, look_id: str) -> None:  # noqa: F811
    from game.tk.board import BoardCanvas

    def round_trip(root: Any) -> list[int | None]:
        look = look_for(game, look_id)
        canvas = BoardCanvas(root, board_geometry(game, {}, look), size=600, look=look)
        canvas.pack()
        root.update()
        return [canvas.cell_at_pixel(*canvas.cell_centre(c)) for c in range(len(canvas.geometry.centres))]

    found = in_tk(round_trip)
    assert found == list(range(len(found))), (game, look_id)


def test_tk_window_draws_the_chosen_dames_look(virtual_display: str) -> None:  # noqa: F811
    from game.tk.app import TkApp

    def draw(root: Any) -> tuple[str, bool, bool]:
        app = TkApp(root, MatchSetup("dames", {}, (None, None), None, "b"), "en", announce=False)
        root.update()
        left = app.canvas.cell_centre(45)[0] < app.canvas.winfo_width() / 2  # square 46: White's corner
        app.game.play("31-26")
        app.refresh()
        root.update()
        drawn = bool(app.canvas.find_withtag("piece25"))  # the man drawn on its new square
        look_id = app.canvas.look.look_id
        app.close()
        return look_id, left, drawn

    assert in_tk(draw) == ("b", True, True)


def test_choosing_a_game_never_moves_next_under_the_pointer(app: App) -> None:
    from scenes.game_select import GameSelectScene

    select = GameSelectScene(app)
    app.reset(select)
    app.apply_pending()

    def next_rect() -> tuple[float, float, float, float]:
        button = next(button for button, entry in select.buttons if entry.action == "next")
        rect = button.get_relative_rect()
        return rect.x, rect.y, rect.width, rect.height

    where = next_rect()
    for game in ("dames", "twelve", "othello", "nine"):
        select.choose(f"game:{game}")
        app.apply_pending()
        assert next_rect() == where, game


def test_the_diagonals_choice_is_remembered_for_the_next_game(app: App) -> None:
    from scenes.game_select import GameSelectScene

    select = GameSelectScene(app)
    app.reset(select)
    app.apply_pending()
    select.choose("game:twelve")
    assert select.setup.options == {"diagonals": False}
    select.choose("option:diagonals")
    assert select.setup.options == {"diagonals": True}
    again = GameSelectScene(app)  # the next game
    again.choose("game:nine")
    again.choose("game:twelve")
    assert again.setup.options == {"diagonals": True}
    app.settings = app.settings.with_options("twelve", {})  # back as it was for other tests
