"""Morris notation (algebraic and seed coordinates) and the checked play path."""

from __future__ import annotations

import pytest
from conftest import NINE_WHITE_BLOCKED, nine_moving, placed, play_line, random_game, words

from engine import GameOverError, IllegalMoveError, InvalidMoveError
from engine.games.morris.board import INDEX_OF_NAME, NAMES, POINTS, name_to_index
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move

# RULES.md's list of the 24 points, in seed coordinates (X left to right, Y top to bottom).
RULES_POINTS = words(
    "(1,1) (4,1) (7,1) (2,2) (4,2) (6,2) (3,3) (4,3) (5,3) (1,4) (2,4) (3,4) "
    "(5,4) (6,4) (7,4) (3,5) (4,5) (5,5) (2,6) (4,6) (6,6) (1,7) (4,7) (7,7)"
)
# The same points in algebraic notation, written out by hand (file = X, rank = 8 - Y).
RULES_NAMES = words("a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1")


def idx(name: str) -> int:
    return INDEX_OF_NAME[name]


# ----- coordinates ----------------------------------------------------------------
def test_spot_checks_from_the_rules() -> None:
    assert name_to_index("1,1") == idx("a7")
    assert name_to_index("7,7") == idx("g1")
    assert name_to_index("4,1") == idx("d7")


@pytest.mark.parametrize(("seed", "name"), list(zip(RULES_POINTS, RULES_NAMES, strict=True)))
def test_every_point_both_ways(seed: str, name: str) -> None:
    x, y = (int(v) for v in seed.strip("()").split(","))
    index = name_to_index(seed)
    assert POINTS[index] == (x, y) and NAMES[index] == name
    assert name_to_index(name) == index == name_to_index(f"{x},{y}") == name_to_index(name.upper())


def test_the_board_has_exactly_the_rules_points() -> None:
    assert len(set(POINTS)) == 24 and set(NAMES) == set(RULES_NAMES)


# ----- parsing --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("d6", MorrisMove(None, idx("d6"))),
        ("d6-d5", MorrisMove(idx("d6"), idx("d5"))),
        ("a4xg7", MorrisMove(None, idx("a4"), idx("g7"))),
        ("d6-d5xa1", MorrisMove(idx("d6"), idx("d5"), idx("a1"))),
        ("4,2", MorrisMove(None, idx("d6"))),
        ("(4,2)-(4,3)", MorrisMove(idx("d6"), idx("d5"))),
        ("4,1x7,7", MorrisMove(None, idx("d7"), idx("g1"))),
        ("  D6-D5XA1 ", MorrisMove(idx("d6"), idx("d5"), idx("a1"))),
    ],
)
def test_parse(text: str, move: MorrisMove) -> None:
    assert parse_morris_move(text) == move


def test_seed_forms_print_in_algebraic() -> None:
    assert str(parse_morris_move("(4,2)-(4,3)")) == "d6-d5"
    assert str(parse_morris_move("4,1x7,7")) == "d7xg1"


MALFORMED = [
    "", "   ", "x", "d6x", "xd6", "d6-", "-d6", "d6--d5", "d6-d5-d4", "d6xa1xb2",
    "h1", "a0", "d4", "a2", "d66", "dd", "d6 d5", "hello", "4,4", "0,0", "8,1",
    "1,2,3", "4;1", "d6-d5x", "-", "é", "d6-x",
]  # fmt: skip


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        parse_morris_move(text)
    assert isinstance(caught.value, ValueError) and len(str(caught.value)) > 5


@pytest.mark.parametrize(("game", "diagonals"), [("nine", False), ("twelve", False), ("twelve", True)])
def test_every_legal_move_round_trips(game: str, diagonals: bool) -> None:
    options = {"diagonals": True} if diagonals else {}
    for seed in range(5):
        _, positions = random_game(game, seed, **options)
        for position in positions:
            for move in position.legal_moves():
                assert parse_morris_move(str(move)) == move
                assert str(position.parse_move(str(move))) == str(move)


# ----- why_illegal: a readable reason for each kind of wrong move ------------------
@pytest.mark.parametrize(
    ("setup", "move", "reason"),
    [
        ("placement", "b6", "is not empty"),
        ("placement", "b6-b4", "place a piece first"),
        ("placement", "d1xb6", "forms no mill"),
        ("placement", "g7", "choose an opposing piece"),
        ("placement", "g7xd7", "no opposing piece on d7"),
        ("placement", "g7xg1", "no opposing piece on g1"),
        ("moving", "a1", "every piece is placed"),
        ("moving", "d6-d5", "no piece of yours on d6"),
        ("moving", "d3-d2", "no piece of yours on d3"),
        ("moving", "a7-d7", "d7 is not empty"),
        ("moving", "a7-g7", "not next to a7"),
        ("moving", "a1-a4xb4", "forms no mill"),
        ("moving", "g4-g7", "choose an opposing piece"),
    ],
)
def test_why_illegal_explains(setup: str, move: str, reason: str) -> None:
    state = placed("nine", ["a7", "d7"], ["b6", "a1"]) if setup == "placement" else nine_moving()
    assert reason in (state.why_illegal(state.parse_move(move)) or "")


def test_why_illegal_refuses_a_point_off_the_board() -> None:
    state = nine_moving()
    for move in (MorrisMove(None, 24), MorrisMove(-1, 3), MorrisMove(30, 3)):
        assert state.why_illegal(move) == "no such point"
    state = placed("nine", ["a7", "d7"], ["b6", "a1"])
    for take in (24, -1):  # on a move that does form a mill, so the take is looked at
        assert state.why_illegal(MorrisMove(None, idx("g7"), take)) == "no such point"


def test_every_legal_move_passes_why_illegal() -> None:
    state = nine_moving()
    assert all(state.why_illegal(m) is None for m in state.legal_moves())


# ----- play, play_all, game over --------------------------------------------------
def snapshot(state: MorrisState) -> tuple[object, ...]:
    return (state.key(), list(state.history), state.in_hand(0), state.in_hand(1), state.quiet_plies)


@pytest.mark.parametrize("move", ["b6", "g7", "g7xd7", "d7xb6", "b6-b4", "zz"])
def test_play_refuses_and_changes_nothing(move: str) -> None:
    state = placed("nine", ["a7", "d7"], ["b6", "a1"])
    before = snapshot(state)
    with pytest.raises(ValueError, match=r"\w"):
        state.play(move)
    assert snapshot(state) == before


def test_play_accepts_text_and_moves() -> None:
    state = placed("nine", ["a7", "d7"], ["b6", "a1"])
    assert state.play("g7xb6") == MorrisMove(None, idx("g7"), idx("b6"))
    assert state.play(MorrisMove(None, idx("d1"))) == MorrisMove(None, idx("d1"))


def test_play_all_is_all_or_nothing() -> None:
    state = nine_moving()
    before, start_ply = snapshot(state), state.ply
    with pytest.raises(IllegalMoveError, match=r"move 3 \(a4-a7\)"):
        state.play_all(["a1-a4", "d6-d5", "a4-a7", "d5-d6"])
    assert snapshot(state) == before
    with pytest.raises(IllegalMoveError, match="move 2"):
        state.play_all(["a1-a4", "nonsense"])
    assert snapshot(state) == before
    state.play_all(["a1-a4", "d6-d5"])
    assert state.ply == start_ply + 2


def test_finished_game_has_no_moves_and_refuses_play() -> None:
    state = play_line("nine", NINE_WHITE_BLOCKED)
    before = snapshot(state)
    assert state.legal_moves() == [] and state.count_legal_moves() == 0
    with pytest.raises(GameOverError, match="over"):
        state.play("c5-c4")
    with pytest.raises(GameOverError):
        state.play(MorrisMove(idx("c5"), idx("c4")))
    assert snapshot(state) == before
