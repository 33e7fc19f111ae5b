"""The Nine Men's Morris quiet lines (engine/games/morris/quiet_lines.py, the shipped
quiet_lines.json, tools/build_morris_quiet_lines.py): book moves past the moving book's
reach, keyed by the exact history since the last placement or removal."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import mapped_move

from engine.ai.players import book_choice
from engine.games.morris.endgame import symmetries
from engine.games.morris.opening import MOVING_QUIET_PLIES, bookable, canonical, from_canonical
from engine.games.morris.quiet_lines import (
    FORMAT,
    LINES_PATH,
    decode,
    keyed_line,
    line_entry,
    line_move,
)
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move, position_text
from engine.registry import new_state
from tools.build_morris_quiet_lines import cover, first_difference, read_games, write

# Seed 7385 game 7 (losses line 184): hard White lost it as it lost 6885 game 17 and
# 7133 game 3, move for move. Ply 22 is White's first turn past the moving book.
LOST_TEXT = (
    "f4 d6 d2 f2 g1 g7 d1 d3 a1xd3 d3 d7 e4 a4 b4 a7xd3 d3 e5 g4 e5-d5 e4-e3 f4-e4 f2-f4 "
    "d5-c5 f4-f2 e4-f4 e3-e4 c5-d5 e4-e3 d5-c5 e3-e4 d2-b2 f2-d2"
)
LOST = LOST_TEXT.split()
FIRST_QUIET_TURN = 22


def moves_of(texts: list[str]) -> list[MorrisMove]:
    return [parse_morris_move(text) for text in texts]


def played(texts: list[str], perm: tuple[int, ...] | None = None) -> MorrisState:
    state = new_state("nine")
    assert isinstance(state, MorrisState)
    for move in moves_of(texts):
        state.push(move if perm is None else mapped_move(move, perm))
    return state


def lines_file(tmp_path: Path, lines: list[dict[str, Any]], name: str = "lines.json") -> Path:
    """A lines file (read once per path: the lines are cached by path)."""
    path = tmp_path / name
    path.write_text(json.dumps({"format": FORMAT, "built": {}, "lines": lines}), encoding="utf-8")
    return path


def test_lines_apply_only_past_the_moving_books_reach() -> None:
    for ply in range(FIRST_QUIET_TURN + 1):
        state = played(LOST[:ply])
        assert (keyed_line(state) is None) == bookable(state), ply
    assert played(LOST[:FIRST_QUIET_TURN]).quiet_plies == MOVING_QUIET_PLIES
    diagonal = new_state("twelve", {"diagonals": True})
    assert isinstance(diagonal, MorrisState) and keyed_line(diagonal) is None


def test_a_set_up_position_without_its_quiet_history_has_no_line() -> None:
    state = played(LOST[:FIRST_QUIET_TURN])
    set_up = new_state("nine")
    assert isinstance(set_up, MorrisState)
    set_up.load_position(position_text(state.occupied(0), state.occupied(1), state.to_move, quiet=4))
    assert keyed_line(set_up) is None  # the position alone: the moves before are unknown


def test_the_same_position_by_another_quiet_history_is_another_line() -> None:
    state = played(LOST[:FIRST_QUIET_TURN])
    shuffled = played(LOST[:FIRST_QUIET_TURN])
    for text in ("d5-c5", "f4-f2", "c5-d5", "f2-f4"):  # out and back: the same position
        shuffled.push(parse_morris_move(text))
    assert shuffled.key() == state.key()
    first, second = keyed_line(state), keyed_line(shuffled)
    assert first is not None and second is not None
    (position, moves), (other_position, other_moves) = first[0], second[0]
    assert position == other_position and moves != other_moves


def test_a_line_is_found_in_every_symmetric_image_of_its_game() -> None:
    book = parse_morris_move("d2-f2")
    key, entry = line_entry(moves_of(LOST[:FIRST_QUIET_TURN]), book, 750, 18)
    for perm in symmetries():
        state = played(LOST[:FIRST_QUIET_TURN], perm)
        keyed = keyed_line(state)
        assert keyed is not None and keyed[0] == key
        found = from_canonical(entry.move(), canonical(state.key())[1])
        assert found == mapped_move(book, perm) and found in state.legal_moves()


def test_decoding_keeps_only_lines_that_replay(tmp_path: Path) -> None:
    good = {"moves": " ".join(LOST[:FIRST_QUIET_TURN]), "move": "d2-f2", "score": 750, "depth": 18}
    bad = [
        {**good, "moves": " ".join(LOST[:20])},  # bookable: the moving book's place
        {**good, "moves": "f4 f4"},  # an illegal line
        {**good, "move": "a1-a4"},  # a book move not legal there
        {**good, "move": "zz"},  # not a move
        {**good, "score": "high"},
        {"moves": good["moves"]},  # no move
        "not an object",
    ]
    entries = decode({"format": FORMAT, "lines": [*bad, good]})
    assert len(entries) == 1
    assert line_move(played(LOST[:FIRST_QUIET_TURN]), lines_file(tmp_path, [good])) == (
        parse_morris_move("d2-f2"), 750, 18)  # fmt: skip
    for data in ({"format": "other", "lines": [good]}, {"format": FORMAT}, [good]):
        with pytest.raises(ValueError):
            decode(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "{", '{"format": "morris-quiet-lines/1", "lines": 3}', "\x00\xff"])
def test_a_damaged_or_missing_file_is_no_lines(tmp_path: Path, text: str) -> None:
    path = tmp_path / "lines.json"
    path.write_text(text, encoding="utf-8")
    assert line_move(played(LOST[:FIRST_QUIET_TURN]), path) is None
    assert line_move(played(LOST[:FIRST_QUIET_TURN]), tmp_path / "missing.json") is None


def test_every_shipped_line_replays_and_leaves_the_lost_game() -> None:
    data = json.loads(LINES_PATH.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["lines"]
    assert len(decode(data)) == len({line["moves"] for line in data["lines"]})
    for line in data["lines"]:
        assert line["move"] != line["played"] and line["depth"] >= 18


def test_hard_leaves_the_lost_line_where_the_shipped_lines_say() -> None:
    state = played(LOST[:FIRST_QUIET_TURN])
    choice = book_choice(state, state.legal_moves())
    assert choice is not None and str(choice.move) != LOST[FIRST_QUIET_TURN] and choice.nodes == 0
    assert (
        book_choice(played(LOST[: FIRST_QUIET_TURN + 2]), played(LOST[: FIRST_QUIET_TURN + 2]).legal_moves())
        is None
    )


class FakeRef:
    """millref's interface, answering from a table of (ply -> move, score)."""

    def __init__(self, answers: dict[int, tuple[str, int]]) -> None:
        self.answers = answers
        self.asked: list[int] = []
        self.last: dict[str, int] = {}

    def move(self, history: Sequence[MorrisMove], seed: int) -> MorrisMove:
        self.asked.append(len(history))
        move, score = self.answers.get(len(history), (LOST[len(history)], 5))
        self.last = {"score": score, "depth": 18, "nodes": 1}
        return parse_morris_move(move)


def test_the_builder_books_the_losers_first_quiet_turn_that_millref_plays_otherwise() -> None:
    ref = FakeRef({26: ("c5-c4", 40)})
    line = first_difference(moves_of(LOST), 0, ref, {})
    assert ref.asked == [22, 24, 26]  # White's quiet turns past the book, not Black's
    assert line is not None and line["moves"] == " ".join(LOST[:26]) and line["move"] == "c5-c4"
    assert (line["played"], line["score"], line["depth"]) == (LOST[26], 400, 18)


def test_the_builder_gives_up_where_millref_sees_the_loser_lost() -> None:
    ref = FakeRef({24: ("c5-c4", -29_990), 26: ("c5-c4", 40)})
    assert first_difference(moves_of(LOST), 0, ref, {}) is None
    assert ref.asked == [22, 24]


def test_the_builder_skips_a_game_another_line_already_leaves(tmp_path: Path) -> None:
    key, entry = line_entry(moves_of(LOST[:24]), parse_morris_move("c5-c4"), 400, 18)
    ref = FakeRef({})
    assert first_difference(moves_of(LOST), 0, ref, {key: entry}) is None
    assert ref.asked == [22]
    for perm in symmetries():  # a held line with the move played there: go on looking
        mirrored = [mapped_move(move, perm) for move in moves_of(LOST)]
        key, entry = line_entry(mirrored[:24], mirrored[24], 400, 18)
        ref = FakeRef({})
        assert first_difference(moves_of(LOST), 0, ref, {key: entry}) is None
        assert ref.asked[:3] == [22, 26, 28]  # the held turn is not searched again
        ref = FakeRef({24: ("c5-c4", 40), 26: ("c5-c4", 40)})  # millref would leave it now
        line = first_difference(moves_of(LOST), 0, ref, {key: entry})
        assert line is not None and line["moves"] == " ".join(LOST[:26])  # the next turn, not a twin


def test_the_builder_reads_losses_and_writes_a_file_that_loads(tmp_path: Path) -> None:
    losses = tmp_path / "losses.jsonl"
    losses.write_text(json.dumps({"collapsed": [0], "moves": LOST, "from": "test"}) + "\n", encoding="utf-8")
    assert read_games(losses, 0) == [(0, 0, moves_of(LOST))] and read_games(losses, 1) == []
    out = tmp_path / "lines.json"
    line = {"moves": " ".join(LOST[:24]), "move": "c5-c4", "score": 400, "depth": 18, "played": LOST[24]}
    write(out, [line], {"test": True})
    assert len(decode(json.loads(out.read_text(encoding="utf-8")))) == 1


def test_the_cover_counts_the_logged_games_a_line_would_have_changed(tmp_path: Path) -> None:
    log = tmp_path / "losses.jsonl"
    source = "tools/morris_match.py hard:1.0 ref:50 --seed 7385, game {}"
    games = [
        {"collapsed": [0], "moves": LOST, "from": source.format(7)},  # hard White, lost
        {"collapsed": [0], "moves": LOST, "from": source.format(8)},  # hard Black: not its turn
        {"collapsed": [1], "moves": LOST[:20], "from": source.format(9)},  # over before the line
    ]
    log.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    line = {"moves": " ".join(LOST[:FIRST_QUIET_TURN]), "move": "d2-f2", "score": 750, "depth": 18}
    assert cover([log], lines_file(tmp_path, [line])) == (3, 1, 1, 1)
    same = {**line, "move": LOST[FIRST_QUIET_TURN]}  # hard's own move: met, not changed
    assert cover([log], lines_file(tmp_path, [same], "same.json")) == (3, 1, 0, 0)
