"""One arcade instance playing a network game by itself, for the kill -9 check
(tests/test_net_kill.py): a real App (no window), real scenes and autosave, and a
player who clicks a random legal move whenever it is their turn.

    python -m tools.net_peer host GAME            # prints {"port": P, "code": C}
    python -m tools.net_peer join PORT CODE
    python -m tools.net_peer continue             # the title's Continue

Each change of the game prints a JSON line {"moves": [...]} on standard output. It runs
until the game is over (then prints {"over": true}) or it is killed. PLATEAUX_HOME says
where its autosave lives, as for the arcade itself.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

LIMIT_SECONDS = 120.0  # a peer never outlives a check that forgot it


def say(data: object) -> None:
    print(json.dumps(data), flush=True)


def main(argv: list[str]) -> int:
    import scenes  # registers the scenes
    from game.arcade.app import App
    from game.net.bridge import NetBridge
    from game.net.events import Listening, Started
    from scenes.board import BoardScene
    from scenes.lan_start import start_lan_board
    from scenes.title import TitleScene

    del scenes
    app = App(windowed=True, audio=False, ai_min_delay=0.0)
    app.settings = app.settings.with_changes(animation_speed=0.0)
    app.start(TitleScene(app))
    rng = random.Random(os.getpid())
    deadline = time.monotonic() + LIMIT_SECONDS
    mode = argv[0]
    bridge: NetBridge | None = None
    if mode == "continue":
        title = app.top
        assert isinstance(title, TitleScene)
        title.choose("continue")
        app.apply_pending()
    else:
        bridge = NetBridge()
        if mode == "host":
            bridge.host(argv[1], {}, port=0, announce=False)
        else:
            bridge.join("127.0.0.1", int(argv[1]), argv[2])
    shown: list[str] = []
    while time.monotonic() < deadline:
        if bridge is not None:  # before the board: wait for the game to start
            events = bridge.poll()
            for index, event in enumerate(events):
                if isinstance(event, Listening):
                    say({"port": event.port, "code": event.code})
                elif isinstance(event, Started):  # the events after it belong to the board
                    start_lan_board(app, bridge, event, events[index + 1 :])
                    bridge = None
                    break
        board = app.top
        if isinstance(board, BoardScene):
            if board.human_to_move() and not board.animator.busy:
                move = rng.choice(board.session.state.legal_moves())
                for cell in move.steps or (None,):
                    board.click_cell(cell)
                if board.builder.can_stop:
                    board.stop_here()
            moves = [str(m) for m in board.session.state.history]
            if moves != shown:
                shown = moves
                say({"moves": moves})
            if board.session.over:
                say({"over": True})
                break
        app.frame(1 / 30, [])
        time.sleep(0.01)
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
