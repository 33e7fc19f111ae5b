"""The arcade's door to the network: asyncio in a background thread, queues both ways.

The frame loop never waits on the network. Scenes call the bridge's methods (each
posts a coroutine to the network thread and returns at once) and read what happened
with `poll()` in their update. Events are the frozen values of game.net.events.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Coroutine
from typing import Any

from engine.core import FIRST, EngineError, GameState
from game.net.discovery import BROADCAST, Announcer, Listener, announcement, host_name
from game.net.events import DrawSettled, Ended, GamesFound, Listening, NetEvent, Notice, Started
from game.net.guest import Guest
from game.net.host import Host
from game.net.protocol import DEFAULT_PORT, DISCOVERY_PORT, Timing
from game.net.resume import NetResume

NO_REMATCH = "no rematch: "  # the Notice when a rematch cannot be asked (the link is gone)
DISCOVERY_POLL = 0.5  # seconds between two looks at the heard announcements
REMATCH, DRAW = "rematch", "draw"  # what an offer and its answer are about


class NetBridge:
    def __init__(
        self,
        timing: Timing | None = None,
        discovery_port: int = DISCOVERY_PORT,
        announce_to: str = BROADCAST,  # tests announce to 127.0.0.1
    ) -> None:
        self.timing = timing or Timing()
        self.discovery_port = discovery_port
        self.announce_to = announce_to
        self._events: queue.Queue[NetEvent] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._link: Host | Guest | None = None
        self._announcer: Announcer | None = None
        self._listener: Listener | None = None
        self._discovery: asyncio.Task[None] | None = None
        self.closed = False
        self.resume_record: NetResume | None = None  # set when the game starts (any thread reads it)
        self._thread = threading.Thread(target=self._run, name="plateaux-net", daemon=True)
        self._thread.start()

    # ----- the network thread -------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_forever()
        finally:
            pending = asyncio.all_tasks(self._loop)
            for task in pending:
                task.cancel()
            with contextlib.suppress(Exception):
                self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self._loop.close()

    def _submit(self, coroutine: Coroutine[Any, Any, None]) -> None:
        if self.closed:
            coroutine.close()
            return
        asyncio.run_coroutine_threadsafe(self._guarded(coroutine), self._loop)

    async def _guarded(self, coroutine: Coroutine[Any, Any, None]) -> None:
        try:
            await coroutine
        except Exception as error:  # a bug in the network code must not vanish silently
            self._events.put(Ended("broken", detail=repr(error)))

    # ----- commands (any thread; they return at once) ------------------------------------------
    def host(
        self,
        game_id: str,
        options: dict[str, Any],
        seat: int = FIRST,
        port: int = DEFAULT_PORT,
        announce: bool = True,
    ) -> None:
        """Host a game; a Listening event gives the port and code, Started the guest's arrival."""
        self._submit(self._host(game_id, options, seat, port, announce))

    def join(self, address: str, port: int, code: str, expect_game: str | None = None) -> None:
        """Join (again, after a refusal: the previous attempt is over)."""
        self._submit(self._join(address, port, code, expect_game))

    def resume(self, record: NetResume, state: GameState) -> None:
        """Come back to a network game after a restart: host it again (same port, code
        and token) or rejoin it with the token; `state` is the autosaved game."""
        self.resume_record = record
        self._submit(self._resume(record, state.copy()))

    def discover(self) -> None:
        """Listen for announced games; GamesFound events follow whenever the list changes."""
        self._submit(self._discover())

    def stop_discovery(self) -> None:
        self._submit(self._stop_discovery())

    def play(self, move: str) -> None:
        """The local player's move (already checked by the scene's own engine state)."""
        self._submit(self._play(move))

    def offer_draw(self) -> None:
        """The local player, to move, offers a draw: DrawSettled follows (game.net.draw_talk)."""
        self._submit(self._ask(DRAW, None))

    def answer_draw(self, accept: bool) -> None:
        """Answer the other player's DrawOffered (an acceptance is settled by the host)."""
        self._submit(self._ask(DRAW, accept))

    def offer_rematch(self) -> None:
        """After the end: ask for a rematch, colours swapped (or accept the one offered).
        RematchOffered / RematchDeclined events follow, and Started when it is on."""
        self._submit(self._ask(REMATCH, None))

    def answer_rematch(self, accept: bool) -> None:
        """Answer the other player's RematchOffered."""
        self._submit(self._ask(REMATCH, accept))

    def poll(self) -> list[NetEvent]:
        events: list[NetEvent] = []
        with contextlib.suppress(queue.Empty):
            while True:
                events.append(self._events.get_nowait())
        return events

    def close(self, *, bye: bool = True) -> None:
        """Say bye (unless `bye` is False: a pause, the other side waits for us to come
        back) and stop the thread, without waiting for it."""
        if self.closed:
            return
        asyncio.run_coroutine_threadsafe(self._close(bye), self._loop)
        self.closed = True

    def join_thread(self, timeout: float = 2.0) -> None:
        """Tests and shutdown: wait for the network thread to finish."""
        self._thread.join(timeout)

    # ----- the same, in the network thread ----------------------------------------------------
    async def _host(
        self, game_id: str, options: dict[str, Any], seat: int, port: int, announce: bool
    ) -> None:
        try:
            host = Host(game_id, options, seat, report=self._host_report, timing=self.timing)
        except EngineError as error:
            self._events.put(Ended("broken", detail=str(error)))
            return
        try:
            bound = await host.start(port)
        except OSError:
            try:
                bound = await host.start(0)  # the usual port is taken: any free one
            except OSError as error:
                self._events.put(Ended("unreachable", detail=str(error)))
                return
        self._link = host
        self._events.put(Listening(bound, host.code))
        if announce:
            message = announcement(game_id, host.state.options, bound, host_name())
            self._announcer = Announcer(message, ((self.announce_to, self.discovery_port),))
            self._announcer.start()

    def _host_report(self, event: NetEvent) -> None:
        """The host's events; once the seat is taken nobody else may join: stop announcing."""
        if isinstance(event, Started | Ended) and self._announcer is not None:
            self._announcer.stop()
            self._announcer = None
        self._guest_report(event)

    def _guest_report(self, event: NetEvent) -> None:
        """Every link event; a Started one also leaves what a restart needs to come back."""
        link = self._link
        if isinstance(event, Started) and event.token and link is not None:
            where = ("", link.port) if isinstance(link, Host) else (link.host, link.port)
            self.resume_record = NetResume(
                "host" if isinstance(link, Host) else "guest",
                event.game_id,
                event.seat,
                where[0],
                where[1],
                link.code,
                event.token,
            )
        self._events.put(event)

    async def _resume(self, record: NetResume, state: GameState) -> None:
        if record.role == "guest":
            guest = Guest(
                record.address,
                record.port,
                record.code,
                report=self._guest_report,
                timing=self.timing,
                expect_game=record.game_id,
                token=record.token,
                state=state,
                seat=record.seat,
                linger=True,
            )
            self._link = guest
            await guest.run()
            return
        moves = [str(m) for m in state.history]
        try:
            host = Host(
                record.game_id,
                dict(state.options),
                record.seat,
                report=self._host_report,
                timing=self.timing,
                code=record.code,
                token=record.token,
                moves=moves,
            )
            self._link = host
            await host.start(record.port)  # the guest comes back to the same port
        except (EngineError, OSError) as error:
            self._events.put(Ended("unreachable", detail=str(error)))
            return
        self._events.put(Listening(host.port, host.code))

    async def _join(self, address: str, port: int, code: str, expect_game: str | None) -> None:
        if isinstance(self._link, Guest) and not self._link.ended:
            return  # an attempt is already under way
        guest = Guest(
            address, port, code, report=self._guest_report, timing=self.timing, expect_game=expect_game,
            linger=True,
        )
        self._link = guest
        await guest.run()

    async def _discover(self) -> None:
        if self._discovery is not None:
            return
        listener = Listener(self.discovery_port)
        try:
            await listener.start()
        except OSError as error:
            self._events.put(Notice(f"cannot listen for games: {error}"))
            return
        self._listener = listener
        self._discovery = asyncio.current_task()
        try:
            while True:
                games = listener.changed()
                if games is not None:
                    self._events.put(GamesFound(games))
                await asyncio.sleep(DISCOVERY_POLL)
        finally:
            listener.stop()

    async def _ask(self, topic: str, accept: bool | None) -> None:
        """Offer (accept None) or answer a rematch or a draw; when the link cannot, say so
        (a draw offer that never left is settled as declined: the game goes on)."""
        link = self._link
        try:
            if link is None:
                raise EngineError("not connected")
            if topic == REMATCH:
                await (link.offer_rematch() if accept is None else link.answer_rematch(accept))
            else:
                await (link.offer_draw() if accept is None else link.answer_draw(accept))
        except (EngineError, ConnectionError) as error:
            if topic == REMATCH:
                self._events.put(Notice(f"{NO_REMATCH}{error}"))
            else:
                self._events.put(DrawSettled(False))
                self._events.put(Notice(f"no draw offer: {error}"))

    async def _stop_discovery(self) -> None:
        if self._discovery is not None:
            self._discovery.cancel()
            self._discovery = None

    async def _play(self, move: str) -> None:
        link = self._link
        if link is None:
            self._events.put(Notice("not connected"))
            return
        try:
            await link.play_local(move)
        except EngineError as error:
            self._events.put(Notice(f"move {move} refused: {error}"))

    async def _close(self, bye: bool) -> None:
        try:
            if self._announcer is not None:
                self._announcer.stop()
            await self._stop_discovery()
            if self._link is not None and not bye:
                self._link.abandon()
            elif self._link is not None:
                await asyncio.wait_for(self._link.close(), self.timing.send_timeout)
        except (Exception, asyncio.CancelledError):
            pass
        finally:
            self._loop.stop()
