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


def test_the_outcome_is_worked_out_once_per_position_and_follows_undo() -> None:
    from game.session import HUMAN, GameSession, GameSetup, Seat

    session = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN))))
    session.state.play_all(["a1", "a5", "b1", "b5", "c1", "e5", "e2", "e3"])
    assert session.outcome() is None
    session.play(session.state.parse_move("e2-d1"))  # Black's row a1-d1
    won = session.outcome()
    assert won is not None and won.winner == 0 and session.over
    calls = 0
    real = type(session.state).outcome

    def counted(state: object) -> object:
        nonlocal calls
        calls += 1
        return real(state)  # type: ignore[arg-type]

    type(session.state).outcome = counted  # type: ignore[method-assign, assignment]
    try:
        for _ in range(5):
            assert session.outcome() == won
        assert calls == 0  # the same position: asked once, kept
        session.undo()
        assert session.outcome() is None
        assert calls == 1 and not session.over
    finally:
        type(session.state).outcome = real  # type: ignore[method-assign]
