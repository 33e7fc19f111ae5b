"""After a network game's end, the link is kept for a rematch (UI-neutral).

States: IDLE (nothing asked), ASKED (we asked, waiting), OFFERED (the other player
asks: `answer`), DECLINED (they said no; we may ask again), STARTED (the rematch is on:
`started` and `later` give the new game's events, colours swapped), GONE (the link
ended: no rematch). The front end shows `text()` and hands STARTED to its board.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.i18n import tr
from game.net.bridge import NO_REMATCH, NetBridge
from game.net.events import Ended, NetEvent, Notice, RematchDeclined, RematchOffered, Started
from game.net.resume import clear_resume

IDLE, ASKED, OFFERED, DECLINED, STARTED, GONE = "idle", "asked", "offered", "declined", "started", "gone"


class PostGame:
    def __init__(
        self,
        bridge: NetBridge,
        *,
        host: bool,
        record_path: Path | None = None,
        backlog: Sequence[NetEvent] = (),
    ) -> None:
        self.bridge = bridge
        self._backlog = list(backlog)  # events the board polled after the end
        self.host = host
        self.record_path = record_path
        self.state = IDLE
        self.started: Started | None = None
        self.later: list[NetEvent] = []  # events polled after the rematch's Started
        self._handed_over = False

    def offer(self) -> None:
        """Ask for a rematch, or accept the one offered."""
        if self.state == OFFERED:
            self.answer(True)
        elif self.state in (IDLE, DECLINED):
            self.bridge.offer_rematch()
            self.state = ASKED

    def answer(self, accept: bool) -> None:
        if self.state != OFFERED:
            return
        self.bridge.answer_rematch(accept)
        self.state = ASKED if accept else IDLE  # an accepted one starts at the next poll

    def poll(self) -> None:
        events, self._backlog = self._backlog + self.bridge.poll(), []
        for index, event in enumerate(events):
            if isinstance(event, RematchOffered) and self.state != STARTED:
                self.state = OFFERED
            elif isinstance(event, RematchDeclined) and self.state == ASKED:
                self.state = DECLINED
            elif isinstance(event, Started) and self.state != STARTED:
                self.state, self.started, self.later = STARTED, event, events[index + 1 :]
                return
            elif isinstance(event, Notice) and event.text.startswith(NO_REMATCH):
                self.state = GONE  # the other side has closed its link: nobody to ask
            elif isinstance(event, Ended) and event.reason != "over":
                self.state = GONE
                if self.record_path is not None:
                    clear_resume(self.record_path)

    def take_bridge(self) -> NetBridge:
        """The rematch is on: its board owns the connection now."""
        self._handed_over = True
        return self.bridge

    def text(self, lang: str) -> str:
        key = {
            ASKED: "net.rematch_asked",
            OFFERED: "net.rematch_offered",
            DECLINED: "net.rematch_declined",
            GONE: "net.rematch_gone",
        }.get(self.state)
        return tr(key, lang) if key else ""

    def close(self) -> None:
        """Leave the game over: the other player learns we are gone (unless handed over)."""
        if not self._handed_over:
            if self.state == OFFERED:
                self.bridge.answer_rematch(False)
            self.bridge.close(bye=True)
