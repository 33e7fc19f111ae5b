"""The evaluation fit's features (tools/fit_morris_eval.py): weights flatten and come
back, and the finite-difference features predict the evaluation under other weights."""

from __future__ import annotations

import random

import pytest
from test_ai_search import random_positions

from engine.games.morris.evaluation import DEFAULT, MorrisEvaluator, evaluate_morris
from engine.games.morris.rules import MorrisState
from tools.fit_morris_eval import features, flat, only_indices, unflat


def test_weights_flatten_and_come_back() -> None:
    assert unflat(flat(DEFAULT)) == DEFAULT
    tables = [DEFAULT.danger, DEFAULT.liberty_danger, DEFAULT.count_cost]
    assert len(flat(DEFAULT)) == len(DEFAULT) - len(tables) + sum(len(table) for table in tables)


def test_features_predict_the_evaluation_under_other_weights() -> None:
    """The fit treats the evaluation as linear in its weights: for weights moved a
    little, the features must predict the new score (within the rounding of the
    terms a hand divides and the danger tables' maximum)."""
    rng = random.Random(5)
    base = flat(DEFAULT)
    checked = 0
    for state in random_positions(41, range(8, 60), 40):
        assert isinstance(state, MorrisState)
        row, rest = features(state, list(range(len(base))), False)
        moved = [max(0, value + rng.randint(-20, 20)) for value in base]
        predicted = sum(f * w for f, w in zip(row, moved, strict=True)) + rest
        actual = MorrisEvaluator(unflat(moved))._score(state, False)
        assert abs(predicted - actual) <= 60, (state.to_dict(), predicted, actual)
        checked += 1
    assert checked == 40


def test_only_fits_the_named_weights_against_the_whole_evaluation() -> None:
    """`--only`: the named weights' features, the rest of the level's evaluation (line
    patterns included) held: moving just those weights, the features predict it."""
    only = only_indices("free_mill,free_threat")
    assert [flat(DEFAULT)[index] for index in only] == [DEFAULT.free_mill, DEFAULT.free_threat]
    rng = random.Random(6)
    seen = 0
    for state in random_positions(43, range(20, 90), 40):
        assert isinstance(state, MorrisState)
        row, rest = features(state, only, True)
        free_mill, free_threat = rng.randint(0, 2000), rng.randint(0, 2000)
        weights = DEFAULT._replace(free_mill=free_mill, free_threat=free_threat)
        actual = MorrisEvaluator(weights, evaluate_morris.patterns)._score(state, False)
        assert row[0] * free_mill + row[1] * free_threat + rest == actual, state.to_dict()
        seen += any(row)
    assert seen  # some positions have a free mill or threat


def test_only_takes_a_table_as_all_its_entries() -> None:
    indices = only_indices("count_cost")
    assert [flat(DEFAULT)[index] for index in indices] == list(DEFAULT.count_cost)
    assert only_indices("free_threat,count_cost") == only_indices("free_threat") + indices


def test_only_refuses_what_is_not_a_weight() -> None:
    for names in ("no_such_weight", "free_mill,dangers"):
        with pytest.raises(SystemExit):
            only_indices(names)
