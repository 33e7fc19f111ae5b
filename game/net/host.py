"""The host end: owns the game, admits one guest by join code, checks every move.

Hostile input is expected: every connection gets a deadline for its hello (slowloris),
a size cap per line, and any protocol error refuses that connection only. At most
MAX_HANDSHAKES connections wait for their hello: a new one evicts the oldest, so a
flood of idle sockets cannot lock out the real guest, whose hello comes at once.
The seat goes to the first connection with the right code; after that only the
session token it received takes it back (a resume), so a stranger can never replace
the real guest, not even in the moment between its welcome and its first message.
An address that gives too many wrong codes is refused for `Timing.lockout` (game.net.lockout).
Draws by agreement are settled here, the host deciding (game.net.draw_talk).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import FIRST, EngineError, GameState
from engine.registry import new_state
from game.net import draw_talk
from game.net.draw_talk import DrawState
from game.net.events import (
    Ended,
    Lost,
    MoveArrived,
    NetEvent,
    Notice,
    Resumed,
    Started,
)
from game.net.lockout import CodeLockout
from game.net.protocol import (
    MAX_FRAME,
    PROTOCOL_VERSION,
    Channel,
    ProtocolError,
    Timing,
    field,
    new_code,
    new_token,
    normalise_code,
)
from game.net.rematch_talk import read_rematch_message

MAX_HANDSHAKES = 16  # connections waiting for their hello at once; the oldest goes first


def _same_secret(given: object, expected: str) -> bool:
    """Constant-time comparison that accepts any JSON value as `given`."""
    if not isinstance(given, str):
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode("utf-8"))


class Host:
    """Serve one game to one guest; `report` receives every event (in the loop's thread)."""

    def __init__(
        self,
        game_id: str,
        options: dict[str, Any] | None = None,
        host_seat: int = FIRST,
        *,
        report: Callable[[NetEvent], None],
        timing: Timing | None = None,
        code: str | None = None,
        token: str | None = None,
        moves: Sequence[str] = (),
    ) -> None:
        """`token` and `moves`: a restarted host resuming the game its guest holds the
        token of (the seat stays that token's: nobody else may take it)."""
        self.state: GameState = new_state(game_id, options)  # OptionError for a bad game
        self.state.play_all(list(moves))  # EngineError for a damaged saved game
        self.seat = host_seat
        self.guest_seat = 1 - host_seat
        self.code = code or new_code()
        self.report = report
        self.timing = timing or Timing()
        self.token: str | None = token  # issued to the guest that took the seat
        self.guest: Channel | None = None  # the guest's live connection, if any
        self.guest_done = False  # the guest said bye after the end: it has every move
        self.ended = False
        self.port = 0
        self.refused = 0  # connections refused so far (tests and logs)
        self._confirmed = token is not None  # the guest spoke after its welcome (so it has the token)
        self._server: asyncio.Server | None = None
        self._waiting: dict[Channel, None] = {}  # connections before their hello, oldest first
        self._channels: set[Channel] = set()
        self._wrong_codes = CodeLockout()
        self.rematch_mine = False  # after the end: our player asked for a rematch
        self.rematch_theirs = False  # the guest asked, we have not answered yet
        self.draws = DrawState()  # a draw offered or agreed (game.net.draw_talk)
    @property
    def ready(self) -> bool:
        """A guest has joined: the game is on (moves may be played)."""
        return self.token is not None

    async def start(self, port: int = 0, bind: str = "0.0.0.0") -> int:
        """Listen (port 0: any free port); returns the port."""
        self._server = await asyncio.start_server(self._connection, bind, port, limit=MAX_FRAME)
        self.port = int(self._server.sockets[0].getsockname()[1])
        return self.port

    # ----- admitting connections ---------------------------------------------------------
    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        channel = Channel(reader, writer, self.timing)
        try:
            await self._admit_and_serve(channel)
        except Exception as error:  # never let one connection take the host down
            self.report(Notice(f"connection {channel.peer} failed: {error!r}"))
        finally:
            channel.close()
            self._channels.discard(channel)

    async def _admit_and_serve(self, channel: Channel) -> None:
        if self.ended:
            channel.close()
            return
        if len(self._waiting) >= MAX_HANDSHAKES:
            oldest = next(iter(self._waiting))
            self._waiting.pop(oldest)
            self.refused += 1
            oldest.close()  # no reply: the cheapest answer to a flood
        self._channels.add(channel)
        if self._wrong_codes.locked_out(channel.peer_host, self._now(), self.timing.lockout):
            await self._refuse(channel, "locked", "too many wrong join codes: wait a while")
            return
        self._waiting[channel] = None
        try:
            hello = await channel.receive(self.timing.handshake)
            resumed = self._admit(hello)
        except ProtocolError as error:
            if error.reason == "code":
                self._wrong_codes.count(channel.peer_host, self._now())
            await self._refuse(channel, error.reason, error.detail)
            return
        except TimeoutError:
            await self._refuse(channel, "timeout", "no hello in time")
            return
        except ConnectionError:
            return
        finally:
            self._waiting.pop(channel, None)
        if channel.closed:
            return  # evicted while its hello was being checked
        await self._seat_guest(channel, resumed)

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    async def _refuse(self, channel: Channel, reason: str, detail: str) -> None:
        self.refused += 1
        self.report(Notice(f"refused {channel.peer}: {reason} {detail}".rstrip()))
        await channel.refuse(reason, detail)

    def _admit(self, hello: dict[str, Any]) -> bool:
        """Check a hello; True for a resume, False for a first join; ProtocolError if refused."""
        if hello["type"] != "hello":
            raise ProtocolError("unexpected", "the first message must be hello")
        version = field(hello, "version", int)
        if version != PROTOCOL_VERSION:
            raise ProtocolError("version", f"host speaks version {PROTOCOL_VERSION}, guest {version}")
        code = hello.get("code")
        if not _same_secret(normalise_code(code) if isinstance(code, str) else None, self.code):
            raise ProtocolError("code", "wrong join code")
        game = hello.get("game")
        if game is not None and game != self.state.spec.id:
            raise ProtocolError("game", f"this host plays {self.state.spec.id}")
        token = hello.get("token")
        if token is None:
            # The seat is the token's: a guest that spoke, or is still connected, keeps it.
            connected = self.guest is not None and not self.guest.closed
            if self.token is not None and (self._confirmed or connected):
                raise ProtocolError("taken", "this game already has its second player")
            return False
        if self.token is None or not _same_secret(token, self.token):
            raise ProtocolError("token", "unknown session")
        return True

    async def _seat_guest(self, channel: Channel, resumed: bool) -> None:
        first_join = self.token is None
        if not resumed:
            self.token = new_token()
            self._confirmed = False
        old, self.guest = self.guest, channel
        if old is not None:
            old.close()  # a half-open connection the guest has already given up on
        self.guest_done = False
        try:
            await channel.send(
                {
                    "type": "welcome",
                    "version": PROTOCOL_VERSION,
                    "game": self.state.spec.id,
                    "options": self.state.options,
                    "moves": [str(m) for m in self.state.history],
                    "seat": self.guest_seat,
                    "token": self.token,
                    "agreed": self.draws.agreed,
                }
            )
        except ConnectionError:
            self._drop(channel, "lost during the welcome")
            return
        if first_join:
            moves = tuple(str(m) for m in self.state.history)
            state = self.state
            self.report(Started(state.spec.id, dict(state.options), moves, self.seat, self.token or ""))
        else:
            self.report(Resumed())
        await self._serve(channel)

    # ----- the guest's connection ------------------------------------------------------------
    async def _serve(self, channel: Channel) -> None:
        heart = asyncio.create_task(self._heartbeat(channel))
        detail = "connection lost"
        try:
            while not channel.closed:
                message = await channel.receive(self.timing.dead_after)
                self._confirmed = True
                if not await self._handle(message):
                    break
        except TimeoutError:
            detail = "the guest went silent"
        except ConnectionError as error:
            detail = str(error)
        except ProtocolError as error:
            detail = f"the guest broke the protocol ({error})"
            await self._refuse(channel, error.reason, error.detail)
        finally:
            heart.cancel()
            self._drop(channel, detail)

    def _drop(self, channel: Channel, detail: str) -> None:
        channel.close()
        if self.guest is not channel:
            return  # already replaced by a resumed connection
        self.guest = None
        draw_talk.withdraw_offers(self)  # a dropped connection withdraws any draw offer
        if not self.ended and not (draw_talk.finished(self, self.state) and self.guest_done):
            self.report(Lost(detail))

    async def _heartbeat(self, channel: Channel) -> None:
        with contextlib.suppress(ConnectionError):
            while not channel.closed:
                await asyncio.sleep(self.timing.heartbeat)
                await channel.send({"type": "ping"})

    async def _handle(self, message: dict[str, Any]) -> bool:
        """Act on one message from the guest; False when the connection should end."""
        kind = message["type"]
        if kind == "ping":
            return True
        if kind == "move":
            self._guest_move(field(message, "move", str), field(message, "ply", int))
            return True
        if kind == "done":  # the guest has every move: over, the link stays for a rematch
            if not draw_talk.finished(self, self.state):
                raise ProtocolError("unexpected", "done before the end")
            self._game_over()
            return True
        if kind in ("draw", "draw_reply") and not self.guest_done:
            agreed = draw_talk.read_draw_message(self, self.state, message, self.guest_seat, host=True)
            if agreed and self.guest:  # the guest accepted our offer: agreed, so confirm it
                confirm = {"type": "draw_reply", "accept": True, "ply": len(self.state.history)}
                await self.guest.send(confirm)
            return True
        if kind in ("rematch", "rematch_reply"):
            if not self.guest_done:
                raise ProtocolError("unexpected", "a rematch before the end")
            read_rematch_message(self, message)
            return True
        if kind == "bye":
            reason = field(message, "reason", str)
            if reason == "over" and draw_talk.finished(self, self.state):
                self._game_over()
            else:
                self.ended = True
                self.report(Ended("left", detail=reason[:80]))
            return False
        raise ProtocolError("unexpected", f"{kind[:40]!r} from the guest")

    def _game_over(self) -> None:
        if not self.guest_done:
            self.guest_done = self.ended = True
            self.report(Ended("over"))

    # ----- a rematch (after the end, colours swapped) ------------------------------------------
    async def offer_rematch(self) -> None:
        """Ask the guest for a rematch (or accept theirs); EngineError when not possible."""
        if self.rematch_theirs:
            await self.answer_rematch(True)
            return
        if not self.guest_done or self.guest is None:
            raise EngineError("a rematch needs a finished game and the other player here")
        self.rematch_mine = True
        await self.guest.send({"type": "rematch"})

    async def answer_rematch(self, accept: bool) -> None:
        if not self.rematch_theirs or self.guest is None:
            return
        self.rematch_theirs = False
        await self.guest.send({"type": "rematch_reply", "accept": accept})
        if accept:
            self._restart()

    def _restart(self) -> None:
        """The same game again from its start, each player on the other side."""
        self.state = new_state(self.state.spec.id, self.state.options)
        self.seat, self.guest_seat = self.guest_seat, self.seat
        self.ended = self.guest_done = self.rematch_mine = self.rematch_theirs = False
        draw_talk.new_game_draws(self)
        state = self.state
        self.report(Started(state.spec.id, dict(state.options), (), self.seat, self.token or ""))

    def _guest_move(self, text: str, ply: int) -> None:
        state = self.state
        if draw_talk.finished(self, state):
            raise ProtocolError("unexpected", "the game is over")
        if state.to_move != self.guest_seat or ply != len(state.history):
            raise ProtocolError(
                "out_of_turn", f"move {text[:40]!r} at ply {ply}, host at {len(state.history)}"
            )
        try:
            move = state.play(text)
        except EngineError as error:
            raise ProtocolError("illegal", str(error)) from None
        draw_talk.withdraw_offers(self)
        self.report(MoveArrived(str(move), ply))

    # ----- the local player --------------------------------------------------------------------
    async def play_local(self, text: str) -> str:
        """Play the host's move (checked) and send it; EngineError if refused."""
        if not self.ready:
            raise EngineError("wait for the other player to join")
        if self.draws.agreed:
            raise EngineError("the game ended in a draw both players agreed")
        if self.state.outcome() is None and self.state.to_move != self.seat:
            raise EngineError("it is the other player's turn")
        ply = len(self.state.history)
        move = str(self.state.play(text))
        draw_talk.withdraw_offers(self)
        if self.guest is not None:
            # A lost move is not lost: the guest gets the whole list when it resumes.
            with contextlib.suppress(ConnectionError):
                await self.guest.send({"type": "move", "move": move, "ply": ply})
        return move

    async def offer_draw(self) -> None:
        """The host's player offers a draw; EngineError when not now or nobody is here."""
        if self.guest is None or self.guest.closed:
            raise EngineError("the other player is not connected")
        await self.guest.send(draw_talk.local_offer(self, self.state, self.seat))

    async def answer_draw(self, accept: bool) -> None:
        """The host's player answers the guest's offer; accepting agrees the draw."""
        message = draw_talk.local_answer(self, self.state, accept, host=True)
        if message is not None and self.guest is not None:
            with contextlib.suppress(ConnectionError):  # the welcome says it on a resume
                await self.guest.send(message)

    def abandon(self) -> None:
        """Stop without a word (the app quits, the player saves to finish later): the
        guest sees a lost connection and waits for this host to come back."""
        if self._server is not None:
            self._server.close()
        self.ended = True
        for channel in list(self._channels):
            channel.close()

    async def close(self) -> None:
        """Stop: say bye to the guest (the game over, or we left), close everything."""
        if self._server is not None:
            self._server.close()
        was_ended, self.ended = self.ended, True
        guest = self.guest
        if guest is not None and not guest.closed:
            reason = "over" if draw_talk.finished(self, self.state) else "left"
            with contextlib.suppress(ConnectionError):
                await guest.send({"type": "bye", "reason": reason, "ply": len(self.state.history)})
        for channel in list(self._channels):
            channel.close()
        if not was_ended:
            self.report(Ended("closed"))
