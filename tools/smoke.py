"""`main.py --smoke DIR`: a scripted tour of every scene, headless, with screenshots.

It drives the real scenes through their own entry points (menu actions, clicks),
shows Teeko's solved verdicts (the hint, the game over's "decided at", the replay's
marker), plays an AI-against-AI game of nine to its end at high animation speed,
saves one PNG per scene and prints frame-time statistics, p99 included, measured
while the AI thinks. Exit status 0 when every step happened.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Collection
from pathlib import Path

import pygame

from game.arcade.app import WARM_UP_FRAME, WORKER_WARM_UP_FRAME, App
from game.arcade.assets import font_warmers
from game.session import HUMAN, GameSession, GameSetup, Seat
from tools.smoke_parts import (
    GAME_TIME_LIMIT,
    MOVING_PHASE,
    SMOKE_ANIMATION_SPEED,
    SMOKE_MOVETIME,
    Tour,
    click_at,
    tour_chain_replay,
    tour_draw_offer,
    tour_looks,
    tour_review,
    tour_teeko_verdicts,
)


def tour(t: Tour) -> None:
    import scenes
    from scenes.board import BoardScene
    from scenes.difficulty import DifficultyScene
    from scenes.game_over import GameOverScene
    from scenes.game_select import GameSelectScene
    from scenes.mode_select import AI_VS_AI, VS_AI, ModeSelectScene
    from scenes.replay import ReplayScene
    from scenes.rules import RulesScene
    from scenes.settings import SettingsScene
    from scenes.title import TitleScene

    app = t.app
    app.start(TitleScene(app))
    # As App.run does: once the title is up, the AI process and the boards' materials
    # get ready while it shows (the frames go on meanwhile, and count in the statistics).
    t.frames(WARM_UP_FRAME)
    materials = scenes.warm_up_materials()
    app.idle_tasks.extend(font_warmers())  # as App.run does: one a frame
    t.frames(WORKER_WARM_UP_FRAME - WARM_UP_FRAME)
    app.worker.warm_up()
    if not t.until(lambda: not materials.is_alive(), 30):
        raise RuntimeError("the boards' materials were not ready after 30 s")
    t.frames(60)  # a player reads the title for a second or two
    t.shot("menu")
    t.expect(TitleScene).choose("play")
    t.frames(5)
    select = t.expect(GameSelectScene)
    select.choose("game:twelve")
    t.frames(10)
    t.shot("game_select")
    select.choose("game:nine")
    select.choose("next")
    t.frames(10)
    t.shot("mode_select")

    # A person against the computer: place a piece, then a refused click.
    t.expect(ModeSelectScene).choose(VS_AI)
    t.frames(5)
    t.expect(DifficultyScene).choose("start")
    t.frames(10)
    board = t.expect(BoardScene)
    d6 = board.look.geometry.cell_names.index("d6")
    t.frames(1, lambda _: click_at(board.look.centre(d6)))
    if len(board.session.state.history) != 1:
        raise RuntimeError("the click on d6 did not place a piece")
    t.until(lambda: len(board.session.state.history) >= 2, 20)
    t.frames(20)
    t.frames(1, lambda _: click_at(board.look.centre(d6)))
    if not board.refused:
        raise RuntimeError("a click on an occupied point was not refused")
    hover = board.look.geometry.cell_names.index("f4")
    t.frames(
        10,
        lambda _: [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=board.look.centre(hover), rel=(0, 0), buttons=(0, 0, 0)
            )
        ],
    )
    t.shot("board_vs_ai")
    help_key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    t.frames(3, lambda i: [help_key] if i == 0 else [])  # the keyboard help, over the board
    if not app.help_shown:
        raise RuntimeError("F1 did not open the keyboard help")
    t.shot("board_help")
    app.settings = app.settings.with_changes(language="fr")
    app.manager.set_locale("fr")
    t.frames(2)
    t.shot("board_help_fr")
    app.settings = app.settings.with_changes(language="en")
    app.manager.set_locale("en")
    t.frames(2, lambda i: [help_key] if i == 0 else [])  # any key closes it
    # Hint, save (no dialog without a display: the fallback file), undo and redo.
    board.press("hint")
    if not t.until(lambda: board.hint is not None, 20):
        raise RuntimeError("no hint came")
    board.press("save")
    t.until(lambda: not board.files.busy, 10)
    if not board.status_override.startswith("Saved"):
        raise RuntimeError(f"saving failed: {board.status_override}")
    board.press("undo")
    if board.session.state.history:
        raise RuntimeError("undo did not take back the person's move and the reply")
    board.press("redo")
    if len(board.session.state.history) != 2:
        raise RuntimeError("redo did not restore both moves")
    board.leave_to_menu()
    t.frames(5)
    # Continue restores the autosave written as the board closed.
    t.expect(TitleScene).choose("continue")
    t.frames(5)
    resumed = t.expect(BoardScene)
    if len(resumed.session.state.history) != 2:
        raise RuntimeError("Continue did not restore the game in progress")
    resumed.leave_to_menu()
    t.frames(5)

    # Two people in the moving phase: select g4; its targets show; g7 closes a mill.
    moving = GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(HUMAN))))
    moving.state.play_all(MOVING_PHASE.split())
    app.push(BoardScene(app, moving))
    t.frames(3)
    people = t.expect(BoardScene)
    names = people.look.geometry.cell_names
    t.frames(1, lambda _: click_at(people.look.centre(names.index("g4"))))
    t.frames(1, lambda _: click_at(people.look.centre(names.index("g7"))))
    if list(people.builder.prefix) != [names.index("g4"), names.index("g7")]:
        raise RuntimeError("the step g4-g7 was not taken as the first two clicks of a mill move")
    t.frames(12)
    t.shot("board_mill")
    people.leave_to_menu()
    t.frames(3)
    tour_looks(t)
    tour_chain_replay(t)
    tour_draw_offer(t)
    tour_teeko_verdicts(t)

    # Computer against computer, played to its end.
    t.expect(TitleScene).choose("play")
    t.frames(2)
    t.expect(GameSelectScene).choose("next")
    t.frames(2)
    t.expect(ModeSelectScene).choose(AI_VS_AI)
    t.frames(2)
    difficulty = t.expect(DifficultyScene)
    difficulty.choose("cycle:0")  # medium -> hard
    difficulty.choose("cycle:0")  # hard -> easy
    t.frames(5)
    t.shot("difficulty")
    difficulty.choose("start")
    t.frames(2)
    game = t.expect(BoardScene)
    if not t.until(lambda: len(game.session.state.history) >= 14 or game.session.over, 60):
        raise RuntimeError("the AI game did not progress")
    t.until(lambda: not game.animator.busy, 5)
    t.shot("board_ai_vs_ai")
    started = time.monotonic()
    if not t.until(lambda: isinstance(app.top, GameOverScene), GAME_TIME_LIMIT):
        raise RuntimeError(f"the AI game did not end within {GAME_TIME_LIMIT:.0f} s")
    plies = len(game.session.state.history)
    print(
        f"AI-vs-AI game of nine: {plies} plies, over {time.monotonic() - started:.1f} s after the board shot"
    )
    t.frames(20)
    t.shot("game_over")
    tour_review(t)
    t.expect(GameOverScene).choose("replay")
    t.frames(150)
    t.expect(ReplayScene)
    t.shot("replay")
    app.reset(TitleScene(app))
    t.frames(3)
    t.expect(TitleScene).choose("settings")
    t.frames(10)
    settings = t.expect(SettingsScene)
    t.shot("settings")
    # The same screen in French, without writing the player's settings file.
    app.settings = app.settings.with_changes(language="fr")
    app.manager.set_locale("fr")
    settings.rebuild()
    t.frames(5)
    t.shot("settings_fr")
    app.settings = app.settings.with_changes(language="en")
    app.manager.set_locale("en")
    app.pop()
    t.frames(3)
    t.expect(TitleScene).choose("rules")
    t.frames(10)
    t.expect(RulesScene)
    t.shot("rules")
    app.pop()
    t.frames(3)


def report(app: App) -> None:
    def line(label: str, samples: Collection[float]) -> str:
        if not samples:
            return f"{label}: no frames"
        ms = sorted(s * 1000 for s in samples)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        return (
            f"{label}: {len(ms)} frames, mean {statistics.fmean(ms):.2f} ms, "
            f"p50 {ms[len(ms) // 2]:.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms"
        )

    print(line("frame time, all frames", app.frame_times))
    print(line("frame time while the AI thinks", app.thinking_frame_times))
    slowest = sorted(app.slowest_frames, reverse=True)
    shown = (f"{seconds * 1000:.0f} ms ({where}, frame {n})" for seconds, n, where in slowest)
    print("slowest frames: " + ", ".join(shown))


def run_smoke(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    app = App(windowed=True, audio=True, ai_min_delay=SMOKE_MOVETIME, ai_movetime=SMOKE_MOVETIME)
    # Fast animations for the tour, never written to the player's settings file.
    app.settings = app.settings.with_changes(animation_speed=SMOKE_ANIMATION_SPEED, language="en")
    app.manager.set_locale("en")
    t = Tour(app, out)
    try:
        tour(t)
    except Exception as error:
        print(f"smoke tour failed: {type(error).__name__}: {error}", file=sys.stderr)
        app.close()
        return 1
    report(app)
    app.close()
    print(f"{len(t.shots)} screenshots in {out}")
    return 0
