"""A draw by agreement over the network (game.net.draw_talk): the player to move offers,
the other answers; the host settles it, so both ends end the game drawn together, and
the link stays open for a rematch. Offers out of turn are protocol errors; a move or a
dropped connection withdraws what is pending. Loopback only, bounded waits."""

from __future__ import annotations

import asyncio

import pytest
from test_net_helpers import RawClient, close_pair, joined_pair, run, started_host

from engine.core import EngineError
from game.net.events import DrawOffered, DrawSettled, Ended, MoveArrived, Started


def test_the_guest_offers_the_host_accepts_and_both_end_drawn() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await joined_pair()
        await host.play_local("c3")
        await guest_events.wait_for(MoveArrived)
        await guest.offer_draw()  # the guest is to move
        await host_events.wait_for(DrawOffered)
        await host.answer_draw(True)
        assert host.draws.agreed and host_events.of(DrawSettled) == [DrawSettled(True)]
        assert await guest_events.wait_for(DrawSettled) == DrawSettled(True) and guest.draws.agreed
        assert await host_events.wait_for(Ended) == Ended("over")  # the guest said it is done
        assert guest.lingering  # the link stays for a rematch
        with pytest.raises(EngineError):
            await guest.play_local("b2")
        await close_pair(host, guest, task)

    run(scenario())


def test_the_host_offers_the_guest_accepts_and_the_host_confirms() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await joined_pair()
        await host.offer_draw()
        await guest_events.wait_for(DrawOffered)
        await guest.answer_draw(True)
        assert await host_events.wait_for(DrawSettled) == DrawSettled(True) and host.draws.agreed
        assert await guest_events.wait_for(DrawSettled) == DrawSettled(True)  # confirmed
        assert await host_events.wait_for(Ended) == Ended("over")
        await close_pair(host, guest, task)

    run(scenario())


def test_a_declined_offer_lets_the_game_go_on_and_a_new_offer_is_possible() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await joined_pair()
        await host.offer_draw()
        await guest_events.wait_for(DrawOffered)
        await guest.answer_draw(False)
        assert await host_events.wait_for(DrawSettled) == DrawSettled(False)
        assert not host.draws.agreed and not guest.draws.agreed and host.draws.mine is None
        await host.play_local("c3")
        await guest_events.wait_for(MoveArrived)
        await guest.offer_draw()
        await host_events.wait_for(DrawOffered)
        await host.answer_draw(False)
        assert await guest_events.wait_for(DrawSettled) == DrawSettled(False)
        await guest.play_local("b2")
        await host_events.wait_for(MoveArrived)
        assert host.ended is False and len(host.state.history) == 2
        await close_pair(host, guest, task)

    run(scenario())


def test_offers_out_of_turn_are_refused_at_home_and_on_the_wire() -> None:
    async def scenario() -> None:
        host, _ = await started_host("teeko", seat=0)
        with pytest.raises(EngineError):
            await host.offer_draw()  # nobody has joined
        client = await RawClient.connect(host.port)
        welcome = await client.hello(host.code)
        assert welcome["type"] == "welcome" and welcome["agreed"] is False
        await client.send({"type": "draw", "ply": 0})  # the host (Black) is to move, not the guest
        refused = await client.receive()
        assert (refused["type"], refused["reason"]) == ("refused", "out_of_turn")
        client.close()
        await host.close()

    run(scenario())


def test_a_stale_reply_is_ignored_and_a_drop_withdraws_the_offer() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await joined_pair()
        await host.offer_draw()
        await guest_events.wait_for(DrawOffered)
        assert guest.channel is not None
        guest.channel.close()  # the connection drops before any answer
        await host_events.wait_for(Started)  # (the first one, long ago)
        await guest_events.wait_for(Started)
        for _ in range(200):
            if host.draws.mine is None and guest.draws.theirs is None and host.guest is not None:
                break
            await asyncio.sleep(0.01)
        assert host.draws.mine is None and guest.draws.theirs is None  # withdrawn on both ends
        await guest.answer_draw(True)  # nothing pending: nothing is sent
        await asyncio.sleep(0.1)
        assert not host.draws.agreed and not host_events.of(DrawSettled)
        await close_pair(host, guest, task)

    run(scenario())


def test_a_guest_back_after_a_drop_learns_the_draw_from_the_welcome() -> None:
    async def scenario() -> None:
        host, host_events = await started_host("teeko", seat=0)
        client = await RawClient.connect(host.port)
        welcome = await client.hello(host.code)
        await host.play_local("c3")
        assert (await client.receive())["type"] == "move"
        await client.send({"type": "draw", "ply": 1})
        await host_events.wait_for(DrawOffered)
        await host.answer_draw(True)
        client.close()  # gone before reading the answer
        await host_events.wait_for(DrawSettled)
        again = await RawClient.connect(host.port)
        back = await again.hello(host.code, token=welcome["token"])
        assert back["type"] == "welcome" and back["agreed"] is True and back["moves"] == ["c3"]
        await again.send({"type": "done", "ply": 1})
        assert await host_events.wait_for(Ended) == Ended("over")
        again.close()
        await host.close()

    run(scenario())


def test_one_offer_per_position_on_the_wire() -> None:
    async def scenario() -> None:
        host, host_events = await started_host("teeko", seat=1)  # the guest (Black) moves first
        client = await RawClient.connect(host.port)
        await client.hello(host.code)
        await client.send({"type": "draw", "ply": 0})
        await host_events.wait_for(DrawOffered)
        await host.answer_draw(False)
        assert (await client.receive())["accept"] is False
        await client.send({"type": "draw", "ply": 0})  # again in the same position: a flood
        refused = await client.receive()
        assert (refused["type"], refused["reason"]) == ("refused", "unexpected")
        assert len(host_events.of(DrawOffered)) == 1
        client.close()
        await host.close()

    run(scenario())
