"""Typed refusals and prompts: every code a game returns is declared, and the distinctions
the front ends need (not adjacent, stuck, in a mill, nothing to jump, ...) come from the engine."""

from __future__ import annotations

import pytest
from conftest import nine_moving

from engine.core import GameState, IllegalMoveError, Prompt, Refusal
from engine.registry import new_state


def test_illegal_move_error_carries_the_refusal() -> None:
    state = new_state("nine")
    with pytest.raises(IllegalMoveError) as caught:
        state.play_all(["d6", "d6"])
    assert caught.value.refusal is not None and caught.value.refusal.code == "occupied"
    assert "d6 is not empty" in str(caught.value)


def _nine(moves: str) -> GameState:
    state = new_state("nine")
    state.play_all(moves.split())
    return state


def _idx(state: GameState, name: str) -> int:
    return next(i for i in range(len(state.board())) if state.cell_name(i) == name)


def test_morris_distinctions() -> None:
    state = nine_moving()  # White to move; b6 is walled in
    a7, a4, g7, b6, d6, d5 = (_idx(state, n) for n in ("a7", "a4", "g7", "b6", "d6", "d5"))
    expected = Refusal("not_adjacent", (g7, a7), {"cell": g7, "src": a7})
    assert state.refusal(state.parse_move("a7-g7")) == expected
    assert state.click_refusal((), b6) == Refusal("stuck", (b6,), {"cell": b6})
    assert state.click_refusal((), d6).code == "not_yours"  # type: ignore[union-attr]
    assert state.click_refusal((), d5).code == "pick_empty"  # type: ignore[union-attr]
    assert state.click_refusal((a7,), d6).code == "occupied"  # type: ignore[union-attr]
    assert state.click_refusal((a7,), g7) == expected
    assert state.click_refusal((a7,), a4) is None
    assert state.prompt((a7,)) == Prompt("move_to", (a7,), {"cell": a7})
    prefix = (_idx(state, "g4"), _idx(state, "g7"))
    assert state.prompt(prefix) == Prompt("remove", prefix, {"player": 1})
    assert state.click_refusal(prefix, a7).code == "remove_not_opponent"  # type: ignore[union-attr]
    state.play("g4-g7xd6")
    assert [state.cell_name(c) for c in state.formed_lines()] == ["a7", "d7", "g7"]
    placing = _nine("a7 b6 d7")
    assert placing.prompt() == Prompt("place", (), {"count": 8})
    assert placing.formed_lines() == ()


def test_morris_cannot_remove_from_a_mill_while_others_are_free() -> None:
    state = _nine("a7 a1 d7 d1 b6 g1xb6 f6 b2")
    refusal = state.refusal(state.parse_move("g7xa1"))
    assert refusal == Refusal("remove_in_mill", (21,), {"cell": 21})
    assert state.why_illegal(state.parse_move("g7xa1")) == "a1 stands in a mill; remove a piece that does not"


def test_teeko_distinctions() -> None:
    state = new_state("teeko")
    state.play_all(["a5", "e1", "b5", "e3", "c5", "c1", "a4", "a1"])  # moving phase, Black to move
    assert state.prompt() == Prompt("pick", (), {"player": 0})
    a5, c3 = _idx(state, "a5"), _idx(state, "c3")
    assert state.click_refusal((a5,), c3) == Refusal("not_adjacent", (c3, a5), {"cell": c3, "src": a5})
    assert state.click_refusal((), _idx(state, "e1")).code == "not_yours"  # type: ignore[union-attr]
    assert state.click_refusal((), c3).code == "pick_empty"  # type: ignore[union-attr]
    assert state.click_refusal((a5,), _idx(state, "e1")).code == "occupied"  # type: ignore[union-attr]
    assert state.formed_lines() == ()
    won = new_state("teeko")
    won.play_all(["a5", "e1", "b5", "e2", "c5", "d1", "d5"])
    assert [won.cell_name(c) for c in won.formed_lines()] == ["a5", "b5", "c5", "d5"]


def test_othello_distinctions() -> None:
    state = new_state("othello")
    assert state.prompt() == Prompt("place", (), {"player": 0, "opponent": 1})
    d4 = _idx(state, "d4")
    assert state.click_refusal((), d4) == Refusal("occupied", (d4,), {"cell": d4})
    assert state.click_refusal((), 0).code == "turns_nothing"  # type: ignore[union-attr]
    assert state.refusal(state.parse_move("pass")) == Refusal("must_play")


def test_dames_distinctions() -> None:
    state = new_state("dames")
    s = {n: n - 1 for n in range(1, 51)}
    assert state.prompt((s[32],)) == Prompt("move_man", (s[32],), {"cell": s[32]})
    refusal = state.click_refusal((s[32],), s[37])  # another piece of one's own, walled in
    assert refusal is not None and refusal.code == "stuck_man"
    state.play_all(["32-28", "19-23"])
    assert state.click_refusal((s[28],), s[23]).code == "occupied"  # type: ignore[union-attr]
    assert state.click_refusal((s[28],), s[32]).code == "man_backward"  # type: ignore[union-attr]
    assert state.click_refusal((s[31],), s[22]).code == "nothing_to_jump"  # type: ignore[union-attr]
    assert state.click_refusal((s[37],), s[28]).code == "no_move"  # type: ignore[union-attr]
    assert state.click_refusal((s[33],), s[22]).code == "own_piece"  # type: ignore[union-attr]
    assert state.click_refusal((s[28],), s[26]).code == "not_diagonal"  # type: ignore[union-attr]
    assert state.click_refusal((), s[5]).code == "not_yours"  # type: ignore[union-attr]
    assert state.click_refusal((), s[46]).code == "stuck_man"  # type: ignore[union-attr]
    assert state.refusal(state.parse_move("28x17")).code == "bad_jump_man"  # type: ignore[union-attr]
