"""The network seat after a restart or a long absence (issue 17, items 11 and 12): the
autosave keeps the remote seat and a record to reconnect, Continue finds them, and a
player whose opponent is gone chooses between waiting, the computer and finishing later."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.registry import new_state
from game import paths
from game.autosave import load_session, read_network_autosave, write_autosave
from game.net.events import Ended, Lost, NetEvent, Resumed
from game.net.remote_turns import (
    COMPUTER,
    GONE,
    LOST,
    PLAYING,
    SAVE_LATER,
    WAIT,
    RemoteTurns,
    with_computer_seat,
)
from game.net.resume import NetResume, read_resume, write_resume
from game.session import AI, HUMAN, REMOTE, GameSession, GameSetup, Seat


class FakeBridge:
    """The bridge's surface RemoteTurns uses, recording what it is told."""

    def __init__(self) -> None:
        self.events: list[NetEvent] = []
        self.closed: list[bool] = []
        self.played: list[str] = []

    def poll(self) -> list[NetEvent]:
        events, self.events = self.events, []
        return events

    def play(self, move: str) -> None:
        self.played.append(move)

    def close(self, *, bye: bool = True) -> None:
        self.closed.append(bye)

    def offer_rematch(self) -> None:
        self.played.append("rematch?")

    def answer_rematch(self, accept: bool) -> None:
        self.played.append(f"rematch {accept}")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


RECORD = NetResume("guest", "teeko", 1, "127.0.0.1", 47470, "ABC234", "0123456789abcdef")


def seat_with(tmp_path: Path, **kwargs: Any) -> tuple[RemoteTurns, FakeBridge, Clock, Path]:
    bridge, clock = FakeBridge(), Clock()
    record_path = tmp_path / "autosave.network.json"
    write_resume(record_path, RECORD)
    turns = RemoteTurns(
        bridge, 0, host=False, record_path=record_path, patience=30.0, clock=clock, **kwargs  # type: ignore[arg-type]
    )
    return turns, bridge, clock, record_path


def test_choices_come_only_after_the_opponent_is_gone_a_while(tmp_path: Path) -> None:
    turns, bridge, clock, record_path = seat_with(tmp_path)
    state = new_state("teeko")
    assert turns.state == PLAYING and turns.choices() == ()
    bridge.events.append(Lost("cut"))
    turns.update(state, False)
    assert turns.state == LOST and turns.choices() == ()
    clock.now += 29
    assert turns.choices() == ()
    clock.now += 2
    assert turns.state == GONE and turns.choices() == (WAIT, COMPUTER, SAVE_LATER)
    assert "W" in turns.alert("en") and "computer" in turns.alert("en")
    assert turns.choose(WAIT) == WAIT and turns.state == LOST  # asked again later
    clock.now += 31
    assert turns.state == GONE
    bridge.events.append(Resumed())  # the opponent came back: no more choices
    turns.update(state, False)
    assert turns.state == PLAYING and turns.choices() == () and turns.choose(COMPUTER) == ""
    assert bridge.closed == [] and read_resume(record_path) == RECORD


def test_saving_to_finish_later_keeps_the_record_and_says_no_bye(tmp_path: Path) -> None:
    turns, bridge, clock, record_path = seat_with(tmp_path, waiting=True)
    assert turns.state == LOST  # a resumed game waits for its opponent from the start
    clock.now += 31
    assert turns.choose(SAVE_LATER) == SAVE_LATER
    assert bridge.closed == [False] and read_resume(record_path) == RECORD


def test_the_computer_taking_over_ends_the_link_for_good(tmp_path: Path) -> None:
    turns, bridge, clock, record_path = seat_with(tmp_path, waiting=True)
    clock.now += 31
    assert turns.choose(COMPUTER) == COMPUTER
    assert bridge.closed == [True] and read_resume(record_path) is None
    setup = GameSetup("teeko", {}, (Seat(REMOTE, None, "them"), Seat(HUMAN)))
    assert with_computer_seat(setup, 0).seats == (Seat(AI, "medium"), Seat(HUMAN))


@pytest.mark.parametrize("reason", ["over", "left", "refused"])
def test_a_final_end_forgets_the_record(tmp_path: Path, reason: str) -> None:
    turns, bridge, _, record_path = seat_with(tmp_path)
    bridge.events.append(Ended(reason))
    turns.poll()
    assert read_resume(record_path) is None


def test_quitting_the_app_mid_game_is_a_pause(tmp_path: Path) -> None:
    turns, bridge, _, record_path = seat_with(tmp_path)
    turns.update(new_state("teeko"), False)
    turns.close()
    assert bridge.closed == [False] and read_resume(record_path) == RECORD


# ----- the autosave keeps the remote seat ------------------------------------------------------
@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    return tmp_path


def network_session() -> GameSession:
    session = GameSession(GameSetup("teeko", {}, (Seat(REMOTE, None, "Opponent"), Seat(HUMAN, None, "You"))))
    session.state.play(str(session.state.legal_moves()[0]))
    return session


def test_continue_finds_the_network_game_with_its_remote_seat(home: Path) -> None:
    assert write_autosave(network_session()) is None
    assert write_resume(paths.net_resume_path(), RECORD) is None
    found = read_network_autosave()
    assert found is not None
    session, record = found
    assert record == RECORD and session.seats[0].is_remote and not session.seats[1].is_remote
    assert len(session.state.history) == 1
    # Loading the same file by hand (no reconnection) gives a local game, as before.
    loaded, _ = load_session(paths.autosave_path())
    assert loaded is not None and not any(seat.is_remote for seat in loaded.seats)


def test_a_record_that_does_not_match_the_autosave_is_ignored(home: Path) -> None:
    assert write_resume(paths.net_resume_path(), RECORD) is None
    assert read_network_autosave() is None  # no autosave at all
    local = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(AI, "easy"))))
    local.state.play(str(local.state.legal_moves()[0]))
    assert write_autosave(local) is None  # a local game replaced the network one
    assert read_network_autosave() is None
    assert write_autosave(network_session()) is None
    other = NetResume("guest", "teeko", 0, "127.0.0.1", 47470, "ABC234", "0123456789abcdef")
    assert write_resume(paths.net_resume_path(), other) is None  # seats swapped: not this game
    assert read_network_autosave() is None


def test_a_guest_that_gave_up_reconnecting_may_still_choose(tmp_path: Path) -> None:
    turns, bridge, _, record_path = seat_with(tmp_path, waiting=True)
    bridge.events.append(Ended("gave_up"))
    turns.poll()
    assert turns.state == GONE and turns.choices() == (COMPUTER, SAVE_LATER)
    assert "S:" in turns.alert("en") and "W:" not in turns.alert("en")
    assert turns.choose(WAIT) == "" and turns.choose(SAVE_LATER) == SAVE_LATER
    assert read_resume(record_path) == RECORD  # Continue can try again later


def test_a_rematch_the_other_side_can_no_longer_hear_ends_clearly() -> None:
    from game.net.bridge import NO_REMATCH
    from game.net.events import Notice
    from game.net.rematch import ASKED, PostGame
    from game.net.rematch import GONE as NO_LINK

    bridge = FakeBridge()
    post = PostGame(bridge, host=True)  # type: ignore[arg-type]
    post.offer()
    assert post.state == ASKED and bridge.played == ["rematch?"]
    bridge.events.append(Notice(NO_REMATCH + "a rematch needs the other player here"))
    post.poll()
    assert post.state == NO_LINK and "no rematch" in post.text("en")
    post.close()
    assert bridge.closed == [True]
