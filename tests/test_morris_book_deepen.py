"""The book's deeper check (tools/morris_book_deepen.py) and how the builder takes its
switches. Skipped where no C compiler is on PATH (millref searches)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.games.morris.opening import BookEntry, book_key, encode, entry_for, lookup
from engine.games.morris.rules import parse_morris_move

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools.build_morris_book import overrides
from tools.morris_book_deepen import DeepCheck, loss_visits, main, to_check, visits
from tools.morris_book_lines import learned_records, placements_before, replay

THREAT = [parse_morris_move(word) for word in ["a1", "g7", "a4"]]  # White threatens a7's mill
ASLEEP = parse_morris_move("b2")  # a Black placement that lets the mill close


def careless_book() -> dict[int, BookEntry]:
    key, entry = entry_for(replay(THREAT), ASLEEP, 0, 14)
    return {key: entry}


def checked(entries: dict[int, BookEntry], depth: int, margin: int, visited: int = 1) -> dict[str, Any]:
    """The record of a deep check of the position after THREAT."""
    check = DeepCheck(entries, depth=depth, margin=margin)
    try:
        return check(THREAT, visited=visited)
    finally:
        check.close()


def test_a_deep_check_switches_a_move_that_loses_a_piece() -> None:
    record = checked(careless_book(), depth=6, margin=40, visited=3)
    assert record["book"] == "b2" and record["deep"] == "a7" and record["move"] == "a7"
    assert record["deep_score"] - record["book_score"] >= 40  # a piece is 100
    assert record["visits"] == 3 and record["depth"] == 6
    assert placements_before(record) == THREAT


def test_a_deep_check_keeps_the_book_s_move_within_the_margin() -> None:
    record = checked(careless_book(), depth=6, margin=100_000)
    assert record["deep"] == "a7" and record["move"] == "b2" == record["book"]
    assert record["score"] == record["book_score"] * 10  # in the book's units


def test_a_position_out_of_the_book_takes_the_deep_move() -> None:
    record = checked({}, depth=4, margin=40)
    assert record["book"] is None and record["move"] == record["deep"] == "a7"
    assert "book_score" not in record


def test_visits_count_the_book_side_s_positions_to_the_end_of_placement() -> None:
    counts, reached = visits({}, "ref:0:2", games=2, from_ply=4, seed=5, stand_in=2)
    # No book: the stand-in plays the book side's moves, so each placement counts the
    # book side's every position from ply 4 (7 for White at plies 4-16, 7 for Black at 5-17).
    assert sum(counts.values()) == 2 * (7 + 7)
    for key, line in reached.items():
        state = replay(line)
        assert book_key(state) == key and state.ply >= 4


QUIET_WORDS = ["a1", "g1", "a7", "g7", "d1", "d7", "b2", "f2", "b6", "f6", "c3", "e3"]  # no mill
QUIET = [parse_morris_move(word) for word in QUIET_WORDS]


def book_of(line: list[Any], plies: range) -> dict[int, BookEntry]:
    """A book playing `line`'s move at each of `plies`."""
    return dict(entry_for(replay(line[:ply]), line[ply], 0, 14) for ply in plies)


def write_losses(path: Path, *games: tuple[int, list[Any]]) -> Path:
    path.write_text("".join(json.dumps({"collapsed": [loser], "moves": list(map(str, moves))}) + "\n"
                            for loser, moves in games))  # fmt: skip
    return path


def test_loss_visits_count_the_loser_s_placement_positions_the_book_leads_to(tmp_path: Path) -> None:
    losses = write_losses(tmp_path / "losses.jsonl", (1, QUIET), (0, QUIET[:7]))
    counts, reached = loss_visits(book_of(QUIET, range(12)), losses, from_ply=4)
    # Black (the first loser) before plies 5, 7, 9 and 11; White (the second) before 4 and 6.
    assert sorted(len(line) for line in reached.values()) == [4, 5, 6, 7, 9, 11]
    assert sum(counts.values()) == 6
    for key, line in reached.items():
        assert book_key(replay(line)) == key and line == QUIET[: len(line)]


def test_loss_visits_stop_where_the_loser_left_the_book(tmp_path: Path) -> None:
    losses = write_losses(tmp_path / "losses.jsonl", (1, QUIET))
    changed = book_of(QUIET, range(7)) | dict([entry_for(replay(QUIET[:7]), parse_morris_move("g4"), 0, 14)])
    # Black played the book to ply 5; at ply 7 the book now says g4: checked, then no more.
    assert sorted(map(len, loss_visits(changed, losses, from_ply=4)[1].values())) == [5, 7]
    # A book without ply 5's position: hard searched there, so that position is the last.
    assert sorted(map(len, loss_visits(book_of(QUIET, range(5)), losses, from_ply=4)[1].values())) == [5]


def test_loss_visits_check_where_the_book_left_a_game_before_from_ply(tmp_path: Path) -> None:
    losses = write_losses(tmp_path / "losses.jsonl", (1, QUIET), (0, QUIET))
    # The book holds plies 0-2 only: Black searched at ply 3 and White at ply 4, both
    # before from_ply 10, and both are where the games were left to the search.
    counts, reached = loss_visits(book_of(QUIET, range(3)), losses, from_ply=10)
    assert sorted(map(len, reached.values())) == [3, 4] and sum(counts.values()) == 2
    # A book through ply 10 leaves neither game before from_ply: only plies 10 and 11 count.
    _, reached = loss_visits(book_of(QUIET, range(11)), losses, from_ply=10)
    assert sorted(map(len, reached.values())) == [10, 11]


def test_the_builder_takes_deep_switches_under_moves_learned_by_play(tmp_path: Path) -> None:
    line = " ".join(map(str, THREAT))
    deep, learned = tmp_path / "deep.jsonl", tmp_path / "learned.jsonl"
    records = [
        {"line": line, "move": "a7", "book": "b2", "score": 0, "depth": 18},
        {"line": "a1", "move": "d2", "book": "d2", "score": 0, "depth": 18},  # kept: no override
    ]
    deep.write_text("".join(json.dumps(record) + "\n" for record in records))
    assert [record["move"] for record in learned_records(deep, switches_only=True)] == ["a7"]
    found = lookup(overrides(deep, tmp_path / "none.jsonl"), replay(THREAT))
    assert found is not None and str(found[0]) == "a7" and len(overrides(deep, tmp_path / "none.jsonl")) == 1
    learned.write_text(json.dumps({"line": line, "move": "g1", "book": "b2", "score": 0, "depth": 14}) + "\n")
    found = lookup(overrides(deep, learned), replay(THREAT))
    assert found is not None and str(found[0]) == "g1"


def test_the_tool_appends_its_checks_and_does_not_repeat_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deep.jsonl"
    options = ["--opponent", "ref:0:2", "--games", "1", "--top", "2", "--depth", "4", "--out", str(out)]
    assert main(options) == 0
    first = learned_records(out)
    assert len(first) == 2 and all(record["depth"] == 4 for record in first)
    assert main(options) == 0  # the same positions again: nothing new to check
    assert learned_records(out)[:2] == first
    keys = [book_key(replay(placements_before(record))) for record in learned_records(out)]
    assert len(keys) == len(set(keys))
    assert "switched" in capsys.readouterr().out


def test_a_deeper_check_takes_again_only_the_positions_checked_shallower(tmp_path: Path) -> None:
    lines = {"level": "a1 g7 a4", "won": "a1 g7 a4 b2", "deep": "a1 g7", "new": "a1"}
    keys = {name: book_key(replay([parse_morris_move(w) for w in line.split()]))
            for name, line in lines.items()}  # fmt: skip
    out = tmp_path / "deep.jsonl"
    records = [
        {"line": lines["level"], "deep_score": 12, "depth": 18, "move": "a7", "book": "a7"},
        {"line": lines["won"], "deep_score": 350, "depth": 18, "move": "a7", "book": "a7"},
        {"line": lines["deep"], "deep_score": 0, "depth": 20, "move": "d2", "book": "d2"},
    ]
    out.write_text("".join(json.dumps(record) + "\n" for record in records))
    counts = Counter({keys["new"]: 4, keys["level"]: 3, keys["won"]: 2, keys["deep"]: 1})
    assert to_check(counts, out, 18, 0) == [keys["new"]]
    assert to_check(counts, out, 20, 0) == [keys["new"], keys["level"], keys["won"]]
    assert to_check(counts, out, 20, 50) == [keys["level"]]


def test_the_tool_checks_the_positions_of_lost_games(tmp_path: Path) -> None:
    losses = write_losses(tmp_path / "losses.jsonl", (0, QUIET))
    book, out = tmp_path / "opening.book", tmp_path / "deep.jsonl"
    book.write_bytes(encode(book_of(QUIET, range(12)), {}))
    options = ["--book", str(book), "--losses", str(losses), "--from-ply", "8", "--depth", "4"]
    assert main([*options, "--out", str(out)]) == 0
    # White, the loser, stood before plies 8 and 10: both checked, nothing sampled.
    checked_lines = sorted(record["line"] for record in learned_records(out))
    assert checked_lines == [" ".join(map(str, QUIET[:8])), " ".join(map(str, QUIET[:10]))]


DAMAGED = [None, "not json\n", '{"moves": ["a1"]}\n', '{"collapsed": [0], "moves": ["z9"]}\n']  # None: absent


@pytest.mark.parametrize("text", DAMAGED)
def test_a_missing_or_damaged_losses_file_ends_the_run_with_the_reason(
    tmp_path: Path, text: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    losses, out = tmp_path / "losses.jsonl", tmp_path / "deep.jsonl"
    if text is not None:
        losses.write_text(text)
    with pytest.raises(SystemExit) as ended:
        main(["--losses", str(losses), "--out", str(out)])
    assert ended.value.code == 2 and "not a losses file" in capsys.readouterr().err
    assert not out.exists()
