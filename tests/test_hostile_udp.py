"""Hostile UDP announcements (issue 17, items 1 and 8): unknown games, garbage, floods
and spoofed renames never crash the Join screen nor push real hosts off its list."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from collections.abc import Iterator

import pytest

from game.net.discovery import (
    FORGET_AFTER,
    MAX_FOUND,
    MAX_PER_ADDRESS,
    Listener,
    announcement,
    read_announcement,
)
from game.net.events import FoundGame, GamesFound

CHESS = b'{"plateaux":1,"game":"chess","options":{},"port":47470,"name":"x"}'


def hostile_datagrams(rng: random.Random, count: int) -> Iterator[bytes]:
    """Unknown games, bad options, malformed JSON, deep nesting, random bytes."""
    for index in range(count):
        kind = index % 7
        if kind == 0:
            yield CHESS
        elif kind == 1:
            yield announcement(f"game{rng.randrange(10**6)}", {}, rng.randrange(1, 65536), "flood")
        elif kind == 2:
            yield announcement("teeko", {"size": rng.randrange(99)}, 4000, "bad options")
        elif kind == 3:
            yield b"[" * 600 + b"]" * 600
        elif kind == 4:
            yield bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        elif kind == 5:
            nested = {"plateaux": 1, "game": "nine", "options": {"a": [1]}, "port": 5, "name": ""}
            yield json.dumps(nested).encode()
        else:
            yield b'{"plateaux":1,"game":"nine","options":{},"port":70000,"name":""}'


def test_unknown_games_and_garbage_are_never_listed() -> None:
    assert read_announcement(CHESS, "10.0.0.1") is None
    listener = Listener(0)
    for data in hostile_datagrams(random.Random(1), 700):
        listener.hear(data, "10.0.0.66", 1.0)
    assert listener.games(1.0) == ()


def test_a_flood_from_many_senders_does_not_push_real_hosts_out() -> None:
    listener = Listener(0)
    real = [announcement("nine", {}, 47470, f"real {n}") for n in range(3)]
    now = 0.0
    for second in range(6):
        now = float(second)
        for n, data in enumerate(real):
            listener.hear(data, f"192.168.1.{n + 1}", now)
        for flood in range(500):  # a new fake host every datagram, from ever new addresses
            sender = f"10.{second}.{flood // 250}.{flood % 250}"
            listener.hear(announcement("teeko", {}, 1000 + flood, "fake"), sender, now)
    names = {g.name for g in listener.games(now)}
    assert {"real 0", "real 1", "real 2"} <= names
    assert len(listener.games(now)) <= MAX_FOUND


def test_one_sender_lists_a_bounded_number_of_games() -> None:
    listener = Listener(0)
    for port in range(1, 200):
        listener.hear(announcement("othello", {}, port, "many"), "10.0.0.9", 0.0)
    assert len(listener.games(0.0)) == MAX_PER_ADDRESS


def test_a_spoofed_packet_cannot_rename_a_listed_game() -> None:
    listener = Listener(0)
    listener.hear(announcement("nine", {}, 47470, "salon"), "192.168.1.5", 0.0)
    listener.hear(announcement("nine", {}, 47470, "EVIL"), "192.168.1.5", 0.5)
    listener.hear(announcement("teeko", {}, 47470, "salon"), "192.168.1.5", 0.6)
    (game,) = listener.games(1.0)
    assert (game.name, game.game_id) == ("salon", "nine")
    # Once the real host is gone and forgotten, a new announcement is listed again.
    listener.hear(announcement("teeko", {}, 47470, "new"), "192.168.1.5", 1.0 + FORGET_AFTER + 0.1)
    assert [g.name for g in listener.games(1.0 + FORGET_AFTER + 0.2)] == ["new"]


def test_a_real_listener_survives_a_loopback_flood() -> None:
    async def scenario() -> tuple[FoundGame, ...]:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        listener = Listener(port)
        await listener.start()
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as noise:
            for data in hostile_datagrams(random.Random(2), 1400):
                noise.sendto(data, ("127.0.0.1", port))
                await asyncio.sleep(0)
            noise.sendto(announcement("teeko", {}, 4242, "real"), ("127.0.0.1", port))
        for _ in range(100):  # bounded: the datagrams are local, they arrive at once
            await asyncio.sleep(0.02)
            if listener.games():
                break
        games = listener.games()
        listener.stop()
        return games

    games = asyncio.run(scenario())
    assert [(g.game_id, g.name) for g in games] == [("teeko", "real")]


def test_the_join_screen_stays_up_with_an_unknown_game_in_its_list(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    pytest.importorskip("pygame_gui")
    from conftest import headless_arcade

    from scenes.join import JoinScene

    for app in headless_arcade(tmp_path_factory, animation_speed=0.0):
        scene = JoinScene(app)
        app.reset(scene)
        app.apply_pending()
        # The listener filters them; the list must survive one anyway (a newer filter bug).
        games = (FoundGame("10.0.0.5", 1, "chess", {}, "x"), FoundGame("10.0.0.6", 1, "nine", {}, "y"))
        assert scene.bridge is not None
        for _ in range(50):
            scene.bridge._events.put(GamesFound(games))
            app.frame(1 / 30, [])
        assert app.top is scene and len(scene._items()) == 2
        assert "chess" in str(scene._items()[0])
        scene.closing()
