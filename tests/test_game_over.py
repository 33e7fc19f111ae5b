"""The game-over scene: a personal headline against the computer, the final board's
deciding cells, no meaningless 'Captures 0', and Rematch asking the dames look again."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from game.arcade.app import App  # noqa: E402
from game.session import AI, HUMAN, REMOTE, GameSession, GameSetup, Seat  # noqa: E402
from scenes.board import BoardScene  # noqa: E402
from scenes.game_over import GameOverScene, personal_headline  # noqa: E402
from scenes.game_select import GameSelectScene  # noqa: E402

# Black (first in Teeko) fills the row a1-d1 while White wanders.
TEEKO_BLACK_ROW = ["a1", "a5", "b1", "b5", "c1", "e5", "e2", "e3", "e2-d1"]


app = arcade_app()


def finished_teeko(seats: tuple[Seat, Seat]) -> GameSession:
    session = GameSession(GameSetup("teeko", {}, seats))
    session.state.play_all(TEEKO_BLACK_ROW)
    outcome = session.state.outcome()
    assert outcome is not None and outcome.winner == 0
    return session


def test_the_person_against_the_computer_reads_you_win_or_you_lose() -> None:
    assert personal_headline(finished_teeko((Seat(HUMAN), Seat(AI, "easy"))), "en") == "You win!"
    assert personal_headline(finished_teeko((Seat(AI, "easy"), Seat(HUMAN))), "fr") == "Vous avez perdu"
    # A LAN opponent is not a person at this screen: the one here won or lost.
    assert personal_headline(finished_teeko((Seat(HUMAN), Seat(REMOTE))), "en") == "You win!"
    # Two people, or two computers: nobody to call "you".
    assert personal_headline(finished_teeko((Seat(HUMAN), Seat(HUMAN))), "en") is None
    assert personal_headline(finished_teeko((Seat(AI, "easy"), Seat(AI, "hard"))), "en") is None


def test_headline_keeps_who_won_and_why(app: App) -> None:
    scene = GameOverScene(app, finished_teeko((Seat(HUMAN), Seat(AI, "easy"))))
    head, reason = scene.headline()
    assert head == "You win!"
    assert reason.startswith("Black wins") and "square" in reason


def test_the_winning_four_stay_marked_on_the_final_board(app: App) -> None:
    scene = GameOverScene(app, finished_teeko((Seat(HUMAN), Seat(HUMAN))))
    names = scene.look.geometry.cell_names
    assert sorted(names[cell] for cell in scene.marked) == ["a1", "b1", "c1", "d1"]


def test_no_captures_line_for_a_game_without_captures(app: App) -> None:
    scene = GameOverScene(app, finished_teeko((Seat(HUMAN), Seat(HUMAN))))
    assert "Captures" not in scene.stats() and "Moves 9" in scene.stats()


def test_rematch_of_dames_asks_the_look_again_and_of_teeko_starts_at_once(app: App) -> None:
    dames = GameSession(GameSetup("dames", {}, (Seat(HUMAN), Seat(HUMAN)), look="b"))
    over = GameOverScene(app, dames)
    app.push(over)
    app.apply_pending()
    over.choose("rematch")
    app.apply_pending()
    chooser = app.top
    assert isinstance(chooser, GameSelectScene) and chooser.setup.look == "b"
    over = GameOverScene(app, finished_teeko((Seat(HUMAN), Seat(HUMAN))))
    app.replace(over)
    app.apply_pending()
    over.choose("rematch")
    app.apply_pending()
    board = app.top
    assert isinstance(board, BoardScene) and not board.session.state.history


def test_rematch_of_a_lan_game_goes_back_to_the_lan_menu(app: App) -> None:
    from scenes.lan_menu import LanMenuScene

    over = GameOverScene(app, finished_teeko((Seat(HUMAN), Seat(REMOTE))))
    app.replace(over)
    app.apply_pending()
    over.choose("rematch")
    app.apply_pending()
    assert isinstance(app.top, LanMenuScene)


def test_rematch_against_the_computer_lets_the_other_side_start(app: App) -> None:
    over = GameOverScene(app, finished_teeko((Seat(HUMAN), Seat(AI, "easy"))))
    app.replace(over)
    app.apply_pending()
    over.choose("rematch")
    app.apply_pending()
    board = app.top
    assert isinstance(board, BoardScene)
    first, second = board.session.seats
    assert first.is_ai and first.level == "easy" and second.kind == HUMAN  # the computer starts


def test_undo_from_the_game_over_goes_back_to_the_board(app: App) -> None:
    session = finished_teeko((Seat(HUMAN), Seat(AI, "easy")))
    over = GameOverScene(app, session)
    app.replace(over)
    app.apply_pending()
    assert over.entries()[0].action == "undo" and over.entries()[0].enabled
    over.choose("undo")
    app.apply_pending()
    board = app.top
    assert isinstance(board, BoardScene) and board.session is session
    # Back to the last position where the person (Black, first) moves; Redo brings it back.
    assert not session.over and session.state.to_move == 0 and session.can_redo()


def test_no_undo_from_the_game_over_of_a_network_game(app: App) -> None:
    over = GameOverScene(app, finished_teeko((Seat(HUMAN), Seat(REMOTE))))
    assert not over.can_undo and not over.entries()[0].enabled


def test_a_game_loaded_finished_shows_no_duration(app: App) -> None:
    session = finished_teeko((Seat(HUMAN), Seat(HUMAN)))
    assert "Duration" not in GameOverScene(app, session).stats()  # never timed here
    session.clocks = [61.0, 64.0]
    assert "Duration 2:05" in GameOverScene(app, session).stats()


def test_taken_cells_are_the_opponents_pieces_that_went() -> None:
    from engine.core import EMPTY, FIRST_MAN, SECOND_MAN
    from scenes.board_view import taken_cells

    before = (FIRST_MAN, SECOND_MAN, SECOND_MAN, EMPTY)
    after = (EMPTY, SECOND_MAN, EMPTY, FIRST_MAN)  # White moved 0 -> 3 and took 2
    assert taken_cells(before, after, 0) == (2,)
    assert taken_cells(before, after, 1) == (0,)  # seen as Black's move: White's piece went
