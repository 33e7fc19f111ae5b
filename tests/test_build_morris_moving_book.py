"""The moving book's builder (tools/build_morris_moving_book.py): samples reach the book
side's first moving turns through the placement book, lost games add the loser's first
moving turns, met positions themselves (and as Black, the answers to White's first
steps), and the file holds exactly what the progress records. Skipped where no C
compiler is on PATH (millref searches)."""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from engine.games.morris.opening import MOVES, MOVING_PATH, BookError, decode
from engine.games.morris.packed import unpack
from engine.games.morris.rules import MorrisMove, MorrisState
from engine.registry import new_state

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools.build_morris_book import LOSSES_FILE, Builder
from tools.build_morris_moving_book import (
    DEFAULT_PASSES,
    LOSS_TURNS,
    MET_FILE,
    MOVING_TARGET,
    PROGRESS_FILE,
    Pass,
    loss_positions,
    main,
    parse_pass,
    sample,
)
from tools.mill_ref import MillRef
from tools.morris_book_lines import RefSearch
from tools.morris_suite import DEFAULT_SUITE


def _build(
    tmp_path: Path, losses: str = "", *extra: str, met: str = "", suite: str = ""
) -> tuple[list[dict[str, Any]], Path]:
    progress, out, lost = tmp_path / "progress.jsonl", tmp_path / "trial.book", tmp_path / "losses.jsonl"
    lost.write_text(losses)
    (tmp_path / "met.jsonl").write_text(met)
    (tmp_path / "suite.jsonl").write_text(suite)
    # The opponent at depths 8-9: shallower replies leave the placement book at once.
    argv = ["--depth", "3", "--losses", str(lost), "--met", str(tmp_path / "met.jsonl"),
            "--suite", str(tmp_path / "suite.jsonl"), "--progress", str(progress), "--out", str(out),
            *extra]  # fmt: skip
    assert main(argv) == 0
    return [json.loads(line) for line in progress.read_text().splitlines()], out


def _state(position: str) -> MorrisState:
    state = new_state("nine")
    assert isinstance(state, MorrisState)
    state.load_position(position)
    return state


@pytest.mark.parametrize("colour", [0, 1])
def test_samples_book_the_book_sides_first_moving_turn(tmp_path: Path, colour: int) -> None:
    records, out = _build(tmp_path, "", "--passes", "3:8,9:8,9", "--colours", str(colour))
    assert records, "no sample reached the moving phase"
    for record in records:
        state = _state(record["position"])
        assert state.to_move == colour and not state.in_hand(0) and not state.in_hand(1)
        assert state.quiet_plies <= colour  # the first moving turn: Black's follows White's step
    book = decode(out.read_bytes())
    assert out.read_bytes().startswith(MOVES.magic) and set(book) == {r["key"] for r in records}


def test_a_rerun_resumes_from_the_progress_without_searching_again(tmp_path: Path) -> None:
    first, _ = _build(tmp_path, "", "--passes", "2:8,9:8,9", "--colours", "0")
    again, _ = _build(tmp_path, "", "--passes", "2:8,9:8,9", "--colours", "0")
    assert again == first


GAME = [
    "f4", "d6", "d2", "b2", "f6", "f2", "b4", "e3", "a1",
    "d5", "d7", "c5", "e5", "c3", "d3", "d1", "c4", "a4",
    "d7-a7", "e3-e4", "a7-d7", "e4-e3", "d7-g7", "e3-e4", "g7-g4", "d6-d7", "f6-d6", "d7-g7",
]  # fmt: skip


@pytest.mark.parametrize("loser", [0, 1])
def test_a_lost_game_adds_the_losers_first_moving_turns(loser: int) -> None:
    found = loss_positions({"collapsed": [loser], "moves": GAME})
    assert [s.ply for s in found] == [18 + loser + 2 * turn for turn in range(LOSS_TURNS)]
    assert all(s.to_move == loser for s in found)


def test_the_loss_stage_books_only_the_losers_positions(tmp_path: Path) -> None:
    records, out = _build(
        tmp_path, json.dumps({"collapsed": [1], "moves": GAME}) + "\n", "--passes", "0:8,9:8,9"
    )
    assert [r["source"] for r in records] == ["loss 0"] * LOSS_TURNS
    assert {_state(r["position"]).to_move for r in records} == {1}
    assert len(decode(out.read_bytes())) == LOSS_TURNS


def _met(*plies: int) -> str:
    return "".join(json.dumps({"moves": GAME[:ply], "from": "a test"}) + "\n" for ply in plies)


def _suite(*plies: int) -> str:
    """Suite lines (tools/morris_suite.py) at GAME's `plies`, the move played there as
    the mistake."""
    lines = [{"moves": GAME[:ply], "played": GAME[ply], "played_after": -300, "best": GAME[ply],
              "best_after": 0, "line": 7} for ply in plies]  # fmt: skip
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_the_met_stage_books_each_position_and_as_black_every_answer_to_whites_step(tmp_path: Path) -> None:
    records, out = _build(tmp_path, "", "--passes", "0:8,9:8,9", met=_met(18, 19))
    white_steps = len(_state(records[0]["position"]).legal_moves())
    assert [r["source"] for r in records[:2]] == ["met 0", "met 1"]
    assert [_state(r["position"]).to_move for r in records[:2]] == [0, 1]
    # Black's answers to White's other first steps (the one played is met 1).
    replies = [r for r in records if r["source"] == "every reply 1"]
    assert 0 < len(replies) <= white_steps - 1
    assert all(_state(r["position"]).to_move == 1 for r in replies)
    assert len(decode(out.read_bytes())) == len(records)
    header, _ = unpack(out.read_bytes(), MOVES.magic, BookError, "moving book")
    assert header["built"]["met_positions"] == 2


@pytest.mark.parametrize("ply", [17, 28])  # a placement; a moving turn with history behind it
def test_a_met_line_that_is_not_a_bookable_moving_turn_is_refused_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ply: int
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        _build(tmp_path, "", "--passes", "0:8,9:8,9", met=_met(18, ply))
    assert exit_info.value.code == 2
    assert re.search(r"met\.jsonl:2: not a bookable moving position", capsys.readouterr().err)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "Expecting property name"),
        ('["d6"]', 'not an object with a "moves" list'),
        ('{"moves": ["d6", "d6"]}', r"move 2 \(d6\)"),  # an occupied point
        ('{"moves": ["d6", "zz"]}', r"move 2 \(zz\)"),  # not a move
    ],
)
@pytest.mark.parametrize("kind", ["met", "suite"])
def test_a_met_or_suite_line_that_does_not_replay_is_refused_by_line_before_any_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, message: str, kind: str
) -> None:
    good = _met(18) if kind == "met" else _suite(20)
    with pytest.raises(SystemExit) as exit_info:
        _build(tmp_path, "", "--passes", "0:8,9:8,9", **{kind: good + line + "\n"})
    assert exit_info.value.code == 2
    assert re.search(rf"{kind}\.jsonl:2: .*{message}", capsys.readouterr().err)
    progress = tmp_path / "progress.jsonl"
    assert not progress.exists()  # checked before anything was searched


def _at(ply: int) -> str:
    """The position after GAME's first `ply` moves."""
    state = new_state("nine")
    state.play_all(GAME[:ply])
    return state.position()


def test_the_suite_stage_books_each_bookable_moving_position_of_the_suite(tmp_path: Path) -> None:
    """Ply 20 is White's second moving turn; at ply 27 a repetition could lie in the
    history (nine quiet plies), so the book cannot hold it."""
    records, out = _build(tmp_path, "", "--passes", "0:8,9:8,9", suite=_suite(27, 20))
    assert [(r["source"], r["position"]) for r in records] == [("suite line 1", _at(20))]
    assert set(decode(out.read_bytes())) == {records[0]["key"]}
    header, _ = unpack(out.read_bytes(), MOVES.magic, BookError, "moving book")
    assert header["built"]["suite_lines"] == 2


def test_a_position_both_lost_and_in_the_suite_is_searched_once(tmp_path: Path) -> None:
    records, _ = _build(
        tmp_path, json.dumps({"collapsed": [0], "moves": GAME}) + "\n", "--passes", "0:8,9:8,9",
        suite=_suite(18, 21),
    )  # fmt: skip
    assert [(r["source"], r["position"]) for r in records] == [
        ("loss 0", _at(18)), ("loss 0", _at(20)), ("suite line 1", _at(21))
    ]  # fmt: skip


class CountingRef(MillRef):
    """millref counting the moves it is asked for."""

    def __init__(self, depth: int) -> None:
        super().__init__(0, depth)
        self.asked = 0

    def move(self, history: Sequence[MorrisMove], seed: int, avoid: Sequence[MorrisMove] = ()) -> MorrisMove:
        self.asked += 1
        return super().move(history, seed, avoid)


@pytest.mark.parametrize("colour", [0, 1])
def test_the_opponent_searches_at_the_passs_moving_depths_once_it_moves(tmp_path: Path, colour: int) -> None:
    """White's first step comes before Black's first moving turn, after White's."""
    placing, moving = {8: CountingRef(8), 9: CountingRef(9)}, CountingRef(3)
    refs: dict[int, MillRef] = {**placing, 3: moving}
    builder = Builder(tmp_path / "progress.jsonl", RefSearch(3, 1), target=MOVING_TARGET)
    try:
        rng = random.Random(4)
        for _ in range(3):
            sample(builder, refs, rng, colour, 1, Pass(1, (8, 9), (3, 3)))
    finally:
        for ref in refs.values():
            ref.close()
    assert sum(ref.asked for ref in placing.values()) > 0
    assert moving.asked == (3 if colour == 1 else 0)


@pytest.mark.parametrize("text", ["3:8,9", "x:8,9:8,9", "3:8:8,9", "-1:8,9:8,9", "3:0,9:8,9", "3:9,8:8,9"])
def test_a_malformed_pass_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        parse_pass(text)


def test_a_pass_reads_its_games_then_its_placing_and_moving_depths() -> None:
    assert parse_pass("40:8,12:10,14") == Pass(40, (8, 12), (10, 14))


def test_the_shipped_book_holds_the_progress_built_with_the_default_arguments() -> None:
    """The README's command (the defaults) rebuilds the shipped book from its progress:
    a game appended to the losses file, or a position to the suite or met file, calls for a rerun
    (stopped once all three are searched: the samples come after)."""
    header, _ = unpack(MOVING_PATH.read_bytes(), MOVES.magic, BookError, "moving book")
    built = header["built"]
    assert built["passes"] == json.loads(json.dumps(DEFAULT_PASSES))
    assert (built["depth"], built["moves"], built["seed"]) == (18, 1, 9000)
    assert built["loss_games"] == len(LOSSES_FILE.read_text().splitlines())
    assert built["met_positions"] == len(MET_FILE.read_text().splitlines())
    assert built["suite_lines"] == len(DEFAULT_SUITE.read_text().splitlines())
    assert decode(MOVING_PATH.read_bytes()) == Builder(PROGRESS_FILE, target=MOVING_TARGET).entries
