"""Teeko in the arcade: prompts, a reason for every refused click, the flash of the
winning pattern, and the rules page with its diagram, in English and French."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_teeko_ai import position

from engine.core import Termination
from engine.games.teeko.rules import INDEX_OF_NAME, NAMES, TeekoState
from game.game_hooks import hooks_for
from game.games import plugin_for
from game.i18n import tr
from game.input import ClickKind, MoveBuilder

HOOKS = hooks_for("teeko")
PLUGIN = plugin_for("teeko")
TRANSLATIONS = Path(__file__).resolve().parent.parent / "assets" / "translations"
# Moving phase, Black to move. Black a5 (walled in by White b5 a4 b4), c1, e1, d3;
# White b5 a4 b4 d4.
WALLED_IN = "a5 b5 e1 a4 c1 b4 d3 d4"


def squares(*names: str) -> tuple[int, ...]:
    return tuple(INDEX_OF_NAME[n] for n in names)


def refusal(state: TeekoState, clicks: tuple[str, ...], square: str, lang: str) -> str:
    """The refusal of a click on `square` after `clicks`; the builder must refuse it."""
    prefix = squares(*clicks)
    builder = MoveBuilder(state.legal_moves())
    for cell in prefix:
        assert builder.click(cell).kind is ClickKind.PARTIAL
    cell = INDEX_OF_NAME[square]
    assert builder.click(cell).kind is ClickKind.REFUSED  # the hook explains real refusals
    return HOOKS.refusal(state, prefix, cell, lang)


def test_the_rules_keys_and_game_specific_hooks_are_registered() -> None:
    assert PLUGIN.rules_key == "teeko.rules" and PLUGIN.diagram_caption_key == "teeko.rules_diagram"
    assert HOOKS is plugin_for("teeko").hooks and HOOKS is not hooks_for("nine")


@pytest.mark.parametrize(
    ("lang", "place", "pick", "move_to"),
    [
        (
            "en",
            "Black: place a piece on an empty square (3 left in hand)",
            "White: choose one",
            "piece on c1 to an empty square next to it, in any of the eight directions",
        ),
        (
            "fr",
            "Noir : posez un pion sur une case libre (3 en main)",
            "Blanc : choisissez un",
            "pion de c1 vers une case libre voisine, dans l'une des huit directions",
        ),
    ],
)
def test_prompts_follow_the_phase(lang: str, place: str, pick: str, move_to: str) -> None:
    assert place in HOOKS.prompt(position("c3 a5"), (), lang)
    assert "(4 " in HOOKS.prompt(position(""), (), lang)
    moving = position("a5 b5 e1 a4 c1 b4 d3 d4 c1-c2")  # White to move
    assert pick in HOOKS.prompt(moving, (), lang)
    assert move_to in HOOKS.prompt(position(WALLED_IN), squares("c1"), lang)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            {
                "taken": "c3 is taken: choose an empty square",
                "empty": "There is no piece on c3",
                "theirs": "The piece on b5 is your opponent's",
                "stuck": "The piece on a5 cannot move",
                "dst": "d4 is taken: choose an empty square",
                "far": "a3 is not next to c1",
            },
        ),
        (
            "fr",
            {
                "taken": "c3 est occupée : choisissez une case libre",
                "empty": "Il n'y a pas de pion en c3",
                "theirs": "Le pion en b5 est à votre adversaire",
                "stuck": "Le pion en a5 ne peut pas bouger",
                "dst": "d4 est occupée : choisissez une case libre",
                "far": "a3 n'est pas voisine de c1",
            },
        ),
    ],
)
def test_every_refused_click_says_why(lang: str, expected: dict[str, str]) -> None:
    placing = position("c3")
    assert expected["taken"] in refusal(placing, (), "c3", lang)  # the opponent's square
    assert expected["taken"].replace("c3", "a5") in refusal(position("a5 c3"), (), "a5", lang)  # one's own
    walled = position(WALLED_IN)
    assert expected["empty"] in refusal(walled, (), "c3", lang)
    assert expected["theirs"] in refusal(walled, (), "b5", lang)
    assert expected["stuck"] in refusal(walled, (), "a5", lang)
    assert expected["stuck"] in refusal(walled, ("d3",), "a5", lang)  # while another is chosen
    assert expected["dst"] in refusal(walled, ("d3",), "d4", lang)
    assert expected["far"] in refusal(walled, ("c1",), "a3", lang)


def test_refusals_never_fall_back_to_the_generic_text_in_a_reachable_case() -> None:
    generic = tr("plateaux.refuse_generic", "en", cell="")
    walled = position(WALLED_IN)
    builder = MoveBuilder(walled.legal_moves())
    for prefix in [(), *((m.src,) for m in walled.legal_moves())]:
        for cell in range(25):
            builder.reset()
            for clicked in prefix:
                assert clicked is not None and builder.click(clicked).kind is ClickKind.PARTIAL
            if builder.click(cell).kind is ClickKind.REFUSED:
                text = HOOKS.refusal(walled, tuple(c for c in prefix if c is not None), cell, "en")
                assert generic.strip(". ") not in text and "teeko." not in text


@pytest.mark.parametrize(
    ("moves", "winning", "pattern"),
    [
        ("a1 a5 b1 e5 c1 e3", "d1", ("a1", "b1", "c1", "d1")),  # a row, by placement
        ("b5 a1 b4 e1 b3 e5", "b2", ("b5", "b4", "b3", "b2")),  # a column
        ("a1 a5 b2 e5 c3 e1", "d4", ("a1", "b2", "c3", "d4")),  # a diagonal
        ("e2 a5 d3 a1 c4 e5", "b5", ("e2", "d3", "c4", "b5")),  # the other diagonal
        ("a1 a5 b1 e5 c1 a3 e1 e3", "e1-d1", ("a1", "b1", "c1", "d1")),  # a row, by a step
        ("e2 d4 c3 d1 d2 a5 c2 e4 c3-c4 d1-e1 c4-c3 a5-a4 d2-d3 a4-b4", "e2-d2", ("c3", "d3", "c2", "d2")),
    ],
)
def test_a_winning_move_flashes_its_four_squares(moves: str, winning: str, pattern: tuple[str, ...]) -> None:
    state = position(moves)
    move = state.parse_move(winning)
    state.play(move)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason is Termination.ALIGNMENT
    assert sorted(HOOKS.flash_cells(state, move)) == sorted(squares(*pattern))


def test_an_ordinary_move_flashes_nothing() -> None:
    state = position("c3 a5")
    move = state.parse_move("b2")
    state.play(move)
    assert HOOKS.flash_cells(state, move) == []
    repeated = position("c3 a5 a1 e5 e1 a4 b5 e4 c3-c4 e5-d5 c4-c3 d5-e5 c3-c4 e5-d5 c4-c3")
    last = repeated.parse_move("d5-e5")
    repeated.play(last)
    outcome = repeated.outcome()
    assert outcome is not None and outcome.reason is Termination.REPETITION
    assert HOOKS.flash_cells(repeated, last) == []  # a draw has no pattern to show


def test_the_diagram_marks_the_one_winning_square() -> None:
    state = position(" ".join(HOOKS.diagram_moves))
    mover = state.to_move
    wins = []
    for move in state.legal_moves():
        state.push(move)
        outcome = state.outcome()
        state.pop()
        if outcome is not None and outcome.winner == mover:
            wins.append(NAMES[move.dst])
    assert wins == list(HOOKS.diagram_marks)


def test_both_languages_have_every_key_and_the_rules_say_it_all() -> None:
    tables = {
        lang: json.loads((TRANSLATIONS / f"teeko.{lang}.json").read_text(encoding="utf-8"))[lang]
        for lang in ("en", "fr")
    }
    assert tables["en"].keys() == tables["fr"].keys()
    for key in tables["en"]:
        assert tables["en"][key] != tables["fr"][key], key
    english, french = tr("teeko.rules", "en"), tr("teeko.rules", "fr")
    for text in ("2×2", "4 pieces", "eight directions", "third time", "Black starts"):
        assert text in english
    for text in ("2×2", "4 pions", "huit directions", "troisième fois", "Noir commence", "diagonale"):
        assert text in french
    assert "<b>" in english and "<br>" in french
    assert tr("teeko.rules_diagram", "fr") == "Aux Noirs : a3 complète une ligne de quatre."


def test_the_panel_counts_pieces_in_hand_not_captures() -> None:
    state = position("c3 a5 b2")
    assert HOOKS.score_line(state, 0, "en") == "2 in hand" and HOOKS.score_line(state, 1, "fr") == "3 en main"
    moving = position(WALLED_IN)
    assert HOOKS.score_line(moving, 0, "en") == "all placed, moving"
    assert HOOKS.score_line(moving, 1, "fr") == "tous posés, en déplacement"
