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

from typing import Any, Protocol

from engine.core import EngineError, GameState
from game.net.events import DrawOffered, DrawSettled, NetEvent
from game.net.protocol import ProtocolError, field


class DrawPeer(Protocol):
    agreed: bool  # the game ended in a draw both players agreed
    draw_mine: int | None  # the ply of our offer, waiting for the answer
    draw_theirs: int | None  # the ply of the other side's offer, waiting for ours
    draw_accepted: int | None  # the guest accepted the host's offer: waiting for the confirmation

    def report(self, event: NetEvent) -> None: ...


def finished(peer: DrawPeer, state: GameState) -> bool:
    """Over by the rules or by agreement."""
    return peer.agreed or state.outcome() is not None


def withdraw_offers(peer: DrawPeer) -> None:
    """A move was played or the connection dropped: nothing pending holds any more."""
    peer.draw_mine = peer.draw_theirs = peer.draw_accepted = None


def local_offer(peer: DrawPeer, state: GameState, seat: int) -> dict[str, Any]:
    """Our player, to move, offers a draw: the message to send; EngineError if not now."""
    if finished(peer, state) or state.to_move != seat:
        raise EngineError("a draw is offered on your own turn in a game in progress")
    if peer.draw_mine is not None or peer.draw_theirs is not None:
        raise EngineError("an offer is already waiting for its answer")
    peer.draw_mine = len(state.history)
    return {"type": "draw", "ply": peer.draw_mine}


def local_answer(peer: DrawPeer, state: GameState, accept: bool, *, host: bool) -> dict[str, Any] | None:
    """Our player answers the other side's offer: the message to send (None when the
    offer is no longer pending). The host's acceptance agrees the draw at once."""
    ply = peer.draw_theirs
    if ply is None or ply != len(state.history) or finished(peer, state):
        return None
    peer.draw_theirs = None
    if accept and host:
        peer.agreed = True
        peer.report(DrawSettled(True))
    elif accept:
        peer.draw_accepted = ply
    return {"type": "draw_reply", "accept": accept, "ply": ply}


def read_draw_message(
    peer: DrawPeer, state: GameState, message: dict[str, Any], their_seat: int, *, host: bool
) -> bool:
    """Act on the other side's `draw` or `draw_reply`; True when this end has just agreed
    the draw (the host then confirms it to the guest; the guest says the game is done).
    ProtocolError for an offer out of turn."""
    ply = field(message, "ply", int)
    if message["type"] == "draw":
        if finished(peer, state) or state.to_move != their_seat or ply != len(state.history):
            raise ProtocolError("out_of_turn", f"a draw offer at ply {ply}")
        if peer.draw_mine is not None or peer.draw_theirs is not None:
            raise ProtocolError("unexpected", "a draw offer while another is pending")
        peer.draw_theirs = ply
        peer.report(DrawOffered())
        return False
    accept = bool(field(message, "accept", bool))
    if ply != len(state.history) or finished(peer, state):
        return False  # it crossed a dropped connection: nothing is pending any more
    ours = peer.draw_mine == ply
    confirmed = not host and peer.draw_accepted == ply  # the host confirms our acceptance
    if not (ours or confirmed):
        return False
    withdraw_offers(peer)
    peer.agreed = accept
    peer.report(DrawSettled(accept))
    return accept
