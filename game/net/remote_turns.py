"""The board scene's remote seat: moves arrive from the network instead of the AI worker.

Like game.ai_turns for the AI: the scene asks `update()` each frame (one move at a
time, so moves caught up after a resume animate one after the other), tells
`played()` about every move it applies, and shows `alert()` when the connection has trouble.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import EngineError, GameState
from game.i18n import tr
from game.net.bridge import NetBridge
from game.net.events import Ended, Lost, MoveArrived, NetEvent, Resumed, Started


def ended_text(event: Ended, lang: str) -> str:
    """Why a link ended, for people."""
    if event.reason == "refused":
        refusal = tr(f"net.refused_{event.refusal}", lang)
        if refusal.startswith("net."):
            refusal = event.refusal
        return tr("net.refused", lang, why=refusal)
    if event.reason == "left":
        return tr("net.opponent_left", lang)
    if event.reason == "gave_up":
        return tr("net.gave_up", lang)
    if event.reason == "unreachable":
        return tr("net.unreachable", lang, detail=event.detail)
    if event.reason == "broken":
        return tr("net.broken", lang, detail=event.detail)
    return tr("net.link_closed", lang)


class RemoteTurns:
    def __init__(
        self, bridge: NetBridge, remote_seat: int, *, host: bool, backlog: Sequence[NetEvent] = ()
    ) -> None:
        self.bridge = bridge
        self.remote_seat = remote_seat
        self.host = host
        self.lost = False
        self.ended: Ended | None = None
        self._moves: list[MoveArrived] = []
        self._backlog = list(backlog)  # events polled with the Started, by the scene before the board

    def is_remote(self, player: int) -> bool:
        return player == self.remote_seat

    def poll(self) -> None:
        events, self._backlog = self._backlog + self.bridge.poll(), []
        for event in events:
            if isinstance(event, MoveArrived):
                self._moves.append(event)
            elif isinstance(event, Lost):
                self.lost = True
            elif isinstance(event, Resumed | Started):
                self.lost = False
            elif isinstance(event, Ended):
                self.ended = event

    def update(self, state: GameState, animating: bool) -> Any:
        """Read the network; the remote player's next move for `state` (one per animation)."""
        self.poll()
        if animating or state.outcome() is not None or state.to_move != self.remote_seat:
            return None
        while self._moves:
            arrived = self._moves.pop(0)
            if arrived.ply != len(state.history):
                continue  # a ply the board already has (both ends check every move)
            try:
                move = state.parse_move(arrived.move)
            except EngineError:
                continue
            if move in state.legal_moves():
                return move
        return None

    def played(self, mover: int, move: Any) -> None:
        """The scene applied a move: send it when the local player made it."""
        if mover != self.remote_seat:
            self.bridge.play(str(move))

    def alert(self, lang: str) -> str:
        """What went wrong with the connection, or '' while all is well."""
        if self.ended is not None and self.ended.reason not in ("over", "closed"):
            return ended_text(self.ended, lang)
        if self.lost:
            return tr("net.lost_host" if self.host else "net.lost_guest", lang)
        return ""

    def close(self) -> None:
        self.bridge.close()
