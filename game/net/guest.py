"""The guest end: join by address and code, mirror the host's game, reconnect after drops.

The guest keeps its own engine state and checks every host move with it. After a
dropped connection it reconnects with the code and its session token; the host's
welcome carries the whole move list, which the guest reconciles with its own (the
host may have moved meanwhile, or may have missed the guest's last move, which is
sent again). Reconnections back off (doubling up to `Timing.retry_cap`), and a link
that keeps dropping with no move played in between (a hostile or broken host) ends
after `Timing.max_resumes` of them instead of looping for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from engine.core import SECOND, EngineError, GameState
from engine.registry import new_state, state_from_dict
from game.net import draw_talk
from game.net.draw_talk import DrawState
from game.net.events import (
    DrawSettled,
    Ended,
    Lost,
    MoveArrived,
    NetEvent,
    Resumed,
    Started,
)
from game.net.protocol import PROTOCOL_VERSION, Channel, ProtocolError, Timing, field, open_channel
from game.net.rematch_talk import read_rematch_message

FIRST_TRIES = 5  # connections closed before the welcome tolerated before giving up


class Guest:
    """Join one game; `run()` returns once the link has ended (an Ended was reported)."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        *,
        report: Callable[[NetEvent], None],
        timing: Timing | None = None,
        expect_game: str | None = None,
        token: str | None = None,
        state: GameState | None = None,
        seat: int = SECOND,
        linger: bool = False,
    ) -> None:
        """`token`, `state` and `seat`: a restarted guest coming back to its seat with the
        game it saved (the host's welcome is reconciled with it, as after a drop).
        `linger`: keep the connection open after the end, for a rematch (`run()` then
        returns only once either side closes it)."""
        self.host = host
        self.port = port
        self.code = code
        self.report = report
        self.timing = timing or Timing()
        self.expect_game = expect_game
        self.state: GameState | None = state
        self.seat = seat
        self.token: str | None = token
        self.channel: Channel | None = None
        self.ended = False
        self._lost_since: float | None = None
        self._host_plies = 0  # moves the host had at its last welcome
        self._drops = 0  # connections lost in a row with no move played in between
        self.linger = linger
        self.lingering = False  # the game is over, the link stays open for a rematch
        self.rematch_mine = False
        self.rematch_theirs = False
        self._plies_at_drop = -1
        self.draws = DrawState()  # a draw offered or agreed (game.net.draw_talk)

    @property
    def ready(self) -> bool:
        return self.state is not None

    def _finish(self, event: Ended) -> None:
        if not self.ended:
            self.ended = True
            self.report(event)

    # ----- connecting and reconnecting ------------------------------------------------------
    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        first_tries = 0
        if self.token is not None:  # coming back after a restart: within the resume window
            self._lost_since = loop.time()
        while not self.ended:
            try:
                channel = await open_channel(self.host, self.port, self.timing)
            except (OSError, TimeoutError) as error:
                detail = str(error) or type(error).__name__
                if self.token is None:
                    self._finish(Ended("unreachable", detail=detail))
                elif (
                    self._lost_since is not None
                    and loop.time() - self._lost_since > self.timing.resume_window
                ):
                    self._finish(Ended("gave_up", detail=detail))
                else:
                    await asyncio.sleep(self._retry_delay())
                continue
            detail = await self._converse(channel)
            if self._link_over():
                break
            if self.token is None:
                # Closed before any welcome (a host evicting a flood of idle sockets): retry.
                first_tries += 1
                if first_tries >= FIRST_TRIES:
                    self._finish(Ended("unreachable", detail=detail))
                    break
                await asyncio.sleep(self.timing.retry_every)
                continue
            if self._count_drop():
                self._finish(Ended("gave_up", detail=f"the connection keeps dropping ({detail})"))
                break
            if self._lost_since is None:
                self._lost_since = loop.time()
                self.report(Lost(detail))
            elif loop.time() - self._lost_since > self.timing.resume_window:
                self._finish(Ended("gave_up", detail=detail))
                break
            await asyncio.sleep(self._retry_delay())

    def _count_drop(self) -> bool:
        """Count a lost connection; True once too many came with no move between them."""
        plies = len(self.state.history) if self.state is not None else 0
        if plies != self._plies_at_drop:
            self._plies_at_drop, self._drops = plies, 0
        self._drops += 1
        return self._drops > self.timing.max_resumes

    def _retry_delay(self) -> float:
        doubled = self.timing.retry_every * float(2 ** max(0, min(self._drops - 1, 16)))
        return min(doubled, max(self.timing.retry_cap, self.timing.retry_every))

    def _link_over(self) -> bool:
        """Whether an Ended was reported (a method: mypy must not narrow it across awaits)."""
        return self.ended

    async def _converse(self, channel: Channel) -> str:
        """One connection, from hello until it drops; returns why it dropped."""
        self.channel = channel
        heart: asyncio.Task[None] | None = None
        try:
            await channel.send(
                {
                    "type": "hello",
                    "version": PROTOCOL_VERSION,
                    "code": self.code,
                    "token": self.token,
                    "game": self.expect_game,
                }
            )
            welcome = await channel.receive(self.timing.handshake)
            if not self._welcomed(welcome):
                return "refused"
            await self._after_welcome(channel)
            heart = asyncio.create_task(self._heartbeat(channel))
            while not self.ended or self.lingering:
                if not await self._handle(channel, await channel.receive(self.timing.dead_after)):
                    break
            return "closed"
        except TimeoutError:
            return "the host went silent"
        except ConnectionError as error:
            return str(error)
        except ProtocolError as error:
            self._finish(Ended("broken", error.reason, error.detail))
            return str(error)
        finally:
            if heart is not None:
                heart.cancel()
            channel.close()
            self.channel = None

    def _welcomed(self, message: dict[str, Any]) -> bool:
        """Take the welcome (or a refusal: False); ProtocolError if it makes no sense."""
        if message["type"] == "refused":
            reason = message.get("reason")
            detail = message.get("detail")
            self._finish(Ended("refused", str(reason)[:40], str(detail or "")[:200]))
            return False
        if message["type"] != "welcome":
            raise ProtocolError("unexpected", f"{str(message['type'])[:40]!r} instead of welcome")
        if field(message, "version", int) != PROTOCOL_VERSION:
            raise ProtocolError("version", "the host speaks another version")
        seat = field(message, "seat", int)
        token = field(message, "token", str)
        if seat not in (0, 1):
            raise ProtocolError("frame", "bad seat")
        agreed = message.get("agreed", False)
        if not isinstance(agreed, bool):
            raise ProtocolError("frame", "bad agreed")
        game = {
            "game": field(message, "game", str),
            "options": field(message, "options", dict),
            "moves": field(message, "moves", list),
        }
        try:
            theirs = state_from_dict(game)  # every move replayed checked
        except EngineError as error:
            raise ProtocolError("illegal", f"the host's game: {error}") from None
        self.token = token
        self._lost_since = None
        self._host_plies = len(theirs.history)
        if self.state is None:
            self.state, self.seat = theirs, seat
            moves = tuple(str(m) for m in theirs.history)
            self.report(Started(theirs.spec.id, dict(theirs.options), moves, seat, token))
            return True
        self._reconcile(theirs, seat)
        draw_talk.withdraw_offers(self)  # the dropped connection withdrew any draw offer
        if agreed and not self.draws.agreed:  # the host's confirmation was lost with the link
            self.draws.agreed = True
            self.report(DrawSettled(True))
        return True

    def _reconcile(self, theirs: GameState, seat: int) -> None:
        """Resume: adopt the host's newer moves; our own unseen move is resent later."""
        state = self.state
        assert state is not None
        if theirs.spec.id != state.spec.id or theirs.options != state.options or seat != self.seat:
            raise ProtocolError("game", "the host resumed another game")
        mine = [str(m) for m in state.history]
        host = [str(m) for m in theirs.history]
        self.report(Resumed())
        if host[: len(mine)] == mine:
            for ply in range(len(mine), len(host)):
                state.play(host[ply])
                self.report(MoveArrived(host[ply], ply))
        elif not (mine[: len(host)] == host and len(mine) == len(host) + 1):
            raise ProtocolError("game", "the host and this guest disagree about the moves")

    async def _after_welcome(self, channel: Channel) -> None:
        """Send what the host missed (our last move), and say bye if the game is over."""
        state = self.state
        assert state is not None
        if len(state.history) > self._host_plies:
            ply = len(state.history) - 1
            await channel.send({"type": "move", "move": str(state.history[-1]), "ply": ply})
        if draw_talk.finished(self, state):
            await self._say_bye(channel)

    async def _heartbeat(self, channel: Channel) -> None:
        with contextlib.suppress(ConnectionError):
            while not channel.closed:
                await asyncio.sleep(self.timing.heartbeat)
                await channel.send({"type": "ping"})

    async def _handle(self, channel: Channel, message: dict[str, Any]) -> bool:
        """Act on one message from the host; False when this connection should end."""
        kind = message["type"]
        if kind == "ping":
            return True
        if kind == "move":
            await self._host_move(channel, field(message, "move", str), field(message, "ply", int))
            return not self.ended
        if kind == "bye":
            reason = field(message, "reason", str)
            state = self.state
            over = state is not None and draw_talk.finished(self, state)
            self._finish(Ended("over") if over else Ended("left", detail=reason[:80]))
            return False
        if kind == "refused":
            self._finish(Ended("refused", str(message.get("reason"))[:40], str(message.get("detail"))[:200]))
            return False
        if kind in ("draw", "draw_reply") and not self.lingering and self.state is not None:
            if draw_talk.read_draw_message(self, self.state, message, 1 - self.seat, host=False):
                await self._say_bye(channel)  # the host agreed: the game is done
            return True
        if kind in ("rematch", "rematch_reply") and self.lingering:
            read_rematch_message(self, message)
            return True
        raise ProtocolError("unexpected", f"{kind[:40]!r} from the host")

    # ----- a rematch (after the end, colours swapped) ------------------------------------------
    async def offer_rematch(self) -> None:
        """Ask the host for a rematch (or accept theirs); EngineError when not possible."""
        if self.rematch_theirs:
            await self.answer_rematch(True)
            return
        channel = self.channel
        if not self.lingering or channel is None or channel.closed:
            raise EngineError("a rematch needs a finished game and the other player here")
        self.rematch_mine = True
        await channel.send({"type": "rematch"})

    async def answer_rematch(self, accept: bool) -> None:
        channel = self.channel
        if not self.rematch_theirs or channel is None:
            return
        self.rematch_theirs = False
        await channel.send({"type": "rematch_reply", "accept": accept})
        if accept:
            self._restart()

    def _restart(self) -> None:
        state = self.state
        assert state is not None
        self.state = new_state(state.spec.id, state.options)
        self.seat = 1 - self.seat
        self.ended = self.lingering = self.rematch_mine = self.rematch_theirs = False
        draw_talk.new_game_draws(self)
        self._host_plies, self._drops, self._plies_at_drop = 0, 0, -1
        self.report(Started(state.spec.id, dict(state.options), (), self.seat, self.token or ""))

    async def _host_move(self, channel: Channel, text: str, ply: int) -> None:
        state = self.state
        assert state is not None
        if draw_talk.finished(self, state) or state.to_move == self.seat or ply != len(state.history):
            raise ProtocolError("out_of_turn", f"host move {text[:40]!r} at ply {ply}")
        try:
            move = state.play(text)
        except EngineError as error:
            raise ProtocolError("illegal", f"host move: {error}") from None
        draw_talk.withdraw_offers(self)
        self.report(MoveArrived(str(move), ply))
        if state.outcome() is not None:
            await self._say_bye(channel)

    async def _say_bye(self, channel: Channel) -> None:
        """The game is over and the host has every move: done (else resume and retry).
        The connection stays open for a rematch until either side closes it."""
        state = self.state
        assert state is not None
        if not self.linger:
            await channel.send({"type": "bye", "reason": "over", "ply": len(state.history)})
            self._finish(Ended("over"))
            return
        await channel.send({"type": "done", "ply": len(state.history)})
        self._finish(Ended("over"))
        self.lingering = True

    # ----- the local player ---------------------------------------------------------------
    async def play_local(self, text: str) -> str:
        """Play the guest's move (checked) and send it; EngineError if refused."""
        state = self.state
        if state is None:
            raise EngineError("not joined yet")
        if self.draws.agreed:
            raise EngineError("the game ended in a draw both players agreed")
        if state.outcome() is None and state.to_move != self.seat:
            raise EngineError("it is the other player's turn")
        ply = len(state.history)
        move = str(state.play(text))
        draw_talk.withdraw_offers(self)
        channel = self.channel
        if channel is not None and not channel.closed:
            # If this fails the move is resent after the resume (the host lacks it).
            with contextlib.suppress(ConnectionError):
                await channel.send({"type": "move", "move": move, "ply": ply})
                if state.outcome() is not None:
                    await self._say_bye(channel)
        return move

    async def offer_draw(self) -> None:
        """The guest's player offers a draw; EngineError when not now or not connected."""
        channel = self.channel
        if self.state is None or channel is None or channel.closed or self.lingering:
            raise EngineError("the other player is not connected")
        await channel.send(draw_talk.local_offer(self, self.state, self.seat))

    async def answer_draw(self, accept: bool) -> None:
        """The guest's player answers the host's offer (an acceptance waits for the host)."""
        channel, state = self.channel, self.state
        message = draw_talk.local_answer(self, state, accept, host=False) if state is not None else None
        if message is not None and channel is not None and not channel.closed:
            with contextlib.suppress(ConnectionError):  # a drop withdraws it: nothing is lost
                await channel.send(message)

    def abandon(self) -> None:
        """Stop without a word (the app quits, the player saves to finish later): the
        host keeps the seat for this guest's token."""
        self.ended, self.lingering = True, False  # no Ended event: nobody listens any more
        if self.channel is not None:
            self.channel.close()

    async def close(self) -> None:
        """Leave: tell the host (unless the game ended), stop reconnecting."""
        channel = self.channel
        if (not self.ended or self.lingering) and channel is not None and not channel.closed:
            state = self.state
            ply = len(state.history) if state is not None else 0
            reason = "over" if self.lingering else "left"
            with contextlib.suppress(ConnectionError):
                await channel.send({"type": "bye", "reason": reason, "ply": ply})
        self.lingering = False
        self._finish(Ended("closed"))
        if channel is not None:
            channel.close()
