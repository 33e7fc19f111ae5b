"""Morris with 3 or 4 pieces a side and none in hand: the hint labels every move with
its exact verdict from the endgame database, as Teeko's does; elsewhere it searches."""

from __future__ import annotations

from engine.registry import get_spec
from game.controller import BoardController
from game.session import HUMAN, GameSession, GameSetup, Seat

# White to move, three pieces each (both fly), no piece in hand.
ENDGAME = "w../.b./.../...b../.../.b./w.w w 0 0 0"


def controller(position: str | None) -> BoardController:
    spec = get_spec("nine")
    state = spec.from_position(position) if position else spec.new_state()
    session = GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(HUMAN))), state)
    return BoardController(session, lambda: None, lang="en")  # type: ignore[arg-type, return-value]


def test_an_endgame_hint_labels_every_move_with_its_exact_verdict() -> None:
    game = controller(ENDGAME)
    game.ask_hint()
    hint = game.verdict_hint
    assert hint.shown and hint.verdicts is not None
    assert set(hint.verdicts) == set(game.state.legal_moves())
    assert all(v.kind in "WDL" for v in hint.verdicts.values())
    assert hint.labels(()), "the pieces that can move are labelled"


def test_the_placement_hint_is_a_search() -> None:
    game = controller(None)
    assert not game.verdict_hint.usable_for(game.state)
