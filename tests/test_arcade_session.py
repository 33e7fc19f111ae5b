"""Game sessions (undo/redo against the AI, counts), Morris hooks and cursor moves."""

from __future__ import annotations

from conftest import nine_moving, play_line

from engine.games.morris.board import INDEX_OF_NAME
from game.game_hooks import hooks_for
from game.geometry import geometry_for
from game.session import AI, HUMAN, GameSession, GameSetup, Seat
from scenes.board_keys import nearest_in_direction

P = INDEX_OF_NAME


def vs_ai() -> GameSession:
    return GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(AI, "easy"))))


def test_undo_against_the_ai_goes_back_to_the_person() -> None:
    session = vs_ai()
    for move in ("d6", "d2", "b4"):
        session.play(move)
    assert session.is_ai_turn()
    session.undo()  # b4 only: the person is to move again after d2
    assert [str(m) for m in session.state.history] == ["d6", "d2"]
    assert not session.is_ai_turn()
    session.undo()  # d2 and d6
    assert session.state.history == []
    assert not session.can_undo()


def test_redo_replays_what_undo_took() -> None:
    session = vs_ai()
    for move in ("d6", "d2"):
        session.play(move)
    session.undo()
    assert session.can_redo()
    session.redo()
    assert [str(m) for m in session.state.history] == ["d6", "d2"]
    session.undo()
    session.play("a7")  # a new move forgets the redo stack
    assert not session.can_redo()


def test_taken_counts_removed_pieces() -> None:
    session = GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(HUMAN))))
    for move in ("a7", "b6", "d7", "f6", "g7xb6"):
        session.play(move)
    assert session.taken(0) == 1 and session.taken(1) == 0
    assert session.captures() == 1


def test_morris_refusals_say_why() -> None:
    hooks = hooks_for("nine")
    state = play_line("nine", "d6")
    assert "d6" in hooks.refusal(state, (), P["d6"], "en")
    moving = nine_moving()
    reason = hooks.refusal(moving, (P["g4"],), P["a4"], "en")
    assert "not next to" in reason
    assert "pas voisin" in hooks.refusal(moving, (P["g4"],), P["a4"], "fr")
    assert "not yours" in hooks.refusal(moving, (), P["d6"], "en")


def test_morris_prompts_follow_the_phase() -> None:
    hooks = hooks_for("nine")
    state = play_line("nine", "a7 b6 d7 f6")
    assert "Place" in hooks.prompt(state, (), "en")
    assert "Remove" in hooks.prompt(state, (P["g7"],), "en")
    assert "Choose" in hooks.prompt(nine_moving(), (), "en")


def test_mill_flash_marks_the_closed_line() -> None:
    state = play_line("nine", "a7 b6 d7 f6 g7xb6")
    cells = hooks_for("nine").flash_cells(state, state.history[-1])
    assert cells == sorted([P["a7"], P["d7"], P["g7"]])


def test_cursor_follows_rows_and_columns() -> None:
    centres = geometry_for("nine").centres
    assert nearest_in_direction(centres, P["a7"], (1, 0)) == P["d7"]
    assert nearest_in_direction(centres, P["a7"], (0, 1)) == P["a4"]
    assert nearest_in_direction(centres, P["a7"], (-1, 0)) == P["a7"]  # nothing further left
    assert nearest_in_direction(centres, None, (1, 0)) == 0
