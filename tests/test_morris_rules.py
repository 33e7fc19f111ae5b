"""The Morris rules of RULES.md, one by one, on positions reached by legal moves."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from conftest import (
    NINE_WHITE_BLOCKED,
    TWELVE_FULL_BOARD,
    mask_of,
    move_texts,
    nine_moving,
    placed,
    play_line,
    random_game,
    words,
)

from engine import FIRST, SECOND, GameOverError, OptionError, Outcome, Termination, get_spec, new_state
from engine.games.morris.board import INDEX_OF_NAME, NAMES, topology
from engine.games.morris.rules import MorrisMove, MorrisState

# White mills six times with g4-g7 / g7-g4 while Black shuffles d6-d5 / d5-d6,
# bringing Black from 9 pieces down to 3 (d6, c5, e4) with none in hand.
BLACK_DOWN_TO_THREE = words(
    "g4-g7xc4 d6-d5 g7-g4 d5-d6 g4-g7xb4 d6-d5 g7-g4 d5-d6 g4-g7xf4 d6-d5 g7-g4 d5-d6 "
    "g4-g7xd1 d6-d5 g7-g4 d5-d6 g4-g7xg1 d6-d5 g7-g4 d5-d6 g4-g7xf2"
)


def why(state: MorrisState, text: str) -> str | None:
    return state.why_illegal(state.parse_move(text))


# ----- mills ----------------------------------------------------------------------
def test_horizontal_mill_removes_a_piece() -> None:
    state = placed("nine", ["a7", "d7"], ["b2", "a1"])
    assert state.forms_mill(state.parse_move("g7"))
    assert "choose an opposing piece" in (why(state, "g7") or "")
    state.play("g7xb2")
    assert state.on_board(SECOND) == 1 and state.board()[state.parse_move("b2").dst] == 0


def test_vertical_mill_removes_a_piece() -> None:
    state = placed("nine", ["a7", "a4"], ["d6", "f4"])
    assert state.forms_mill(state.parse_move("a1"))
    state.play("a1xf4")
    assert state.on_board(SECOND) == 1


@pytest.mark.parametrize(
    ("white", "last"),
    [(["b4", "c4"], "e4"), (["c4", "e4"], "f4"), (["d6", "d5"], "d3"), (["d5", "d3"], "d2")],
)
def test_no_mill_across_the_centre_gap(white: list[str], last: str) -> None:
    state = placed("nine", white, ["a7", "g1"])
    assert not state.forms_mill(state.parse_move(last))
    assert "forms no mill" in (why(state, f"{last}xa7") or "")
    state.play(last)
    assert state.in_hand(SECOND) == 7 and state.on_board(SECOND) == 2


def test_centre_gap_points_are_not_adjacent() -> None:
    adjacent = topology(False).adjacent
    assert adjacent[INDEX_OF_NAME["c4"]] == mask_of("b4", "c5", "c3")
    assert adjacent[INDEX_OF_NAME["e4"]] == mask_of("f4", "e5", "e3")
    assert adjacent[INDEX_OF_NAME["d5"]] == mask_of("d6", "c5", "e5")
    assert adjacent[INDEX_OF_NAME["d3"]] == mask_of("d2", "c3", "e3")


def test_a_standing_mill_does_not_remove_again() -> None:
    state = placed("nine", ["a7", "d7", "g7xb2"], ["b2", "d2", "f2"])
    assert state.mill_points(FIRST) == mask_of("a7", "d7", "g7")
    assert not state.forms_mill(state.parse_move("g4"))
    assert "forms no mill" in (why(state, "g4xd2") or "")
    state.play("g4")
    assert state.on_board(SECOND) == 2


def test_a_standing_mill_does_not_remove_again_when_another_piece_moves() -> None:
    state = nine_moving()
    state.play_all(["g4-g7xc4", "d6-d5"])
    assert move_texts(state) >= {"a1-a4"} and "forms no mill" in (why(state, "a1-a4xd5") or "")


def test_moving_out_and_back_forms_the_mill_again() -> None:
    state = nine_moving()
    state.play_all(["g4-g7xc4", "d6-d5", "g7-g4", "d5-d6"])
    assert state.forms_mill(state.parse_move("g4-g7"))
    assert "choose" in (why(state, "g4-g7") or "")
    state.play("g4-g7xb4")
    assert state.on_board(SECOND) == 7


# ----- removal --------------------------------------------------------------------
def test_pieces_in_a_mill_are_protected() -> None:
    # Black's f6 closes b6-d6-f6 (taking g4); then White's g7 closes a7-d7-g7.
    state = play_line("nine", "a7 b6 d7 d6 g4 f6xg4 a1 c3")
    assert state.removable(SECOND) == mask_of("c3")
    assert "stands in a mill" in (why(state, "g7xd6") or "")
    assert {m for m in move_texts(state) if m.startswith("g7")} == {"g7xc3"}


def test_any_piece_when_every_opposing_piece_is_in_a_mill() -> None:
    state = play_line("nine", "a7 b6 d7 d6 g4 f6xg4")
    assert state.removable(SECOND) == mask_of("b6", "d6", "f6")
    assert {m for m in move_texts(state) if m.startswith("g7")} == {"g7xb6", "g7xd6", "g7xf6"}
    state.play("g7xd6")
    assert state.on_board(SECOND) == 2


def test_a_double_mill_removes_exactly_one_piece() -> None:
    state = play_line("nine", "a7 b6 d7 c5 g4 e3 g1 b2")  # g7 closes a row and a column
    assert {m for m in move_texts(state) if m.startswith("g7")} == {"g7xb6", "g7xc5", "g7xe3", "g7xb2"}
    state.play("g7xc5")
    assert state.on_board(SECOND) == 3
    assert state.mill_points(FIRST) == mask_of("a7", "d7", "g7", "g4", "g1")


def test_a_mill_without_a_removal_is_refused() -> None:
    state = placed("nine", ["a7", "d7"], ["b2", "a1"])
    key = state.key()
    with pytest.raises(ValueError, match="choose an opposing piece"):
        state.play("g7")
    assert state.key() == key


def test_a_removal_without_a_mill_is_refused() -> None:
    state = placed("nine", ["a7"], ["b2"])
    assert "forms no mill" in (why(state, "d7xb2") or "")
    assert "forms no mill" in (why(nine_moving(), "a1-a4xb4") or "")


def test_the_removed_piece_must_be_an_opposing_one() -> None:
    state = placed("nine", ["a7", "d7"], ["b2", "a1"])
    assert "no opposing piece on f2" in (why(state, "g7xf2") or "")
    assert "no opposing piece on a7" in (why(state, "g7xa7") or "")


# ----- flying ---------------------------------------------------------------------
def test_three_pieces_and_none_in_hand_fly_anywhere() -> None:
    state = nine_moving()
    state.play_all(BLACK_DOWN_TO_THREE)
    assert state.to_move == SECOND and state.is_flying(SECOND) and state.phase == "flying"
    own = {"d6", "c5", "e4"}
    empty = {n for n, i in zip(NAMES, state.board(), strict=True) if i == 0}
    assert move_texts(state) == {f"{s}-{d}" for s in own for d in empty}
    state.play("c5-g4")  # far from c5: only a flight reaches it
    assert state.board()[state.parse_move("g4").dst] == 2


def test_four_pieces_only_step() -> None:
    state = nine_moving()
    state.play_all(BLACK_DOWN_TO_THREE[:-4])  # Black still has d6, c5, e4, f2
    assert state.on_board(SECOND) == 4 and not state.is_flying(SECOND) and state.phase == "moving"
    assert move_texts(state) == {"d6-d5", "c5-d5", "c5-c4", "e4-e5", "e4-f4", "f2-f4"}
    assert "not next to" in (why(state, "c5-b2") or "")


def test_no_flying_with_pieces_in_hand() -> None:
    state = play_line("nine", "a7 b6 d7 d6 g4")  # White has 3 on board, 6 in hand
    assert not state.is_flying(FIRST) and state.on_board(FIRST) == 3
    state.play("c3")
    assert state.phase == "placement" and "place a piece first" in (why(state, "a7-b2") or "")


@pytest.mark.parametrize("diagonals", [False, True])
def test_twelve_flies_with_three_pieces(diagonals: bool) -> None:
    state = _first_flying_position("twelve", diagonals=diagonals)
    side = state.to_move
    board = state.board()
    own = {i for i, c in enumerate(board) if c == side + 1}
    empty = {i for i, c in enumerate(board) if c == 0}
    assert {(m.src, m.dst) for m in state.legal_moves()} == {(s, d) for s in own for d in empty}


# ----- end of the game ------------------------------------------------------------
def test_fewer_than_three_loses() -> None:
    state = nine_moving()
    state.play_all([*BLACK_DOWN_TO_THREE, "c5-b2", "g7-g4", "b2-c5", "g4-g7xe4"])
    assert state.outcome() == Outcome(FIRST, Termination.FEWER_THAN_THREE)
    assert state.legal_moves() == []


def test_blocked_player_loses() -> None:
    state = play_line("nine", NINE_WHITE_BLOCKED)
    assert state.to_move == FIRST and state.outcome() == Outcome(SECOND, Termination.BLOCKED)
    assert state.legal_moves() == [] and state.why_illegal(state.parse_move("c5-c4")) == "the game is over"
    with pytest.raises(GameOverError):
        state.play("c5-c4")


def test_twelve_full_board_is_a_draw() -> None:
    state = play_line("twelve", TWELVE_FULL_BOARD[:-1])
    assert state.outcome() is None
    state.play(TWELVE_FULL_BOARD[-1])
    assert state.outcome() == Outcome(None, Termination.BOARD_FULL)
    assert state.legal_moves() == []


def test_threefold_repetition_is_a_draw() -> None:
    state = nine_moving()
    shuffle = ["a1-a4", "d6-d5", "a4-a1", "d5-d6"]
    state.play_all(shuffle + shuffle[:3])
    assert state.outcome() is None  # positions so far occurred at most twice
    state.play(shuffle[3])  # the start position, a third time
    assert state.outcome() == Outcome(None, Termination.REPETITION) and state.legal_moves() == []


def test_hundred_quiet_moving_plies_draw_and_a_removal_resets() -> None:
    state = nine_moving()
    assert state.quiet_plies == 0  # placements never count
    state.play_all(["a1-a4", "d6-d5", "a4-a1", "d5-d6"])
    assert state.quiet_plies == 4
    state.play("g4-g7xc4")
    assert state.quiet_plies == 0
    seen: dict[int, int] = {}
    for ply in range(1, 101):
        assert state.outcome() is None, f"over after {ply - 1} quiet plies"
        state.push(_fresh_quiet_move(state, seen))
        assert state.quiet_plies == ply
    assert state.outcome() == Outcome(None, Termination.NO_REMOVAL_LIMIT)
    assert state.legal_moves() == []


# ----- options --------------------------------------------------------------------
def test_twelve_diagonals_add_mills_and_steps() -> None:
    plain = placed("twelve", ["a7", "b6"], ["d1", "g1"])
    assert not plain.forms_mill(plain.parse_move("c5"))
    diagonal = placed("twelve", ["a7", "b6"], ["d1", "g1"], diagonals=True)
    assert diagonal.forms_mill(diagonal.parse_move("c5"))
    assert move_texts(diagonal) >= {"c5xd1", "c5xg1"} and "c5" not in move_texts(diagonal)
    assert len(topology(True).lines) == 20 and len(topology(False).lines) == 16
    assert topology(True).adjacent[INDEX_OF_NAME["a7"]] == mask_of("d7", "a4", "b6")


def test_nine_refuses_the_diagonals_option() -> None:
    with pytest.raises(OptionError, match="unknown option diagonals"):
        new_state("nine", {"diagonals": True})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"diagonal": True}, "unknown option"),
        ({"diagonals": 1}, "cannot be 1"),
        ({"diagonals": "yes"}, "cannot be"),
    ],
)
def test_check_options_refuses_bad_options(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_spec("twelve").check_options(options)


@pytest.mark.parametrize(
    "options", [{1: True}, {"diagonals": False, 2: 3}, "diagonals", [("diagonals", True)]]
)
def test_check_options_refuses_malformed_options(options: Any) -> None:
    with pytest.raises(OptionError, match="twelve: "):
        get_spec("twelve").check_options(options)


def test_check_options_fills_defaults() -> None:
    assert get_spec("twelve").check_options(None) == {"diagonals": False}
    assert get_spec("twelve").check_options({"diagonals": True}) == {"diagonals": True}
    assert get_spec("nine").check_options({}) == {}


# ----- helpers --------------------------------------------------------------------
def _first_flying_position(game: str, **options: Any) -> MorrisState:
    """The first position of seeded random games where the player to move flies."""
    for seed in range(200):
        _, seen = random_game(game, seed, **options)
        for position in seen:
            if position.is_flying(position.to_move) and position.outcome() is None:
                return position
    raise AssertionError("no seeded random game reached a flying player")


def _fresh_quiet_move(state: MorrisState, seen: dict[int, int]) -> MorrisMove:
    """A move without removal leading to the least visited position (no repetition draw)."""

    def visits(move: MorrisMove) -> tuple[int, str]:
        state.push(move)
        key = state.key()
        state.pop()
        return seen.get(key, 0), str(move)

    move = min((m for m in state.legal_moves() if m.take is None), key=visits)
    state.push(move)
    seen[state.key()] = seen.get(state.key(), 0) + 1
    state.pop()
    return move


# ----- the move generator against an independent reading of the rules ------------
STRAIGHT_LINES = (
    "a7 d7 g7, b6 d6 f6, c5 d5 e5, a4 b4 c4, e4 f4 g4, c3 d3 e3, b2 d2 f2, a1 d1 g1, "
    "a7 a4 a1, b6 b4 b2, c5 c4 c3, d7 d6 d5, d3 d2 d1, e5 e4 e3, f6 f4 f2, g7 g4 g1"
)
DIAGONAL_LINES = "a7 b6 c5, g7 f6 e5, a1 b2 c3, g1 f2 e3"


def _lines(diagonals: bool) -> list[tuple[str, ...]]:
    text = f"{STRAIGHT_LINES}, {DIAGONAL_LINES}" if diagonals else STRAIGHT_LINES
    return [tuple(line.split()) for line in text.split(", ")]


def _reference_moves(state: MorrisState, lines: list[tuple[str, ...]]) -> set[str]:
    """RULES.md's Morris section, written plainly on point names."""
    side = state.to_move
    cells = dict(zip(NAMES, state.board(), strict=True))
    own = {n for n, c in cells.items() if c == side + 1}
    opp = {n for n, c in cells.items() if c == 2 - side}
    empty = {n for n, c in cells.items() if c == 0}
    neighbours = {(a, b) for line in lines for a, b in itertools.pairwise(line)}
    neighbours |= {(b, a) for a, b in neighbours}
    pairs: list[tuple[str | None, str]]
    if state.in_hand(side):
        pairs = [(None, d) for d in empty]
    elif len(own) == 3:
        pairs = [(s, d) for s in own for d in empty]
    else:
        pairs = [(s, d) for s in own for d in empty if (s, d) in neighbours]
    opp_in_mills = {p for line in lines if set(line) <= opp for p in line}
    removable = (opp - opp_in_mills) or opp
    moves: set[str] = set()
    for src, dst in pairs:
        after = (own - {src}) | {dst}
        head = dst if src is None else f"{src}-{dst}"
        if removable and any(dst in line and set(line) <= after for line in lines):
            moves |= {f"{head}x{t}" for t in removable}
        else:
            moves.add(head)
    return moves


@pytest.mark.parametrize(("game", "diagonals"), [("nine", False), ("twelve", False), ("twelve", True)])
def test_move_generation_matches_the_rules(game: str, diagonals: bool) -> None:
    options = {"diagonals": True} if diagonals else {}
    lines = _lines(diagonals)
    checked = 0
    for seed in range(20):
        _, positions = random_game(game, seed, **options)
        for position in positions:
            if position.outcome() is None:
                assert move_texts(position) == _reference_moves(position, lines), position.history
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("diagonals", [False, True])
def test_reach_is_every_neighbour_of_a_set_of_points(diagonals: bool) -> None:
    topo = topology(diagonals)
    for mask in (0, 1, 1 << 23, 0xFFFFFF, 0x5A5A5A, 0x813C42):
        expected = 0
        for p in range(24):
            if mask >> p & 1:
                expected |= topo.adjacent[p]
        assert topo.reach(mask) == expected
