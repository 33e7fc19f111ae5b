"""Relabelling the fit positions (tools/relabel_morris_fit.py): each undecided position
is searched again from its own moves, decided ones keep their label, and the game line
says the new depth."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from engine.games.morris.rules import MorrisMove
from tools.fit_morris_eval import DECIDED
from tools.mill_ref import MillRef
from tools.morris_book_lines import ref_score
from tools.relabel_morris_fit import relabel


class CountingRef:
    """Scores a position by its number of plies, as millref would by searching it."""

    def __init__(self) -> None:
        self.last: dict[str, int] = {}
        self.asked: list[int] = []

    def move(self, history: Sequence[MorrisMove], seed: int) -> None:
        self.asked.append(len(history))
        self.last = {"score": 7 * len(history), "depth": 12, "nodes": 1}


def test_undecided_positions_are_searched_again_and_decided_ones_kept() -> None:
    game: dict[str, Any] = {
        "game": 3,
        "moves": ["d3", "b4", "f6", "b2", "b6", "d6", "d1", "d2", "f2"],
        "plies": [3, 6, 9],
        "labels": [120, DECIDED + 1, -DECIDED],
        "depth": 10,
    }
    ref = CountingRef()
    relabelled = relabel(game, cast(MillRef, ref), 12)
    assert ref.asked == [3, 9]
    assert relabelled["labels"] == [ref_score(21), DECIDED + 1, ref_score(63)]
    assert relabelled["depth"] == 12
    assert relabelled["moves"] == game["moves"] and relabelled["game"] == 3
    assert game["depth"] == 10 and game["labels"][0] == 120  # the original is left alone
