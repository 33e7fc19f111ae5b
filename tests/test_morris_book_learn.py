"""tools/morris_book_learn.py scores a book position's best moves by play and records
the one that lost least, tools/build_morris_book.py --learned puts it over the deep
search's move, and tools/morris_book_survey.py finds the positions to learn. Skipped
where no C compiler is on PATH (millref plays the games)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from engine.games.morris.endgame import symmetries
from engine.games.morris.opening import lookup
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move
from tools.morris_book_lines import learned_entries, replay
from tools.morris_match import MAX_PLIES, Result

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools import morris_book_learn
from tools.build_morris_book import CHECKSUM_FILE, Builder
from tools.morris_book_learn import Referees, Settings, main, play_out
from tools.morris_book_survey import main as survey
from tools.morris_book_survey import tally

# Black to move at ply 15 of the line hard lost most (losses-file line 64).
LINE = "f4 d2 d6 b6 b4 f2 b2 e4 c5 c4 d5 d7 e5xd7 d7 d1"
PLAYED = [parse_morris_move(word) for word in LINE.split()]
FAST = Settings(their_placement=(2, 3), own_moving=(1, 2), their_movetime=1)


def test_the_candidates_are_distinct_legal_moves_best_first() -> None:
    state = replay(PLAYED)
    refs = Referees(deep_depth=4)
    try:
        ranked = refs.candidates(state, 3)
    finally:
        refs.close()
    moves = [move for move, _ in ranked]
    assert len(set(moves)) == 3
    assert all(move in state.legal_moves() for move in moves)


def test_a_game_plays_the_book_side_s_placements_by_the_deep_search_off_the_book() -> None:
    refs = Referees(deep_depth=3)
    asked: list[int] = []
    deep = refs.deep

    def recording(state: MorrisState) -> MorrisMove:
        asked.append(state.ply)
        return deep(state)

    refs.deep = recording  # type: ignore[method-assign]
    state = replay(PLAYED)
    try:
        winner = play_out(state, 1, {}, refs, FAST, random.Random(3))
    finally:
        refs.close()
    assert asked == [15, 17], "Black's two placements left, each from the deep search"
    assert winner in (0, 1, None)
    assert state.outcome() is not None or state.ply == MAX_PLIES


def test_the_move_that_lost_least_is_recorded_with_the_evidence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[str] = []

    def scored(line: list[MorrisMove], move: MorrisMove, *_: object) -> Result:
        seen.append(str(move))
        return Result(wins=0, draws=4, losses=0) if len(seen) == 2 else Result(wins=3, draws=0, losses=1)

    monkeypatch.setattr(morris_book_learn, "score_move", scored)
    record = tmp_path / "learned.jsonl"
    main([LINE, "--candidates", "3", "--deep-depth", "4", "--games", "4", "--record", str(record)])
    written = json.loads(record.read_text())
    assert written["move"] == seen[1], "no losses beats three wins and a loss"
    assert [entry["move"] for entry in written["evidence"]] == seen
    assert written["line"] == LINE and written["games"] == 4
    assert f"learned {seen[1]}" in capsys.readouterr().out


def test_the_proposals_learned_are_the_switches_not_learned_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    learned_lines: list[str] = []

    def learning(state: MorrisState, args: object) -> None:
        learned_lines.append(" ".join(map(str, state.history)))

    monkeypatch.setattr(morris_book_learn, "learn", learning)
    monkeypatch.setattr(morris_book_learn, "book", dict)  # no shipped book: the learned moves only
    before, other = "d6 f4 b4", "d6 f4"
    proposals, learned = tmp_path / "steered.jsonl", tmp_path / "learned.jsonl"
    records = [
        {"line": LINE, "move": "g1", "book": "a4"},
        {"line": other, "move": "b4", "book": "b4"},  # the book's move kept: nothing to learn
        {"line": before, "move": "f2", "book": "b2"},  # its position learned already
        {"line": f"{before} f2 d2", "move": "a1", "book": "g7"},  # under f2, where b2 is learned
    ]
    proposals.write_text("".join(json.dumps(record) + "\n" for record in records))
    learned.write_text(json.dumps({"line": before, "move": "b2", "score": 0, "depth": 14}) + "\n")
    assert main(["--proposals", str(proposals), "--learned", str(learned)]) == 0
    assert learned_lines == [LINE]
    assert f"{before}: learned, or under a learned move" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([LINE, "--proposals", str(proposals)])  # a line or the proposals, not both
    with pytest.raises(SystemExit):
        main([])


def test_every_symmetric_image_of_a_position_gets_the_image_of_its_deep_move() -> None:
    line = PLAYED[:9]  # placements only, no capture: an image is the points mapped
    refs = Referees(deep_depth=4)
    try:
        first = refs.deep(replay(line))
        for perm in symmetries():
            image = replay([MorrisMove(None, perm[move.dst], None) for move in line])
            assert refs.deep(image) == MorrisMove(None, perm[first.dst], first.take and perm[first.take])
    finally:
        refs.close()


@pytest.mark.parametrize(
    "option",
    [
        ["--their-movetime", "0"],
        ["--own-moving", "9,7"],
        ["--their-placement", "8"],
        ["--candidates", "x"],
        ["--candidates", "0"],
        ["--games", "0"],
    ],
)
def test_bad_options_are_refused(option: list[str]) -> None:
    with pytest.raises(SystemExit):
        main([LINE, *option])


@pytest.mark.parametrize("line", ["f4 d2 zz", "f4 f4", f"{LINE} a4 g7 g4"])
def test_an_unreadable_line_or_one_past_placement_is_refused(line: str) -> None:
    with pytest.raises(SystemExit):
        main([line])


def test_the_builder_puts_a_learned_move_over_its_own(tmp_path: Path) -> None:
    state = replay(PLAYED)
    learned = tmp_path / "learned.jsonl"
    learned.write_text(json.dumps({"line": LINE, "move": "g1", "score": -90, "depth": 14}) + "\n")
    builder = Builder(tmp_path / "progress.jsonl", None, learned_entries(learned))
    found = lookup(builder.entries, state)
    assert found is not None and str(found[0]) == "g1"
    assert builder.learned == 1
    assert lookup(Builder(tmp_path / "other.jsonl").entries, state) is None


def test_the_survey_counts_the_book_side_s_positions_by_lost_games() -> None:
    lost = [parse_morris_move(word) for word in ("f4", "d2", "d6", "b6")]
    mirrored = [parse_morris_move(word) for word in ("d6", "b4", "f4", "f2")]  # `lost` reflected
    held = [parse_morris_move(word) for word in ("f4", "d2", "b4", "d6")]
    rows = tally([(lost, True), (mirrored, True), (held, False), (lost, False)], side=1)
    # Black's positions: after f4 (or its image d6) 4 games, 2 lost; after f4 d2 d6 (or
    # its image) 3 games, 2 lost; f4 d2 b4 is met once.
    assert [(row.ply, row.games, row.losses) for row in rows] == [(1, 4, 2), (3, 3, 2)]
    assert rows[1].line == "f4 d2 d6"


def test_the_survey_plays_its_games_and_lists_the_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    survey([
        "--side", "0", "--games", "2", "--deep-depth", "2", "--their-placement", "1,2", "--own-moving", "1,1",
        "--their-movetime", "1", "--out", str(out), "--learned", str(tmp_path / "none.jsonl"),
    ])  # fmt: skip
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(games) == 2 and all(len(game["moves"]) >= 18 for game in games)
    assert "White (the book) +" in capsys.readouterr().out


def test_a_trial_book_leaves_the_shipped_book_s_checksum_alone(tmp_path: Path) -> None:
    recorded = CHECKSUM_FILE.read_text()
    builder = Builder(tmp_path / "progress.jsonl", None, learned_entries(tmp_path / "none.jsonl"))
    builder.write(tmp_path / "trial.book", {})
    assert (tmp_path / "trial.book").stat().st_size > 0
    assert CHECKSUM_FILE.read_text() == recorded
