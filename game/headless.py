"""Headless network play for tests and bots: an AI hosts or joins a game and plays it out.

    python main.py --headless --game nine --ai easy --host 0
    python main.py --headless --join 127.0.0.1:47470 --code ABC234 --ai easy

The host prints `listening on port N` and `join code: XXXXXX` (flushed) and waits for
its guest. Both print as their last line `result: <winner> moves: <moves>`, where the
winner is the winning side's name in lower case (spec.player_names: "white", "black")
or "draw", and the moves are in the game's notation, separated by spaces; exit status
0. Any failure prints `error: ...` on standard error and exits 1. Never imports pygame.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable, Sequence

from engine.ai import LEVELS, choose_move
from engine.cli.options import parse_options
from engine.core import FIRST, SECOND, GameState
from engine.registry import GAMES
from game.net.events import Ended, Lost, NetEvent, Notice, Resumed, Started
from game.net.guest import Guest
from game.net.host import Host
from game.net.protocol import DEFAULT_PORT, Timing, parse_address

WAIT_FOR_GUEST = 600.0  # seconds a headless host waits for its guest at most


def result_line(state: GameState) -> str:
    """The line both sides print at the end: the same text from the same game."""
    outcome = state.outcome()
    if outcome is None:
        winner = "unfinished"
    elif outcome.winner is None:
        winner = "draw"
    else:
        winner = state.spec.player_names[outcome.winner].lower()
    return f"result: {winner} moves: {' '.join(str(m) for m in state.history)}"


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py --headless", description="Network play without a window.")
    parser.add_argument("--game", choices=sorted(GAMES), default=next(iter(GAMES)), help="the game to host")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--ai", choices=LEVELS, default="medium", help="the AI level that plays this side")
    parser.add_argument("--movetime", type=float, default=None, help="seconds per move for the hard level")
    role = parser.add_mutually_exclusive_group(required=True)
    role.add_argument("--host", type=int, metavar="PORT", help="host a game on PORT (0: any free port)")
    role.add_argument("--join", metavar="HOST:PORT", help="join the game hosted there")
    parser.add_argument("--code", help="the host's join code (with --join)")
    parser.add_argument("--side", choices=("first", "second"), default="first", help="the host's side")
    parser.add_argument("--bind", default="0.0.0.0", help="the address a host listens on")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on standard error")
    return parser


def run(argv: Sequence[str]) -> int:
    args = parse_arguments(argv)
    if args.movetime is not None and not args.movetime > 0:
        print("error: --movetime must be a positive number of seconds", file=sys.stderr)
        return 2
    if args.host is not None and not 0 <= args.host <= 65535:
        print(f"error: --host {args.host}: a port is a number from 0 to 65535", file=sys.stderr)
        return 2
    if args.join is not None and not args.code:
        print("error: --join needs --code", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_main(args))
    except KeyboardInterrupt:
        return 130


def _log(args: argparse.Namespace, text: str) -> None:
    if not args.quiet:
        print(text, file=sys.stderr, flush=True)


async def _main(args: argparse.Namespace) -> int:
    events: asyncio.Queue[NetEvent] = asyncio.Queue()
    timing = Timing()
    if args.host is not None:
        try:
            options = parse_options(args.option)
            seat = FIRST if args.side == "first" else SECOND
            host = Host(args.game, options, seat, report=events.put_nowait, timing=timing)
            port = await host.start(args.host, args.bind)
        except (ValueError, OSError, OverflowError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"listening on port {port}", flush=True)
        print(f"join code: {host.code}", flush=True)
        try:
            return await _play(args, host, host.play_local, events)
        finally:
            await host.close()
    try:
        address, port = parse_address(args.join, DEFAULT_PORT)
    except ValueError as error:
        print(f"error: bad address {args.join!r}: {error}", file=sys.stderr)
        return 2
    guest = Guest(address, port, args.code, report=events.put_nowait, timing=timing)
    task = asyncio.create_task(guest.run())
    try:
        return await _play(args, guest, guest.play_local, events)
    finally:
        await guest.close()
        await task


async def _play(
    args: argparse.Namespace,
    link: Host | Guest,
    play: Callable[[str], Awaitable[str]],
    events: asyncio.Queue[NetEvent],
) -> int:
    """Move when it is our turn, else wait for the link's events; until it ends."""
    while True:
        state = link.state
        if link.ready and state is not None and state.outcome() is None and state.to_move == link.seat:
            snapshot = state.copy()  # the search never sees the live state
            move = await asyncio.to_thread(choose_move, snapshot, args.ai, movetime=args.movetime)
            await play(str(move))
            continue
        over = state is not None and state.outcome() is not None
        wait = Timing().resume_window if over else WAIT_FOR_GUEST
        try:
            event = await asyncio.wait_for(events.get(), wait)
        except TimeoutError:
            if over:  # the host is the authority: its finished game stands
                break
            print(f"error: no news from the other side in {wait:.0f} s", file=sys.stderr)
            return 1
        if isinstance(event, Ended):
            if event.reason == "over":
                break
            print(f"error: {_ended_text(event)}", file=sys.stderr)
            return 1
        if isinstance(event, Started):
            _log(args, f"started {event.game_id}, playing {'first' if event.seat == FIRST else 'second'}")
        elif isinstance(event, Lost | Resumed | Notice):
            _log(
                args,
                f"{type(event).__name__.lower()}: {getattr(event, 'detail', getattr(event, 'text', ''))}",
            )
    assert link.state is not None
    print(result_line(link.state), flush=True)
    return 0


def _ended_text(event: Ended) -> str:
    if event.reason == "refused":
        return f"refused by the host ({event.refusal}: {event.detail})"
    return f"{event.reason} {event.detail}".strip()
