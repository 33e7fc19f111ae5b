"""Dames in the arcade: prompts, refusals that say why, the rules page and its diagram."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.core import FIRST, FIRST_KING, FIRST_MAN, SECOND, SECOND_MAN
from engine.games.dames import DAMES
from engine.games.dames.rules import DamesState
from engine.registry import new_state
from game.game_hooks import hooks_for
from game.games import plugin_for
from game.i18n import tr
from game.input import ClickKind, MoveBuilder

HOOKS = hooks_for("dames")
PLUGIN = plugin_for("dames")
TRANSLATIONS = Path(__file__).resolve().parent.parent / "assets" / "translations"


def position(pieces: dict[int, int], side: int = FIRST) -> DamesState:
    state = DAMES.new_state()
    assert isinstance(state, DamesState)
    state.set_position(pieces, side)
    return state


def refusal(state: DamesState, clicks: tuple[int, ...], square: int, lang: str = "en") -> str:
    """The refusal of a click on `square` after `clicks` (squares numbered 1..50)."""
    prefix = tuple(c - 1 for c in clicks)
    builder = MoveBuilder(state.legal_moves())
    for cell in prefix:
        assert builder.click(cell).kind is ClickKind.PARTIAL
    assert builder.click(square - 1).kind is ClickKind.REFUSED  # the hook explains real refusals
    return HOOKS.refusal(state, prefix, square - 1, lang)


def test_prompts_say_what_to_click() -> None:
    state = position({28: FIRST_MAN, 33: FIRST_KING, 23: SECOND_MAN, 24: SECOND_MAN})
    assert "White" in HOOKS.prompt(state, (), "en") and "Blanc" in HOOKS.prompt(state, (), "fr")
    assert "forward" in HOOKS.prompt(state, (28 - 1,), "en")
    assert "either way" in HOOKS.prompt(state, (33 - 1,), "en")
    chain = HOOKS.prompt(state, (28 - 1, 19 - 1), "en")
    assert "jump next" in chain and "click the piece on 19 to stop" in chain
    assert "pour vous arrêter" in HOOKS.prompt(state, (28 - 1, 19 - 1), "fr")


def test_refusals_before_a_piece_is_chosen() -> None:
    state = position({46: FIRST_MAN, 41: SECOND_MAN, 37: SECOND_MAN, 28: FIRST_MAN})
    assert "no piece on 30" in refusal(state, (), 30)
    assert "not yours" in refusal(state, (), 41)
    assert "n'est pas à vous" in refusal(state, (), 41, "fr")
    assert "man on 46 cannot move" in refusal(state, (), 46)


def test_a_man_moves_and_captures_only_forward() -> None:
    state = position({28: FIRST_MAN, 33: SECOND_MAN, 1: SECOND_MAN})
    assert "only forward" in refusal(state, (28,), 32)  # a step back
    assert "captures only forward" in refusal(state, (28,), 39)  # a jump back over 33


def test_jumps_need_an_opposing_piece_and_an_empty_landing() -> None:
    state = position({28: FIRST_MAN, 22: FIRST_MAN, 23: SECOND_MAN, 1: SECOND_MAN})
    assert "23 is taken" in refusal(state, (28,), 23)  # to take it, click 19 behind it
    assert "piece on 22 is yours" in refusal(state, (28,), 17)
    lonely = position({28: FIRST_MAN, 1: SECOND_MAN})
    assert "no piece on 23 to jump" in refusal(lonely, (28,), 19)
    assert "not a diagonal neighbour of 28" in refusal(lonely, (28,), 27)
    assert "king too" in refusal(position({28: FIRST_KING, 1: SECOND_MAN}), (28,), 14)  # no flying


def test_after_a_jump_only_another_jump_may_follow() -> None:
    state = position({28: FIRST_KING, 23: SECOND_MAN, 24: SECOND_MAN, 50: SECOND_MAN})
    step = refusal(state, (28, 19), 14)
    assert "only another jump" in step and "piece on 19 to stop" in step
    assert "not a jump from 19" in refusal(state, (28, 19), 5)
    # The square it started from is empty on the board shown, but a click there picks
    # the piece again, from the start.
    builder = MoveBuilder(state.legal_moves())
    builder.click(28 - 1)
    builder.click(19 - 1)
    assert builder.click(28 - 1).kind is ClickKind.PARTIAL and builder.prefix == (28 - 1,)


def test_refused_clicks_always_get_a_specific_reason() -> None:
    """Over random positions, every click the builder refuses is explained by name."""
    rng = random.Random(8)
    checked = 0
    for _ in range(12):
        state = new_state("dames")
        for _ in range(rng.randrange(10, 60)):
            moves = state.legal_moves()
            if not moves:
                break
            state.push(rng.choice(moves))
        moves = state.legal_moves()
        if not moves:
            continue
        chain = max(moves, key=lambda m: len(m.steps))
        for cut in range(1, len(chain.steps)):
            prefix = tuple(chain.steps[:cut])
            for cell in range(50):
                probe = MoveBuilder(moves)
                for c in prefix:
                    probe.click(c)
                if probe.click(cell).kind is not ClickKind.REFUSED:
                    continue
                text = HOOKS.refusal(state, prefix, cell, "en")
                assert text and not text.startswith("dames.") and "%{" not in text
                assert not text.startswith("No legal move"), (prefix, cell, text)
                checked += 1
    assert checked > 200


def test_the_rules_state_this_variant_in_both_languages() -> None:
    assert PLUGIN.rules_key == "dames.rules" and PLUGIN.diagram_caption_key == "dames.rules_diagram"
    english, french = tr("dames.rules", "en"), tr("dames.rules", "fr")
    for fact in ("never compulsory", "forward only", "stop after any jump", "one square", "stops there"):
        assert fact in english
    for fact in ("jamais obligatoire", "que vers l'avant", "après n'importe quel saut", "une seule case"):
        assert fact in french
    english_keys, french_keys = (
        json.loads((TRANSLATIONS / f"dames.{lang}.json").read_text(encoding="utf-8"))[lang].keys()
        for lang in ("en", "fr")
    )
    assert english_keys == french_keys


def test_the_rules_diagram_shows_a_chain_that_may_stop() -> None:
    state = new_state("dames")
    state.play_all(list(HOOKS.diagram_moves))
    assert state.to_move == FIRST
    legal = {str(m) for m in state.legal_moves()}
    assert {"37x28", "37x28x17"} <= legal
    assert set(HOOKS.diagram_marks) == {"28", "17"}
    assert "37" in tr(PLUGIN.diagram_caption_key, "en")


@pytest.mark.parametrize("side", [FIRST, SECOND])
def test_prompt_names_the_side_to_move(side: int) -> None:
    state = position({28: FIRST_MAN, 23: SECOND_MAN}, side)
    assert ("White" if side == FIRST else "Black") in HOOKS.prompt(state, (), "en")
