"""The moving book's coverage of logged games (tools/morris_moving_cover.py), with
scripted books: which first moving turn counts, and whose."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import first_legal_line, nine_moving_game

from engine.games.morris.opening import DATA_PATH, BookEntry, book, entry_for, lookup
from engine.games.morris.rules import MorrisMove
from tools.morris_blame import hard_colours
from tools.morris_book_lines import PLACEMENT_PLIES, replay
from tools.morris_moving_cover import (
    append_missed,
    cover,
    first_moving_turn,
    first_turns,
    follow_book,
    main,
    met_position,
    switched_replies,
)


def booked(moves: list[MorrisMove], colour: int, plies: range) -> dict[int, BookEntry]:
    """A book holding the move played at each of `colour`'s turns among `plies`."""
    entries = {}
    for ply in plies:
        state = replay(moves[:ply])
        if state.to_move == colour:
            key, entry = entry_for(state, moves[ply], 0, 1)
            entries[key] = entry
    return entries


def record(moves: list[MorrisMove], a_spec: str, b_spec: str, game: int) -> dict[str, object]:
    source = f"tools/morris_match.py {a_spec} {b_spec} --seed 1, game {game}"
    return {"from": source, "collapsed": [0], "moves": [str(move) for move in moves]}


def test_hard_colours_follow_the_game_number() -> None:
    moves = nine_moving_game(2)
    assert hard_colours(record(moves, "hard:1.0", "ref:50", 1)) == [0]
    assert hard_colours(record(moves, "hard:1.0", "ref:50", 2)) == [1]
    assert hard_colours(record(moves, "hard:1.0", "hard:3.0", 2)) == [0, 1]
    assert hard_colours({"from": "learned by play", "collapsed": [0]}) == []


def test_the_first_moving_turn_counts_only_after_the_whole_placement_book() -> None:
    moves = nine_moving_game(2)
    game = record(moves, "hard:1.0", "ref:50", 2)  # hard is Black
    placement = booked(moves, 1, range(PLACEMENT_PLIES))
    state = first_moving_turn(game, 1, placement)
    assert state is not None and state.ply == PLACEMENT_PLIES + 1 and state.to_move == 1
    # One placement the book plays differently, or does not hold: not the book's game.
    partial = booked(moves, 1, range(PLACEMENT_PLIES - 2))
    assert first_moving_turn(game, 1, partial) is None
    other = dict(placement)
    key, _ = entry_for(replay(moves[:3]), moves[3], 0, 1)
    wrong = next(move for move in replay(moves[:3]).legal_moves() if move != moves[3])
    other[key] = entry_for(replay(moves[:3]), wrong, 0, 1)[1]
    assert first_moving_turn(game, 1, other) is None


def test_cover_counts_games_and_distinct_positions_per_colour(tmp_path: Path) -> None:
    moves = nine_moving_game(2)
    placement = {**booked(moves, 0, range(PLACEMENT_PLIES)), **booked(moves, 1, range(PLACEMENT_PLIES))}
    games = [record(moves, "hard:1.0", "ref:50", 1), record(moves, "hard:1.0", "ref:50", 1)]
    games.append(record(moves, "ref:50", "hard:1.0", 1))  # hard Black
    losses = tmp_path / "loss.jsonl"
    losses.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    moving = booked(moves, 0, range(PLACEMENT_PLIES, PLACEMENT_PLIES + 1))  # White's first step only
    found = cover(first_turns([losses], placement), moving)
    assert found == {0: (2, 2, 2, 1, 1), 1: (1, 1, 0, 1, 0)}


def test_missed_positions_are_appended_once_with_their_game(tmp_path: Path) -> None:
    moves = nine_moving_game(2)
    placement = {**booked(moves, 0, range(PLACEMENT_PLIES)), **booked(moves, 1, range(PLACEMENT_PLIES))}
    games = [record(moves, "hard:1.0", "ref:50", 1), record(moves, "ref:50", "hard:1.0", 1)]
    losses = tmp_path / "loss.jsonl"
    losses.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    moving = booked(moves, 0, range(PLACEMENT_PLIES, PLACEMENT_PLIES + 1))  # White's first step only
    met = tmp_path / "met.jsonl"
    assert append_missed(met, first_turns([losses], placement), moving) == 1  # Black's first moving turn
    (line,) = [json.loads(text) for text in met.read_text(encoding="utf-8").splitlines()]
    assert line == {"moves": [str(move) for move in moves[: PLACEMENT_PLIES + 1]], "from": games[1]["from"]}
    assert met_position(line).key() == replay(moves[: PLACEMENT_PLIES + 1]).key()
    assert append_missed(met, first_turns([losses, losses], placement), moving) == 0  # already in the file
    assert append_missed(met, first_turns([losses], placement), {}) == 1  # White's, once the book lacks it
    assert len(met.read_text(encoding="utf-8").splitlines()) == 2


def test_a_bad_met_file_line_is_named_and_the_file_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = nine_moving_game(2)
    losses = tmp_path / "loss.jsonl"
    losses.write_text(json.dumps(record(moves, "ref:50", "hard:1.0", 1)) + "\n", encoding="utf-8")
    met = tmp_path / "met.jsonl"
    before = json.dumps({"moves": [str(move) for move in moves[: PLACEMENT_PLIES + 1]]}) + "\n"
    before += '{"moves": ["d6", "d6"]}\n'  # a hand edit gone wrong: an occupied point
    met.write_text(before, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main([str(losses), "--missed", str(met)])
    assert exit_info.value.code == 2
    assert re.search(r"met\.jsonl:2: move 2 \(d6\)", capsys.readouterr().err)
    assert met.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(
    ("bad_line", "reason"),
    [
        ("{not json", r"Expecting property name"),
        ('["d6"]', r'not an object with a "moves" list'),
        ('{"from": "x"}', r'not an object with a "moves" list'),
        (None, r"is not empty"),  # the opponent placing on hard's point
    ],
)
def test_a_bad_match_log_line_is_named_and_the_met_file_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad_line: str | None, reason: str
) -> None:
    moves = nine_moving_game(2)
    good = record(moves, "ref:50", "hard:1.0", 1)
    if bad_line is None:  # hard is White and opens with the book's move; ref replies on it
        found = lookup(book(), replay([]))
        assert found is not None
        bad_line = json.dumps(record([found[0], found[0]], "hard:1.0", "ref:50", 1))
    losses = tmp_path / "loss.jsonl"
    losses.write_text(json.dumps(good) + "\n" + bad_line + "\n", encoding="utf-8")
    met = tmp_path / "met.jsonl"
    met.write_text("", encoding="utf-8")
    for argv in ([str(losses)], [str(losses), "--missed", str(met)]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
        error = capsys.readouterr().err
        assert "loss.jsonl:2: " in error and re.search(reason, error)
    assert met.read_text(encoding="utf-8") == ""


def test_a_missing_match_log_is_an_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([str(tmp_path / "absent.jsonl")])
    assert exit_info.value.code == 2
    assert "absent.jsonl" in capsys.readouterr().err


def test_missed_and_cover_replay_the_logs_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = nine_moving_game(2)
    games = [record(moves, "hard:1.0", "ref:50", 1), record(moves, "ref:50", "hard:1.0", 1)]
    losses = tmp_path / "loss.jsonl"
    losses.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    replayed: list[int] = []

    def counted(game: dict[str, object], colour: int, placement: dict[int, BookEntry]) -> object:
        replayed.append(colour)
        return follow_book(game, colour, placement)  # the name imported before the patch

    monkeypatch.setattr("tools.morris_moving_cover.follow_book", counted)
    assert main([str(losses), "--missed", str(tmp_path / "met.jsonl"), "--switched"]) == 0
    assert sorted(replayed) == [0, 1]  # one replay per game and hard colour, not one per use
    assert "hard White: 1 games" in capsys.readouterr().out


@pytest.mark.parametrize("content", [None, b"not a book"], ids=["missing", "damaged"])
def test_a_missing_or_damaged_book_is_an_error_not_an_empty_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None
) -> None:
    losses = tmp_path / "loss.jsonl"
    game = record(nine_moving_game(2), "hard:1.0", "ref:50", 1)
    losses.write_text(json.dumps(game) + "\n", encoding="utf-8")
    bad_book = tmp_path / "moving.book"
    if content is not None:
        bad_book.write_bytes(content)
    met = tmp_path / "met.jsonl"
    with pytest.raises(SystemExit) as exit_info:  # an empty book would count every position missed
        main([str(losses), "--book", str(bad_book), "--missed", str(met)])
    assert exit_info.value.code == 2
    assert str(bad_book) in capsys.readouterr().err
    assert not met.exists()


def switched_book(moves: list[MorrisMove], colour: int, ply: int) -> tuple[dict[int, BookEntry], MorrisMove]:
    """A placement book playing `colour`'s moves of `moves`, but another at `ply`."""
    placement = booked(moves, colour, range(PLACEMENT_PLIES))
    state = replay(moves[:ply])
    other = next(move for move in state.legal_moves() if move != moves[ply])
    key, entry = entry_for(state, other, 0, 1)
    placement[key] = entry
    return placement, other


def hard_game(moves: list[MorrisMove], colour: int) -> dict[str, object]:
    return record(moves, *(("hard:1.0", "ref:50") if colour == 0 else ("ref:50", "hard:1.0")), 1)


@pytest.mark.parametrize("colour", [0, 1], ids=["White", "Black"])
def test_a_switched_last_placement_opens_one_met_position_per_reply(colour: int) -> None:
    moves = nine_moving_game(2)
    last = PLACEMENT_PLIES - 2 + colour  # hard's last placement: ply 16 as White, 17 as Black
    placement, switched = switched_book(moves, colour, last)
    game = hard_game(moves, colour)
    assert first_moving_turn(game, colour, placement) is None  # the game left the book there
    met = switched_replies(game, colour, placement)
    replies = replay([*moves[:last], switched]).legal_moves()
    assert len(replies) > 1 and len(met) == len(replies)
    for (state, source), reply in zip(met, replies, strict=True):
        assert state.history == [*moves[:last], switched, reply]
        assert state.to_move == colour and state.in_hand(colour) == 0
        assert source == f"{game['from']}: the placement book's {switched} at ply {last}, then {reply}"
    # A book that agrees with the game: nothing here, nor for the side whose book is empty.
    assert switched_replies(game, colour, booked(moves, colour, range(PLACEMENT_PLIES))) == []
    assert switched_replies(game, 1 - colour, placement) == []


@pytest.mark.parametrize("colour", [0, 1], ids=["White", "Black"])
def test_a_switch_one_placement_earlier_opens_what_the_book_plays_beneath_it(colour: int) -> None:
    moves = nine_moving_game(2)
    switch_ply = PLACEMENT_PLIES - 4 + colour  # hard's second-to-last placement: ply 14 or 15
    placement, switched = switched_book(moves, colour, switch_ply)
    game = hard_game(moves, colour)
    assert switched_replies(game, colour, placement) == []  # the book has nothing beneath it
    opened = replay([*moves[:switch_ply], switched])
    booked_reply, unbooked_reply = opened.legal_moves()[:2]
    before_last = replay([*opened.history, booked_reply])
    last = before_last.legal_moves()[0]
    key, entry = entry_for(before_last, last, 0, 1)
    placement[key] = entry
    met = switched_replies(game, colour, placement)
    replies = replay([*before_last.history, last]).legal_moves()
    assert len(replies) > 1 and len(met) == len(replies)  # the unbooked reply opens none
    for (state, source), reply in zip(met, replies, strict=True):
        assert state.history == [*moves[:switch_ply], switched, booked_reply, last, reply]
        assert state.to_move == colour and state.in_hand(colour) == 0
        assert source == (
            f"{game['from']}: the placement book's {switched} at ply {switch_ply}, "
            f"then {booked_reply} {last}, then {reply}"
        )
    assert unbooked_reply not in {state.history[switch_ply + 1] for state, _ in met}
    # One placement earlier still, beneath lie thousands: left to the book's samples,
    # though the book has a line down to the first moving turn.
    earlier, other = switched_book(moves, colour, switch_ply - 2)
    earlier.update(
        booked(
            first_legal_line([*moves[: switch_ply - 2], other]),
            colour,
            range(switch_ply - 1, PLACEMENT_PLIES),
        )
    )
    assert switched_replies(game, colour, earlier) == []


def test_switched_positions_are_appended_once_and_need_the_met_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = nine_moving_game(2)
    placement, switched = switched_book(moves, 0, PLACEMENT_PLIES - 2)
    losses = tmp_path / "loss.jsonl"
    losses.write_text(json.dumps(hard_game(moves, 0)) + "\n", encoding="utf-8")
    books = {DATA_PATH: placement}
    monkeypatch.setattr("tools.morris_moving_cover.read_book", lambda path: books.get(path, {}))
    met = tmp_path / "met.jsonl"
    replies = replay([*moves[: PLACEMENT_PLIES - 2], switched]).legal_moves()
    assert main([str(losses), "--missed", str(met)]) == 0
    assert not met.read_text(encoding="utf-8")  # without --switched, nothing: the game left the book
    for added in (len(replies), 0):  # the second run finds them in the file
        assert main([str(losses), "--missed", str(met), "--switched"]) == 0
        assert f"{added} positions beneath a switched late placement" in capsys.readouterr().out
    assert len(met.read_text(encoding="utf-8").splitlines()) == len(replies)
    with pytest.raises(SystemExit) as exit_info:
        main([str(losses), "--switched"])
    assert exit_info.value.code == 2
    assert "--missed" in capsys.readouterr().err
