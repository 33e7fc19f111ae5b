"""The click-by-click move builder: pure logic, checked on real Morris positions."""

from __future__ import annotations

from typing import Any, NamedTuple

from conftest import nine_moving, play_line

from engine.games.morris.board import INDEX_OF_NAME
from engine.registry import new_state
from game.input import ClickKind, MoveBuilder

P = INDEX_OF_NAME


def test_placement_is_one_click() -> None:
    state = new_state("nine")
    builder = MoveBuilder(state.legal_moves())
    result = builder.click(P["d6"])
    assert result.kind is ClickKind.COMPLETE
    assert str(result.move) == "d6"
    assert builder.prefix == ()


def test_click_on_occupied_point_is_refused_and_keeps_the_prefix() -> None:
    state = play_line("nine", "d6")
    builder = MoveBuilder(state.legal_moves())
    assert builder.click(P["d6"]).kind is ClickKind.REFUSED
    assert builder.prefix == ()


def test_placement_closing_a_mill_waits_for_the_removal() -> None:
    state = play_line("nine", "a7 b6 d7 f6")  # White a7 d7: g7 closes the mill
    builder = MoveBuilder(state.legal_moves())
    assert builder.click(P["g7"]).kind is ClickKind.PARTIAL
    assert builder.next_cells() == {P["b6"], P["f6"]}  # the removable black pieces
    assert builder.click(P["a1"]).kind is ClickKind.REFUSED  # empty: nothing to remove there
    result = builder.click(P["f6"])
    assert result.kind is ClickKind.COMPLETE
    assert str(result.move) == "g7xf6"
    assert result.move in state.legal_moves()


def test_moving_phase_select_deselect_and_switch_piece() -> None:
    state = nine_moving()
    builder = MoveBuilder(state.legal_moves())
    assert builder.click(P["g4"]).kind is ClickKind.PARTIAL
    assert P["g7"] in builder.next_cells()
    assert builder.click(P["g4"]).kind is ClickKind.DESELECTED
    assert builder.prefix == ()
    builder.click(P["g4"])
    # Another own piece that can move: the selection moves to it.
    other = next(m.steps[0] for m in state.legal_moves() if m.steps[0] != P["g4"])
    assert builder.click(other).kind is ClickKind.PARTIAL
    assert list(builder.prefix) == [other]


def test_moving_into_a_mill_then_removing() -> None:
    state = nine_moving()
    builder = MoveBuilder(state.legal_moves())
    builder.click(P["g4"])
    assert builder.click(P["g7"]).kind is ClickKind.PARTIAL  # a7-d7-g7 closes: remove next
    target = next(iter(builder.next_cells()))
    result = builder.click(target)
    assert result.kind is ClickKind.COMPLETE
    assert result.move.src == P["g4"] and result.move.dst == P["g7"] and result.move.take == target


def test_preview_shows_where_a_hovered_piece_can_go() -> None:
    state = nine_moving()
    builder = MoveBuilder(state.legal_moves())
    assert P["g7"] in builder.preview(P["g4"])
    assert builder.preview(P["d6"]) == set()  # a black piece: White cannot start there
    assert builder.prefix == ()  # previewing changes nothing


class ChainMove(NamedTuple):
    """A dames-like move: every prefix of a capture chain is a legal move of its own."""

    path: tuple[int, ...]

    @property
    def steps(self) -> tuple[int, ...]:
        return self.path


def test_stop_here_takes_the_shortest_complete_move() -> None:
    moves = [ChainMove((1, 2)), ChainMove((1, 2, 3)), ChainMove((1, 2, 3, 4)), ChainMove((5, 6))]
    builder = MoveBuilder(moves)
    assert builder.click(1).kind is ClickKind.PARTIAL
    can_stop: bool = builder.can_stop
    assert not can_stop  # (1,) alone is no move
    assert builder.stop_here().kind is ClickKind.REFUSED
    assert builder.click(2).kind is ClickKind.PARTIAL  # longer chains continue (1, 2)
    assert builder.can_stop
    result = builder.stop_here()
    assert result.kind is ClickKind.COMPLETE and result.move == ChainMove((1, 2))
    builder.click(1)
    builder.click(2)
    builder.click(3)
    result = builder.click(4)  # the end of the longest chain completes by itself
    assert result.kind is ClickKind.COMPLETE and result.move == ChainMove((1, 2, 3, 4))


def test_reset_with_new_moves() -> None:
    builder = MoveBuilder([ChainMove((1, 2))])
    builder.click(1)
    builder.reset([ChainMove((7, 8))])
    assert builder.prefix == ()
    assert builder.next_cells() == {7}


def dames_chain_position() -> Any:
    """Dames, White to move: the man on 37 may take on 32 (landing on 28) and on 22 (17)."""
    state = new_state("dames")
    state.play_all(["31-26", "16-21", "32-27", "21x32", "26-21", "17-22"])
    return state


def test_dames_clicking_the_moving_piece_again_stops_the_chain() -> None:
    state = dames_chain_position()
    builder = MoveBuilder(state.legal_moves())
    assert builder.click(37 - 1).kind is ClickKind.PARTIAL
    assert builder.click(28 - 1).kind is ClickKind.PARTIAL  # 37x28 is a move, 37x28x17 goes on
    assert builder.can_stop and builder.next_cells() == {17 - 1}
    result = builder.click(28 - 1)  # the piece, where it now stands: stop here
    assert result.kind is ClickKind.COMPLETE and str(result.move) == "37x28"
    assert builder.prefix == ()


def test_dames_the_last_jump_of_a_chain_completes_it() -> None:
    state = dames_chain_position()
    builder = MoveBuilder(state.legal_moves())
    for cell in (37, 28):
        builder.click(cell - 1)
    result = builder.click(17 - 1)
    assert result.kind is ClickKind.COMPLETE and str(result.move) == "37x28x17"


def test_dames_clicking_the_piece_before_any_jump_deselects_it() -> None:
    state = dames_chain_position()
    builder = MoveBuilder(state.legal_moves())
    builder.click(37 - 1)
    assert builder.click(37 - 1).kind is ClickKind.DESELECTED  # no move yet: nothing to stop
    assert builder.prefix == ()


def test_morris_clicking_the_last_cell_still_steps_back() -> None:
    # A mill step waits for its removal; the destination clicked again is undone, not played.
    state = nine_moving()
    builder = MoveBuilder(state.legal_moves())
    builder.click(P["g4"])
    builder.click(P["g7"])
    assert not builder.can_stop
    assert builder.click(P["g7"]).kind is ClickKind.DESELECTED
    assert builder.prefix == (P["g4"],)
