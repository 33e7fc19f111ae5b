"""The rematch conversation both ends of a finished network game hold (UI-neutral).

Either side sends `rematch`; the other answers `rematch_reply` with `accept`, or sends
`rematch` too, which starts the new game at once (both asked). Host and Guest share this
reading so the two ends cannot drift apart.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.net.events import NetEvent, RematchDeclined, RematchOffered
from game.net.protocol import ProtocolError, field


class RematchPeer(Protocol):
    rematch_mine: bool  # our player asked, no answer yet
    rematch_theirs: bool  # the other player asked, we have not answered yet

    def report(self, event: NetEvent) -> None: ...

    def _restart(self) -> None: ...


def read_rematch_message(peer: RematchPeer, message: dict[str, Any]) -> None:
    """Act on a `rematch` or `rematch_reply` from the other side; ProtocolError when unasked."""
    if message["type"] == "rematch":
        if peer.rematch_mine:  # both asked: on
            peer._restart()
        else:
            peer.rematch_theirs = True
            peer.report(RematchOffered())
    elif not peer.rematch_mine:
        raise ProtocolError("unexpected", "a rematch answer nobody asked for")
    elif field(message, "accept", bool):
        peer._restart()
    else:
        peer.rematch_mine = False
        peer.report(RematchDeclined())
