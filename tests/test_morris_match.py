"""The match tool's hard player: where it left its opening book, its own weights and time
stretch (tools/morris_match.py)."""

from __future__ import annotations

import random

import pytest

from engine.ai import players
from engine.ai.players import Choice
from engine.registry import new_state
from tools import morris_match
from tools.morris_match import Player


def test_a_hard_player_records_the_first_ply_out_of_its_book_once_a_game() -> None:
    player = Player("hard:0.02")
    rng = random.Random(4)
    state = new_state("nine")
    assert state.spec.opening is not None and state.spec.opening(state) is not None
    player.new_game()
    while state.spec.opening(state) is not None:  # along the book, hard's answer each turn
        state.push(player.choose(state, rng))
    assert player.book_exits == []
    state.push(rng.choice(state.legal_moves()))  # a reply the book may not know
    while state.spec.opening(state) is not None:
        state.push(player.choose(state, rng))
    left_at = state.ply
    player.choose(state, rng)
    state.push(rng.choice(state.legal_moves()))
    player.choose(state, rng)
    assert player.book_exits == [left_at], "recorded at the first move out of the book only"
    player.new_game()
    player.choose(new_state("nine"), rng)
    assert player.book_exits == [left_at], "a new game starts in the book again"
    assert f"out of the book from ply {left_at}" in player.time_summary()


def test_a_player_without_its_book_records_no_exits() -> None:
    player = Player("hard:0.02:nobook")
    player.new_game()
    player.choose(new_state("nine"), random.Random(1))
    assert player.book_exits == []
    assert "book" not in player.time_summary()


def test_a_hard_player_searches_with_the_weights_it_changes() -> None:
    player = Player("hard:0.02:nobook:mobility=40:liberty=35")
    player.new_game()
    state = new_state("nine")
    state.play_all(["f4", "d2", "d6", "b6"])
    player.choose(state, random.Random(1))
    assert player.evaluator is not None
    assert (player.evaluator.weights.mobility, player.evaluator.weights.liberty) == (40, 35)
    searcher = player.tables["nine/hard"]
    assert searcher.evaluate is player.evaluator, "the player's tables search with its evaluation"
    assert state.spec.evaluate is not player.evaluator, "the game's own evaluation is put back"


def test_a_hard_player_stretches_its_time_by_its_own_factor(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []

    def fake_analyse(state: object, level: str, movetime: float) -> Choice:
        seen.append(players.PANIC_FACTOR)
        return Choice(new_state("nine").legal_moves()[0])

    monkeypatch.setattr(morris_match, "analyse", fake_analyse)
    before = players.PANIC_FACTOR
    Player("hard:0.02:nobook:panic=4.5").choose(new_state("nine"), random.Random(1))
    Player("hard:0.02:nobook").choose(new_state("nine"), random.Random(1))
    assert seen == [4.5, before], "the factor holds for its own player's moves only"
    assert before == players.PANIC_FACTOR, "put back after the move"


@pytest.mark.parametrize("spec", ["hard:0.02:panic=0.5", "hard:0.02:panic=x", "hard:0.02:panic=nan"])
def test_a_time_stretch_below_one_or_not_a_number_is_refused(spec: str) -> None:
    with pytest.raises(ValueError, match="time stretch"):
        Player(spec).choose(new_state("nine"), random.Random(1))


@pytest.mark.parametrize("spec", ["hard:0.02:mobilty=40", "hard:0.02:danger=1", "hard:0.02:mobility=4.5"])
def test_a_weight_that_is_not_one_is_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        Player(spec).choose(new_state("nine"), random.Random(1))


def test_weights_are_refused_outside_nine_men_s_morris() -> None:
    with pytest.raises(ValueError, match="Nine Men's Morris only"):
        Player("hard:0.02:mobility=40").choose(new_state("twelve"), random.Random(1))


def test_the_time_summary_gives_the_thought_moves_median_apart() -> None:
    player = Player("hard:1.0")
    player.times = [0.0, 0.01, 0.02, 0.6, 0.8]  # three from the book, two thought
    thought = "(median 0.70 s over the 2 of 0.05 s or more)"
    assert player.time_summary() == f"median 0.02 s, max 0.80 s per move {thought}"
    player.times = [0.6, 0.8]
    assert player.time_summary() == "median 0.70 s, max 0.80 s per move"
