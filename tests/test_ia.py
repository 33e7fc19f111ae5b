"""The seed 001 `ia` contract: shapes, types, validation, refused calls change nothing, game over."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import ia
from engine.games.morris.board import INDEX_OF_XY, POINTS
from engine.games.morris.rules import MorrisMove, MorrisState
from engine.registry import new_state


@pytest.fixture(autouse=True)
def quick_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ia, "MOVETIME", 0.05)


def decode(answer: Any) -> MorrisMove:
    assert isinstance(answer, tuple)
    assert (answer[0], len(answer)) in (("set", 3), ("move", 4))
    for point in answer[1:-1]:
        assert isinstance(point, tuple) and len(point) == 2 and all(type(c) is int for c in point)
        assert point in INDEX_OF_XY
    removal = answer[-1]
    assert isinstance(removal, tuple) and len(removal) == 2
    assert removal == (None, None) or all(type(c) is int for c in removal)
    take = None if removal == (None, None) else INDEX_OF_XY[removal]
    if answer[0] == "set":
        return MorrisMove(None, INDEX_OF_XY[answer[1]], take)
    return MorrisMove(INDEX_OF_XY[answer[1]], INDEX_OF_XY[answer[2]], take)


def send(move: MorrisMove) -> None:
    removal: tuple[int, ...] = () if move.take is None else POINTS[move.take]
    if move.src is None:
        ia.player_sets(*POINTS[move.dst], *removal)
    else:
        ia.player_moves(*POINTS[move.src], *POINTS[move.dst], *removal)


def test_calls_before_new_game_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ia, "_game", None)
    for call in (ia.play, lambda: ia.player_sets(4, 1), lambda: ia.player_moves(4, 1, 4, 2)):
        with pytest.raises(ValueError, match="new_game"):
            call()


def test_new_game_validates_its_arguments() -> None:
    with pytest.raises(ValueError):
        ia.new_game(1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ia.new_game(True, variant="six")
    with pytest.raises(ValueError):
        ia.new_game(True, level="god")


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_whole_games_follow_the_contract(level: str) -> None:
    rng = random.Random(level == "hard")
    for ia_first in (True, False):
        ia.new_game(ia_first, level=level)
        state = new_state("nine")
        ai_side = 0 if ia_first else 1
        kinds = set()
        while state.legal_moves() and state.ply < 300:
            if state.to_move == ai_side:
                answer = ia.play()
                kinds.add(answer[0])
                move = decode(answer)
                assert state.why_illegal(move) is None
            else:
                move = rng.choice(state.legal_moves())
                send(move)
            state.push(move)
        assert "set" in kinds
        if state.outcome() is not None:
            with pytest.raises(ValueError, match="over"):
                ia.play()
            with pytest.raises(ValueError, match="over"):
                ia.player_sets(4, 1)


def refused(call: Callable[[], Any], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()


def test_illegal_calls_are_refused_and_change_nothing() -> None:
    ia.new_game(False)
    refused(ia.play, "player's turn")
    refused(lambda: ia.player_sets(True, 1), "int")
    refused(lambda: ia.player_sets(4.0, 1), "int")  # type: ignore[arg-type]
    refused(lambda: ia.player_sets("4", 1), "int")  # type: ignore[arg-type]
    refused(lambda: ia.player_sets(8, 1), "1 to 7")
    refused(lambda: ia.player_sets(2, 1), "not a point")
    refused(lambda: ia.player_sets(4, 1, 1), "both")
    refused(lambda: ia.player_sets(4, 1, None, 1), "both")
    refused(lambda: ia.player_sets(4, 1, 1, 1), "no mill")
    refused(lambda: ia.player_moves(1, 1, 4, 1), "player_sets")
    ia.player_sets(4, 1)  # still the human's first move: nothing changed
    refused(lambda: ia.player_sets(1, 1), "AI's turn")
    answer = ia.play()
    assert answer[0] == "set"
    taken = answer[1]
    refused(lambda: ia.player_sets(*taken), "not empty")
    refused(lambda: ia.player_sets(4, 1), "not empty")


def test_flying_is_supported() -> None:
    # Replay a game (through the contract) into a position where the AI has three pieces.
    moves = [
        "d2", "e5", "e4", "g1", "f2", "a7", "d1", "e3", "d3xg1", "g7", "b2xa7", "d7",
        "f6", "a7xe4", "f4xe5", "b4", "a4", "a1", "f4-e4", "d7-d6", "e4-f4xd6", "g7-d7",
        "f4-g4", "b4-b6", "g4-f4xb6", "d7-d6", "f4-e4", "a7-d7", "b2-b4", "d6-d5", "e4-f4xd7",
    ]  # fmt: skip
    state = new_state("nine")
    state.play_all(moves)
    assert isinstance(state, MorrisState) and state.is_flying(state.to_move)
    # Drive ia as the second player (black) is impossible through human moves only,
    # so check the AI's side directly: ia plays black when the human starts.
    ia.new_game(False)
    replay = new_state("nine")
    for text in moves:
        move = replay.parse_move(text)
        if replay.to_move == 0:
            send(move)
        else:
            ia._game.state.push(move)  # type: ignore[union-attr]  # script the AI's past moves
        replay.push(move)
    answer = ia.play()
    assert answer[0] == "move"
    move = decode(answer)
    assert replay.why_illegal(move) is None
