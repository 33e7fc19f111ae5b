"""The evaluation fit's features (tools/fit_morris_eval.py): weights flatten and come
back, and the finite-difference features predict the evaluation under other weights."""

from __future__ import annotations

import random

from test_ai_search import random_positions

from engine.games.morris.evaluation import DEFAULT, MorrisEvaluator
from engine.games.morris.rules import MorrisState
from tools.fit_morris_eval import features, flat, unflat


def test_weights_flatten_and_come_back() -> None:
    assert unflat(flat(DEFAULT)) == DEFAULT
    assert len(flat(DEFAULT)) == len(DEFAULT) - 2 + len(DEFAULT.danger) + len(DEFAULT.liberty_danger)


def test_features_predict_the_evaluation_under_other_weights() -> None:
    """The fit treats the evaluation as linear in its weights: for weights moved a
    little, the features must predict the new score (within the rounding of the
    terms a hand divides and the danger tables' maximum)."""
    rng = random.Random(5)
    base = flat(DEFAULT)
    checked = 0
    for state in random_positions(41, range(8, 60), 40):
        assert isinstance(state, MorrisState)
        row, rest = features(state)
        moved = [max(0, value + rng.randint(-20, 20)) for value in base]
        predicted = sum(f * w for f, w in zip(row, moved, strict=True)) + rest
        actual = MorrisEvaluator(unflat(moved))._score(state, False)
        assert abs(predicted - actual) <= 60, (state.to_dict(), predicted, actual)
        checked += 1
    assert checked == 40
