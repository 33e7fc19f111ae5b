"""The board scene's remote seat: moves arrive from the network instead of the AI worker.

Like game.ai_turns for the AI: the scene asks `update()` each frame (one move at a
time, so moves caught up after a resume animate one after the other), tells
`played()` about every move it applies, and shows `alert()` when the connection has trouble.

The seat has explicit states (PLAYING, LOST, GONE, ENDED). Once the opponent has been
gone for `patience` seconds, `choices()` offers WAIT (ask again later), COMPUTER (the
computer takes the seat: `with_computer_seat`) and SAVE_LATER (stop without a word:
the autosave and the resume record stay, and Continue reconnects later). Quitting the
app is a pause too (`close`); only `leave` (or the computer taking over) says bye.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.core import EngineError, GameState
from game.i18n import tr
from game.net.bridge import NetBridge
from game.net.events import DrawOffered, DrawSettled, Ended, Lost, MoveArrived, NetEvent, Resumed, Started
from game.net.rematch import PostGame
from game.net.resume import clear_resume
from game.session import AI, GameSetup, Seat

PATIENCE = 30.0  # seconds the opponent may be gone before the player is offered choices
PLAYING, LOST, GONE, ENDED = "playing", "lost", "gone", "ended"
WAIT, COMPUTER, SAVE_LATER = "wait", "computer", "save_later"
CHOICES = (WAIT, COMPUTER, SAVE_LATER)
FINAL = ("over", "left", "refused", "broken")  # nothing to come back to after these


def with_computer_seat(setup: GameSetup, remote_seat: int, level: str = "medium") -> GameSetup:
    """The same game with the computer in the remote player's seat (COMPUTER chosen)."""
    seats = list(setup.seats)
    seats[remote_seat] = Seat(AI, level)
    return replace(setup, seats=(seats[0], seats[1]))


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
        self,
        bridge: NetBridge,
        remote_seat: int,
        *,
        host: bool,
        backlog: Sequence[NetEvent] = (),
        waiting: bool = False,
        record_path: Path | None = None,
        patience: float = PATIENCE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`waiting`: a game resumed after a restart (the opponent is not back yet);
        `record_path`: the resume record, removed when the game ends for good."""
        self.bridge = bridge
        self.remote_seat = remote_seat
        self.host = host
        self.lost = waiting
        self.ended: Ended | None = None
        self.record_path = record_path
        self.patience = patience
        self.clock = clock
        self._lost_at: float | None = clock() if waiting else None
        self._over = False
        self._kept = False  # handed to a PostGame for a rematch
        self._after_end: list[NetEvent] = []
        self._moves: list[MoveArrived] = []
        self._echo = False  # the move `update` just gave was this seat's own, caught up
        self._backlog = list(backlog)  # events polled with the Started, by the scene before the board
        self.agreed = False  # the game ended in a draw both players agreed (the host settled it)
        self._draw_news: list[DrawOffered | DrawSettled] = []

    @property
    def state(self) -> str:
        if self.ended is not None:  # a guest that gave up reconnecting may still choose
            return GONE if self.ended.reason == "gave_up" else ENDED
        if not self.lost:
            return PLAYING
        gone = self._lost_at is not None and self.clock() - self._lost_at >= self.patience
        return GONE if gone else LOST

    def choices(self) -> tuple[str, ...]:
        """What the player may do now: CHOICES once the opponent is gone, else ()."""
        if self.state != GONE:
            return ()
        return CHOICES if self.ended is None else (COMPUTER, SAVE_LATER)

    def choose(self, choice: str) -> str:
        """Act on one of `choices()`; returns it ('' when it was not offered). After
        COMPUTER the front end gives the seat to the computer (`with_computer_seat`);
        after SAVE_LATER it leaves the board (the autosave is kept)."""
        if choice not in self.choices():
            return ""
        if choice == WAIT:
            self._lost_at = self.clock()  # ask again after another while
        elif choice == COMPUTER:
            self.leave()
        else:
            self.bridge.close(bye=False)
            self.ended = Ended("closed")
        return choice

    def leave(self) -> None:
        """End the network game for both (bye), with nothing to come back to."""
        self.bridge.close(bye=True)
        self.ended = Ended("closed")
        self._forget_record()

    def _forget_record(self) -> None:
        if self.record_path is not None:
            clear_resume(self.record_path)

    def is_remote(self, player: int) -> bool:
        return player == self.remote_seat

    def poll(self) -> None:
        events, self._backlog = self._backlog + self.bridge.poll(), []
        for event in events:
            if self._over and not isinstance(event, Ended):
                self._after_end.append(event)  # a rematch's events: for the PostGame
            elif isinstance(event, MoveArrived):
                self._moves.append(event)
            elif isinstance(event, DrawOffered | DrawSettled):
                self.agreed = self.agreed or (isinstance(event, DrawSettled) and event.agreed)
                self._draw_news.append(event)
            elif isinstance(event, Lost):
                if not self.lost:
                    self._lost_at = self.clock()
                self.lost = True
            elif isinstance(event, Resumed | Started):
                self.lost, self._lost_at = False, None
            elif isinstance(event, Ended):
                self.ended = event
                if event.reason in FINAL:
                    self._forget_record()

    def update(self, state: GameState, animating: bool) -> Any:
        """Read the network; the next move the other side's game has and this board lacks
        (one per animation): the remote player's, or, after a Continue, this seat's own
        last move that the autosave missed but the other side had received."""
        self.poll()
        self._over = state.outcome() is not None or self.agreed
        if animating or self._over:
            return None
        while self._moves:
            arrived = self._moves[0]
            if arrived.ply > len(state.history):
                return None  # not yet: the moves before it come first
            self._moves.pop(0)
            if arrived.ply < len(state.history):
                continue  # a ply the board already has (both ends check every move)
            try:
                move = state.parse_move(arrived.move)
            except EngineError:
                continue
            if move in state.legal_moves():
                self._echo = state.to_move != self.remote_seat  # ours, back from the other side
                return move
        return None

    @property
    def behind(self) -> bool:
        """Moves from the other side are waiting to be shown: the local player waits too."""
        return bool(self._moves)

    def played(self, mover: int, move: Any) -> None:
        """The scene applied a move: send it when the local player made it here."""
        echo, self._echo = self._echo, False
        if mover != self.remote_seat and not echo:
            self.bridge.play(str(move))

    def offer_draw(self) -> None:
        """The local player offers a draw over the link (game.net.draw_talk)."""
        self.bridge.offer_draw()

    def answer_draw(self, accept: bool) -> None:
        self.bridge.answer_draw(accept)

    def draw_news(self) -> DrawOffered | DrawSettled | None:
        """The next word about a draw: the other player offers one, or an offer is settled."""
        return self._draw_news.pop(0) if self._draw_news else None

    def alert(self, lang: str) -> str:
        """What went wrong with the connection, or '' while all is well."""
        if self.ended is not None and self.ended.reason == "gave_up":
            return tr("net.gave_up_choices", lang)
        if self.ended is not None and self.ended.reason not in ("over", "closed"):
            return ended_text(self.ended, lang)
        if self.state == GONE:
            return tr("net.opponent_gone", lang)
        if self.lost:
            return tr("net.lost_host" if self.host else "net.lost_guest", lang)
        return ""

    def for_rematch(self, state: GameState) -> PostGame | None:
        """At the end: the link kept for a rematch (this seat then leaves the bridge
        open when it closes), or None when the link is already over."""
        self.poll()
        self._over = state.outcome() is not None or self.agreed
        if not self._over or (self.ended is not None and self.ended.reason != "over"):
            return None
        self._kept = True
        return PostGame(self.bridge, host=self.host, record_path=self.record_path, backlog=self._after_end)

    def close(self) -> None:
        """The board goes (the app quits): a finished game says bye, one in progress is
        paused without a word so either player can come back to it."""
        if not self._kept:
            self.bridge.close(bye=self._over)
