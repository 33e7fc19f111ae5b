"""The registry lists the plugins explicitly and refuses a spec missing a part, by name."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.ai import analyse
from engine.core import ALL_LEVELS, LEVELS, GameState
from engine.games.morris.rules import NineState
from engine.registry import GAMES, GameSpecError, get_spec, register, unregister, validate


def test_every_plugin_is_registered_with_its_parts() -> None:
    assert list(GAMES) == ["nine", "twelve", "teeko", "othello", "dames"]
    for spec in GAMES.values():
        validate(spec)
        assert callable(spec.evaluate)
        assert spec.new_state().spec is spec
    assert get_spec("teeko").levels == ALL_LEVELS and get_spec("teeko").oracle is not None
    assert get_spec("othello").endgame is not None
    assert all(get_spec(g).levels == LEVELS for g in ("nine", "twelve", "othello", "dames"))


def _broken(**changes: Any) -> Any:
    return dataclasses.replace(get_spec("nine"), id="brokenmorris", **changes)


@pytest.mark.parametrize(
    ("changes", "part"),
    [
        ({"evaluate": None}, "evaluate"),
        ({"factory": None}, "factory"),
        ({"title": ""}, "title"),
        ({"player_names": ("White",)}, "player_names"),
        ({"levels": ("easy", "grandmaster")}, "levels"),
        ({"levels": ALL_LEVELS}, "oracle"),  # perfect play needs an oracle
        ({"oracle": object()}, "oracle"),
        ({"endgame": 3}, "endgame"),
    ],
)
def test_a_spec_missing_a_part_is_refused_naming_the_game_and_the_part(
    changes: dict[str, Any], part: str
) -> None:
    with pytest.raises(GameSpecError) as caught:
        register(_broken(**changes))
    assert "'brokenmorris'" in str(caught.value) and part in str(caught.value)
    assert "brokenmorris" not in GAMES


def test_register_adds_a_game_and_refuses_a_second_with_the_same_id() -> None:
    spec = _broken()
    try:
        assert register(spec) is spec and register(spec) is spec  # again: nothing happens
        assert get_spec("brokenmorris") is spec
        with pytest.raises(GameSpecError, match="already taken"):
            register(dataclasses.replace(spec, title="Another"))
    finally:
        unregister("brokenmorris")
    assert "brokenmorris" not in GAMES


def test_levels_use_the_spec_parts() -> None:
    """The hard level calls the spec's endgame solver first, whatever the game's id
    (no opening book here: a book move would come before the solver)."""
    calls: list[GameState] = []

    def endgame(state: GameState, movetime: float, stop: Any) -> tuple[Any, int, int, int]:
        calls.append(state)
        return state.legal_moves()[0], 7, 1, 1

    class ProbeState(NineState):
        pass

    spec = _broken(endgame=endgame, factory=ProbeState, opening=None)
    ProbeState.spec = spec
    state = spec.new_state()
    assert analyse(state, "hard", rng=random.Random(1)).score == 7 and calls == [state]
