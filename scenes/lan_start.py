"""The moment a LAN game starts: both players are here, the board takes the connection."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core import EngineError
from engine.registry import state_from_dict
from game import paths
from game.i18n import tr
from game.net.bridge import NetBridge
from game.net.events import NetEvent, Started
from game.net.remote_turns import RemoteTurns
from game.net.resume import NetResume, write_resume
from game.session import HUMAN, REMOTE, GameSession, GameSetup, Seat

if TYPE_CHECKING:
    from game.arcade.app import App


def start_lan_board(
    app: App,
    bridge: NetBridge,
    started: Started,
    later: Sequence[NetEvent] = (),
    setup: GameSetup | None = None,
) -> str:
    """Replace the top scene by the board of the started game; '' or why it cannot start.

    `later`: the events polled after the Started one (a first move may be among them)."""
    lang = app.lang
    game = {"game": started.game_id, "options": started.options, "moves": list(started.moves)}
    try:
        state = state_from_dict(game)  # the host's game, every move checked again
    except EngineError as error:
        return tr("net.broken", lang, detail=str(error))
    remote_seat = 1 - started.seat
    seats = [Seat(HUMAN, None, tr("net.seat_you", lang)), Seat(HUMAN)]
    seats[remote_seat] = Seat(REMOTE, None, tr("net.seat_remote", lang))
    base = setup if setup is not None and setup.game_id == started.game_id else GameSetup(started.game_id)
    chosen = replace(base, options=dict(state.options), seats=(seats[0], seats[1]))
    session = GameSession(chosen, state)
    record_path = paths.net_resume_path()
    if bridge.resume_record is not None:  # what a restart needs to come back to this game
        write_resume(record_path, bridge.resume_record)
    remote = RemoteTurns(bridge, remote_seat, host=setup is not None, backlog=later, record_path=record_path)
    app.replace("board", session, notice=tr("net.connected", lang), remote=remote)
    return ""


def continue_lan_board(app: App, session: GameSession, record: NetResume) -> None:
    """Continue an autosaved network game: listen again (host) or reconnect (guest)
    with the saved code and token, on a board that waits for the opponent."""
    bridge = NetBridge()
    bridge.resume(record, session.state)
    host = record.role == "host"
    where = paths.net_resume_path()
    remote = RemoteTurns(bridge, record.remote_seat, host=host, waiting=True, record_path=where)
    key = "net.lost_host" if host else "net.lost_guest"
    app.push("board", session, notice=tr(key, app.lang), remote=remote)
