"""The Tkinter view of Plateaux: `python main.py --tk [--smoke] [--game GAME] [--vs LEVEL]`.

A Tk-only process (pygame is never imported here). `run(argv)` reads the command line
and opens the window (game/tk/window.py). `--smoke` plays a whole AI-against-AI game of
the first game on screen, moves 0.2 s apart, then closes itself and exits 0 (1 if it overruns).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tkinter as tk

from engine.core import EngineError
from engine.registry import get_spec, levels_for
from game.controller.texts import outcome_words
from game.i18n import system_language
from game.paths import settings_path
from game.settings import Settings, load_settings
from game.tk.options import DEFAULT_GAME, build_parser
from game.tk.setup import HUMAN, MatchSetup
from game.tk.text import tt
from game.tk.window import AI_MIN_DELAY, TkApp

__all__ = ["TkApp", "run"]

SMOKE_LEVELS = ("medium", "easy")
SMOKE_MOVETIME = 0.05
SMOKE_DELAY = 0.2  # seconds between moves in the smoke game, so they can be seen
SMOKE_TIME_CAP = 240.0  # the smoke game fails if it is not over by then


# ----- command line -----------------------------------------------------------
def parse_arguments(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def setup_from(args: argparse.Namespace) -> MatchSetup:
    from engine.cli.options import parse_options

    options = get_spec(args.game).check_options(parse_options(args.option))
    if args.smoke:
        return MatchSetup(DEFAULT_GAME, {}, SMOKE_LEVELS, SMOKE_MOVETIME)
    level = None if args.vs == "human" else args.vs
    offered = levels_for(args.game)
    if level is not None and level not in offered:
        raise ValueError(f"{args.game} has no level {level!r} (choose from {', '.join(offered)})")
    levels = (level, HUMAN) if args.ai_first else (HUMAN, level)
    return MatchSetup(args.game, options, levels, args.movetime)


def run(argv: list[str]) -> int:
    """Entry point for `python main.py --tk ...`; returns the exit status."""
    try:
        args = parse_arguments(argv)
    except SystemExit as stop:  # argparse already printed the message
        return int(stop.code or 0)
    try:
        setup = setup_from(args)
    except (EngineError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        root = tk.Tk(className="Plateaux")
    except tk.TclError as error:
        print(f"error: cannot open the Tk window ({error}); is a display available?", file=sys.stderr)
        return 1
    root.geometry("1180x760")
    lang = args.lang or load_settings(settings_path(), Settings(language=system_language()))[0].language
    app = TkApp(
        root, setup, lang, ai_delay=SMOKE_DELAY if args.smoke else AI_MIN_DELAY, announce=not args.smoke
    )
    status = {"code": 0}
    if args.smoke:
        _arm_smoke(app, status)
    try:
        root.mainloop()
    finally:
        app.close()  # no-op when the window already closed itself
        # The window's objects die here, on the Tk thread (game/tk/collect.py says why).
        del app, root
        gc.collect()
    return status["code"]


def _arm_smoke(app: TkApp, status: dict[str, int]) -> None:
    started = time.monotonic()

    def finished() -> None:
        outcome = app.game.state.outcome()
        print(
            f"smoke: {outcome_words(app.game.session, 'en')} after {app.game.state.ply} moves "
            f"in {time.monotonic() - started:.1f} s ({outcome})",
            flush=True,
        )
        app.root.after(1000, app.close)

    def too_slow() -> None:
        if app.closed:
            return
        print(
            f"smoke failed: {tt('smoke_timeout', 'en', seconds=int(SMOKE_TIME_CAP))} "
            f"({app.game.state.ply} moves played)",
            file=sys.stderr,
            flush=True,
        )
        status["code"] = 1
        app.close()

    def ai_failed(error: str) -> None:
        print(f"smoke failed: the AI could not move: {error}", file=sys.stderr, flush=True)
        status["code"] = 1
        app.close()

    app.game_over_callbacks.append(finished)
    app.ai_error_callbacks.append(ai_failed)
    app.root.after(int(SMOKE_TIME_CAP * 1000), too_slow)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
