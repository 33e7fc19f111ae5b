"""The draw conversation of a network game in progress, held the same way by both ends.

The player to move sends `draw {ply}`; the other answers `draw_reply {accept, ply}`.
The host decides, so the two ends never disagree: a draw is agreed on the host when its
player accepts the guest's offer or the guest accepts the host's, and the host then
sends the guest an accepting `draw_reply` (its answer, or the confirmation of the
guest's). The guest takes the game as drawn only on that message, or on a welcome that
says `agreed` (the confirmation was lost with the connection). The side that offered
waits for the answer (its board takes no move), so no move crosses an offer; a move or
a dropped connection withdraws whatever is pending, and a reply to an offer no longer
pending is ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import EngineError, GameState
from game.net.events import DrawOffered, DrawSettled, NetEvent
from game.net.protocol import ProtocolError, field


@dataclass
class DrawState:
    """One end's side of the conversation (Host.draws, Guest.draws)."""

    agreed: bool = False  # the game ended in a draw both players agreed
    mine: int | None = None  # the ply of our offer, waiting for the answer
    theirs: int | None = None  # the ply of the other side's offer, waiting for ours
    accepted: int | None = None  # the guest accepted the host's offer: waiting for the confirmation
    their_last: int | None = None  # the ply of the other side's last offer: one per position


class DrawPeer(Protocol):
    draws: DrawState

    def report(self, event: NetEvent) -> None: ...


def finished(peer: DrawPeer, state: GameState) -> bool:
    """Over by the rules or by agreement."""
    return peer.draws.agreed or state.outcome() is not None


def withdraw_offers(peer: DrawPeer) -> None:
    """A move was played or the connection dropped: nothing pending holds any more."""
    draws = peer.draws
    draws.mine = draws.theirs = draws.accepted = None


def new_game_draws(peer: DrawPeer) -> None:
    """A new game (a rematch): no agreement, nothing pending, no offer made yet."""
    peer.draws = DrawState()


def local_offer(peer: DrawPeer, state: GameState, seat: int) -> dict[str, Any]:
    """Our player, to move, offers a draw: the message to send; EngineError if not now."""
    if finished(peer, state) or state.to_move != seat:
        raise EngineError("a draw is offered on your own turn in a game in progress")
    draws = peer.draws
    if draws.mine is not None or draws.theirs is not None:
        raise EngineError("an offer is already waiting for its answer")
    draws.mine = len(state.history)
    return {"type": "draw", "ply": draws.mine}


def local_answer(peer: DrawPeer, state: GameState, accept: bool, *, host: bool) -> dict[str, Any] | None:
    """Our player answers the other side's offer: the message to send (None when the
    offer is no longer pending). The host's acceptance agrees the draw at once."""
    draws = peer.draws
    ply = draws.theirs
    if ply is None or ply != len(state.history) or finished(peer, state):
        return None
    draws.theirs = None
    if accept and host:
        draws.agreed = True
        peer.report(DrawSettled(True))
    elif accept:
        draws.accepted = ply
    return {"type": "draw_reply", "accept": accept, "ply": ply}


def read_draw_message(
    peer: DrawPeer, state: GameState, message: dict[str, Any], their_seat: int, *, host: bool
) -> bool:
    """Act on the other side's `draw` or `draw_reply`; True when this end has just agreed
    the draw (the host then confirms it to the guest; the guest says the game is done).
    ProtocolError for an offer out of turn."""
    draws, ply = peer.draws, field(message, "ply", int)
    if message["type"] == "draw":
        if finished(peer, state) or state.to_move != their_seat or ply != len(state.history):
            raise ProtocolError("out_of_turn", f"a draw offer at ply {ply}")
        if draws.mine is not None or draws.theirs is not None or draws.their_last == ply:
            raise ProtocolError("unexpected", "a second draw offer in the same position")
        draws.theirs = draws.their_last = ply
        peer.report(DrawOffered())
        return False
    accept = bool(field(message, "accept", bool))
    if ply != len(state.history) or finished(peer, state):
        return False  # it crossed a dropped connection: nothing is pending any more
    ours = draws.mine == ply
    confirmed = not host and draws.accepted == ply  # the host confirms our acceptance
    if not (ours or confirmed):
        return False
    withdraw_offers(peer)
    draws.agreed = accept
    peer.report(DrawSettled(accept))
    return accept
