"""The moving book builder's samples (tools/build_morris_moving_book.py), with scripted
players in place of millref and the deep search."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import first_legal_line

from engine.games.morris.opening import bookable
from engine.games.morris.rules import MorrisMove, MorrisState
from tools import build_morris_moving_book as moving
from tools.morris_book_lines import PLACEMENT_PLIES, replay


class FirstLegalRef:
    """millref's `move(history, seed)`: the first legal move."""

    def move(self, history: list[MorrisMove], seed: int) -> MorrisMove:
        return replay(list(history)).legal_moves()[0]


class RecordingBuilder:
    """The builder's `deep`: records what it was asked to search."""

    def __init__(self) -> None:
        self.searched: list[tuple[int, Any, str]] = []

    def deep(self, state: MorrisState, nodes: int, source: str) -> Any:
        self.searched.append((state.ply, state.key(), source))
        return None


def play_sample(
    monkeypatch: pytest.MonkeyPatch, colour: int, replies: bool
) -> tuple[RecordingBuilder, random.Random]:
    def first_legal(builder: Any, state: MorrisState, source: str) -> MorrisMove:
        return state.legal_moves()[0]

    monkeypatch.setattr(moving, "book_side_move", first_legal)
    builder, rng = RecordingBuilder(), random.Random(5)
    plan = moving.Pass(1, (8, 8), (9, 9))
    refs: dict[int, Any] = {8: FirstLegalRef(), 9: FirstLegalRef()}
    moving.sample(builder, refs, rng, colour, 1, plan, replies)  # type: ignore[arg-type]
    return builder, rng


def test_every_reply_searches_the_book_sides_answer_to_each_first_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    builder, rng = play_sample(monkeypatch, colour=1, replies=True)
    _, plain_rng = play_sample(monkeypatch, colour=1, replies=False)
    assert rng.random() == plain_rng.random()  # the sampled game itself is unchanged
    # The game the scripted players make: White's first step comes at the end of placement.
    history = first_legal_line([])
    before = replay(history)
    assert before.to_move == 0 and not before.in_hand(0)
    expected = []
    for step in before.legal_moves():
        child = replay([*history, step])
        if child.outcome() is None and bookable(child):
            expected.append((PLACEMENT_PLIES + 1, child.key(), "every reply 1"))
    assert len(expected) > 1
    assert builder.searched == expected


def test_without_every_reply_or_as_white_nothing_more_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    assert play_sample(monkeypatch, colour=1, replies=False)[0].searched == []
    # White's first step is its own: no opponent step comes before it.
    assert play_sample(monkeypatch, colour=0, replies=True)[0].searched == []
