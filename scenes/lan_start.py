"""The moment a LAN game starts: both players are here, the board takes the connection."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core import EngineError
from engine.registry import state_from_dict
from game.i18n import tr
from game.net.bridge import NetBridge
from game.net.events import NetEvent, Started
from game.net.remote_turns import RemoteTurns
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
    remote = RemoteTurns(bridge, remote_seat, host=setup is not None, backlog=later)
    app.replace("board", session, notice=tr("net.connected", lang), remote=remote)
    return ""
