"""Position texts: each game's format, bad texts refused clearly, set-up starts kept by saves."""

from __future__ import annotations

import io

import pytest

from engine.cli import main as cli_main
from engine.core import FIRST, SECOND, SECOND_MAN, PositionError, Termination
from engine.games.dames.rules import START_TEXT as DAMES_START
from engine.games.dames.rules import DamesState
from engine.games.othello.rules import START_TEXT as OTHELLO_START
from engine.registry import GAMES, get_spec, new_state, state_from_dict
from engine.saves import SaveError, dumps, loads

STARTS = {
    "nine": ".../.../.../....../.../.../... w 9 9 0",
    "twelve": ".../.../.../....../.../.../... w 12 12 0",
    "teeko": "...../...../...../...../..... b",
    "othello": OTHELLO_START,
    "dames": DAMES_START,
}


@pytest.mark.parametrize("game", list(STARTS))
def test_the_standard_start_in_each_format(game: str) -> None:
    state = new_state(game)
    assert state.position() == STARTS[game]
    again = get_spec(game).from_position(STARTS[game])
    assert again.key() == state.key() and again.start_position is None
    assert "start" not in again.to_dict()


BAD = {
    "nine": [
        ".../.../.../....../.../.../... w 9 9",  # a field missing
        ".../.../.../...../.../.../... w 9 9 0",  # a row too short
        ".../.../.../....../.../.../... x 9 9 0",
        ".../.../.../....../.../.../... w 10 9 0",
        "www/.../.../....../.../.../... w 9 9 0",  # 3 + 9 > 9 pieces
        ".../.../.../....../.../.../... w 9 9 5",  # quiet plies during placement
        ".../.../.../....../.../.../... w 0 0 101",
        ".../.../.../....../.../.../... w 9 ٩ 0",  # a non-ASCII digit
    ],
    "teeko": [
        "bbbbb/...../...../...../..... w",  # five pieces
        "b..../...../...../...../..... b",  # Black placed more: White is to move
        "bbbb./www../...../...../..... b",  # Black has four in a row and is to move
        "...../...../...../...../......",
        "", "   ", "b" * 3000,
    ],
    "othello": ["......../......../ b", OTHELLO_START.replace("b", "B", 1), OTHELLO_START[:-1] + "white"],
    "dames": [DAMES_START.replace("/", "", 1), DAMES_START.replace("b", "q", 1), DAMES_START + " 3"],
}  # fmt: skip


@pytest.mark.parametrize(("game", "text"), [(g, t) for g, texts in BAD.items() for t in texts])
def test_a_bad_position_text_is_refused_with_a_clear_message(game: str, text: str) -> None:
    state = new_state(game)
    state.play(state.legal_moves()[0])
    before = (state.position(), state.key(), list(state.history))
    with pytest.raises(PositionError) as caught:
        state.load_position(text)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 200
    assert (state.position(), state.key(), list(state.history)) == before  # unchanged


def test_a_set_up_teeko_win_is_over_at_once() -> None:
    state = get_spec("teeko").from_position("bbbb./www../...../...../..... w")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == FIRST and outcome.reason is Termination.ALIGNMENT
    assert state.legal_moves() == [] and len(state.formed_lines()) == 4


def test_set_position_goes_through_the_format() -> None:
    state = new_state("dames")
    assert isinstance(state, DamesState)
    state.set_position({23: SECOND_MAN}, SECOND)
    assert state.position() == "...../...../...../...../..b../...../...../...../...../..... b"
    with pytest.raises(PositionError):
        state.set_position({51: SECOND_MAN}, SECOND)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_set_up_start_survives_to_dict_copy_and_saves(game: str) -> None:
    source = new_state(game)
    source.play(source.legal_moves()[0])
    state = get_spec(game).from_position(source.position())
    assert state.start_position == source.position() and state.history == []
    state.play(state.legal_moves()[-1])
    data = state.to_dict()
    assert data["start"] == source.position()
    for again in (state_from_dict(data), state.copy(), loads(dumps(state)).state):
        assert again.position() == state.position() and again.start_position == state.start_position
        assert [str(m) for m in again.history] == [str(m) for m in state.history]
        again.pop()
        assert again.position() == source.position()


def test_a_save_with_a_bad_start_is_refused_and_old_saves_still_load() -> None:
    state = new_state("teeko")
    state.play("c3")
    text = dumps(state)
    assert '"start"' not in text and loads(text).state.position() == state.position()
    broken = text.replace('"options": {},', '"options": {}, "start": "nonsense",')
    with pytest.raises(SaveError, match="bad start position"):
        loads(broken)
    with pytest.raises(SaveError, match="start must be a position text"):
        loads(text.replace('"options": {},', '"options": {}, "start": 3,'))


def test_the_perft_and_moves_commands_start_from_a_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "w.b/.../.../.w..b./.../.../... w 7 7 0"
    assert cli_main(["perft", "nine", "2", "--position", text]) == 0
    assert capsys.readouterr().out.split() == [str(20 * 19)]  # 20 empty points, then 19
    assert cli_main(["perft", "nine", "1", "--position", "w.b w 7 7 0"]) == 2
    assert "7 rows" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("\nc3\n"))
    assert cli_main(["moves", "othello", "--position", OTHELLO_START]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["d3 c4 f5 e6", "error: move 1 (c3): a disc on c3 would turn nothing over"]
