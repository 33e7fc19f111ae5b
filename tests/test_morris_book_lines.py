"""The book builder's millref stage (tools/morris_book_lines.py): score conversion and
the walk of the lines a strong opponent plays. Skipped where no C compiler is on PATH."""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path
from typing import cast

import pytest

from engine.ai.search import MATE
from engine.games.morris.opening import BookEntry, book_key, encode, entry_for, lookup
from engine.games.morris.rules import MorrisState, parse_morris_move

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools.morris_book_lines import RefSearch, learned_lines, lines, ref_score, replay, sampled


def test_scores_convert_to_the_search_units() -> None:
    assert ref_score(0) == 0
    assert ref_score(100) == 1000  # a piece
    assert ref_score(-37) == -370
    assert ref_score(30_000 - 7) == MATE - 7  # a win in 7 plies
    assert ref_score(-(30_000 - 12)) == -(MATE - 12)


@pytest.mark.parametrize("colour", [0, 1])
def test_lines_give_the_book_side_a_legal_move_at_each_of_its_turns(colour: int) -> None:
    entries: dict[int, BookEntry] = {}
    walked: list[MorrisState] = []

    def deep(state: MorrisState, source: str) -> BookEntry:
        assert state.to_move == colour and source == f"lines {colour}"
        found = search(state)
        key, entry = entry_for(state, found.move, found.score, found.depth)
        entries[key] = entry
        walked.append(cast(MorrisState, state.copy()))
        return entry

    search = RefSearch(depth=3, rank_depth=2)
    writes: list[int] = []
    try:
        lines(deep, search, [2, 1], colour, lambda: writes.append(len(entries)))
    finally:
        search.close()
    # The book saved after each of the 18 placement plies; a move at every one of the
    # book side's nine turns, along one or two lines (two replies may fold into one).
    assert len(writes) == 18
    assert sorted({state.ply for state in walked}) == list(range(colour, 18, 2))
    assert len(walked) <= 18
    for state in walked:
        found = lookup(entries, state)
        assert found is not None and found[0] in state.legal_moves()
        assert found[1].depth == 3


def book_entry(entries: dict[int, BookEntry], search: RefSearch, state: MorrisState) -> BookEntry:
    """The entry `entries` has for `state`, else `search`'s, recorded (a builder's `deep`)."""
    known = lookup(entries, state)
    if known is not None:
        return known[1]
    found = search(state)
    key, entry = entry_for(state, found.move, found.score, found.depth)
    entries[key] = entry
    return entry


def _sampled_walk(colour: int, seed: int, opening_plies: int = 0) -> tuple[list[str], int]:
    """The positions the sampled stage asks the book for, and how often it saved it."""
    entries: dict[int, BookEntry] = {}
    asked: list[str] = []
    search = RefSearch(depth=3, rank_depth=2)

    def deep(state: MorrisState, source: str) -> BookEntry:
        assert state.to_move == colour and source == f"sampled {colour}"
        asked.append(state.position())
        return book_entry(entries, search, state)

    writes: list[int] = []
    try:
        sampled(deep, (1, 3), 4, colour, seed, lambda: writes.append(len(entries)), opening_plies)
    finally:
        search.close()
    return asked, len(writes)


@pytest.mark.parametrize("colour", [0, 1])
def test_sampled_lines_play_the_book_side_to_the_end_of_placement_reproducibly(colour: int) -> None:
    asked, writes = _sampled_walk(colour, seed=5)
    # Four placements, the book asked at each of the book side's nine turns of each
    # (placement cannot end early: a side with pieces in hand always has an empty point).
    assert len(asked) == 4 * 9
    assert writes == 1
    assert len(set(asked[9:])) > 9, "the drawn depths and seeds vary the opponent's replies"
    assert _sampled_walk(colour, seed=5)[0] == asked, "the same seed walks the same lines"


@pytest.mark.parametrize("colour", [0, 1])
def test_sampled_lines_after_a_random_opening_ask_the_book_from_its_third_ply_on(colour: int) -> None:
    asked, _ = _sampled_walk(colour, seed=5, opening_plies=2)
    # The two random plies include one of the book side's own placements.
    assert len(asked) == 4 * 8
    plies = {18 - sum(int(field) for field in position.split()[2:4]) for position in asked}
    assert min(plies) == 2 + colour
    assert len(set(asked[::8])) > 1, "each placement draws its own opening"


LEARNED_LINE = "f4 d2 d6 b6 b4 f2 b2 e4 e5 d7 c5"  # Black to move: a move learned at ply 11


def test_lines_from_a_learned_position_take_every_reply_then_the_widths_from_there() -> None:
    start = [parse_morris_move(word) for word in LEARNED_LINE.split()]
    walked: list[MorrisState] = []
    entries: dict[int, BookEntry] = {}

    def deep(state: MorrisState, source: str) -> BookEntry:
        assert state.to_move == 1 and source == "learned 1"
        walked.append(cast(MorrisState, state.copy()))
        return book_entry(entries, search, state)

    search = RefSearch(depth=3, rank_depth=2)
    writes: list[int] = []
    try:
        lines(deep, search, [0, 1], 1, lambda: writes.append(len(entries)), start, "learned")
        book_move = search(replay(start)).move
    finally:
        search.close()
    assert len(writes) == 18 - 11, "saved after each ply from the learned position on"
    assert sorted({state.ply for state in walked}) == [11, 13, 15, 17]
    assert [state.position() for state in walked if state.ply == 11] == [replay(start).position()]
    # Every White reply to the book's move (0: all of them), one position per canonical key.
    after = replay([*start, book_move])
    replies = set()
    for move in after.legal_moves():
        after.push(move)
        replies.add(book_key(after))
        after.pop()
    assert {book_key(state) for state in walked if state.ply == 13} == replies
    # Then one reply each (width 1): at most as many positions two plies on.
    assert len([state for state in walked if state.ply == 15]) <= len(replies)


def test_learned_lines_are_the_placements_before_each_recorded_move(tmp_path: Path) -> None:
    assert learned_lines(tmp_path / "missing.jsonl") == []
    records = [{"line": LEARNED_LINE, "move": "d5"}, {"line": "f4 d2 d6 b6 f2 f6", "move": "b4"}]
    path = tmp_path / "learned.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    found = learned_lines(path)
    assert [" ".join(str(move) for move in line) for line in found] == [LEARNED_LINE, "f4 d2 d6 b6 f2 f6"]


@pytest.mark.parametrize("tool", ["morris_book_reach", "morris_book_deepen", "morris_book_steer"])
@pytest.mark.parametrize(
    ("content", "reason"),
    [(None, "No such file"), (b"not a book", "not a Morris book"), (encode({}), "holds no position")],
    ids=["missing", "damaged", "empty"],
)
def test_a_tools_missing_damaged_or_empty_book_is_named_not_taken_for_no_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tool: str, content: bytes | None, reason: str
) -> None:
    bad_book = tmp_path / "opening.book"
    if content is not None:
        bad_book.write_bytes(content)
    main = importlib.import_module(f"tools.{tool}").main
    with pytest.raises(SystemExit) as exit_info:  # before any game is played
        main(["--book", str(bad_book)])
    assert exit_info.value.code == 2
    message = capsys.readouterr().err
    assert str(bad_book) in message and reason in message
