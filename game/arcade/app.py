"""The arcade's window, frame loop and scene stack.

One frame: read events (global keys first: F11 / Alt+Enter full screen, M mute),
hand them to pygame_gui then to the top scene, update, draw, flip. Scene changes
asked during a frame are applied at its end, so a scene never disappears while it
is still handling an event. The loop never waits for the AI (it runs in a child
process) and measures each frame's work time for the smoke test's statistics.
"""

from __future__ import annotations

import gc
import heapq
import os
import signal
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game import paths
from game.ai_worker import AIWorker
from game.arcade import assets
from game.arcade.audio import Audio, pre_init
from game.arcade.help_overlay import draw_help, is_help_key
from game.arcade.scene import Scene, make_scene
from game.i18n import system_language
from game.settings import Settings, load_settings, save_settings

FRAME_HISTORY = 36_000  # frames of timing kept: ten minutes at 60 fps
WARM_UP_FRAME = 2  # the frame after which the AI process and the materials start
SLOWEST_KEPT = 8  # the slowest frames remembered with their scene (the smoke tour prints them)


def settle_memory() -> None:
    """Collect once, then move what exists now out of the collector's sight: later
    collections only scan new objects, so they never stall a frame for long."""
    gc.collect()
    gc.freeze()


class App:
    """Owns the display, the UI manager, settings, audio, the AI worker and the scenes."""

    def __init__(
        self,
        *,
        windowed: bool = False,
        audio: bool = True,
        ai_min_delay: float = 0.3,
        ai_movetime: float | None = None,
    ) -> None:
        pre_init()
        pygame.init()
        self.settings, self.notice = load_settings(
            paths.settings_path(), Settings(language=system_language())
        )
        self.windowed = windowed
        self.headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        flags = pygame.SCALED
        self.fullscreen = self.settings.fullscreen and not windowed and not self.headless
        if self.fullscreen:
            flags |= pygame.FULLSCREEN
        self.screen = pygame.display.set_mode(assets.SCREEN_SIZE, flags)
        pygame.display.set_caption("Plateaux")
        self.manager = pygame_gui.UIManager(
            assets.SCREEN_SIZE,
            str(assets.THEME_PATH),
            starting_language=self.settings.language,
            translation_directory_paths=[str(assets.TRANSLATIONS_DIR)],
        )
        # The styles of rich text (the rules pages) are loaded up front: pygame_gui would
        # otherwise load them lazily, mid-frame, with a warning.
        self.manager.preload_fonts(
            [{"name": "noto_sans", "point_size": size, "style": style}
             for size in (18, 20) for style in ("bold", "italic", "bold_italic")]
        )  # fmt: skip
        self.audio = Audio(
            enabled=audio,
            music_volume=self.settings.music_volume,
            effects_volume=self.settings.effects_volume,
            muted=self.settings.muted,
        )
        self.ai_min_delay = ai_min_delay
        self.ai_movetime = ai_movetime
        self._worker: AIWorker | None = None
        self.stack: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self.running = True
        self.clock = pygame.time.Clock()
        # Seconds of work per frame, the last FRAME_HISTORY of them (memory stays bounded).
        self.frame_times: deque[float] = deque(maxlen=FRAME_HISTORY)
        self.thinking_frame_times: deque[float] = deque(maxlen=FRAME_HISTORY)  # while the AI works
        self._music: str | None = None
        self.help_shown = False  # the keyboard help (F1 or ?) covers the screen
        self.slowest_frames: list[tuple[float, int, str]] = []  # a heap: (seconds, frame, scene)
        self._frame_count = 0

    # ----- shared services ------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.settings.language

    @property
    def worker(self) -> AIWorker:
        if self._worker is None:
            self._worker = AIWorker()
        return self._worker

    def apply_settings(self, settings: Settings) -> str | None:
        """Use and save new settings; returns an error message if saving failed."""
        old, self.settings = self.settings, settings
        if settings.language != old.language:
            self.manager.set_locale(settings.language)
        self.audio.set_volumes(settings.music_volume, settings.effects_volume)
        if settings.fullscreen != old.fullscreen:
            self._set_fullscreen(settings.fullscreen)
        try:
            save_settings(paths.settings_path(), settings)
        except OSError as error:
            return f"Settings could not be saved: {error.strerror or error}"
        return None

    def toggle_fullscreen(self) -> str | None:
        """Switch between full screen and a window from what the screen is now (not the
        saved choice: --windowed overrides it), and remember it for the next start."""
        wanted = not self.fullscreen
        self._set_fullscreen(wanted)
        return self.apply_settings(self.settings.with_changes(fullscreen=wanted))

    def _set_fullscreen(self, wanted: bool) -> None:
        if self.headless or wanted == self.fullscreen:
            return
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return  # some platforms cannot switch: stay as we are
        self.fullscreen = wanted

    def effect(self, name: str) -> None:
        self.audio.play_effect(name)

    # ----- the scene stack --------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def scene(self, scene: Scene | str, *arguments: Any, **keywords: Any) -> Scene:
        """`scene` itself, or a new scene built by the factory registered under that name."""
        return make_scene(self, scene, *arguments, **keywords) if isinstance(scene, str) else scene

    def push(self, scene: Scene | str, *arguments: Any, **keywords: Any) -> None:
        """Cover the top scene with `scene` (a Scene, or a registered name and its arguments)."""
        new = self.scene(scene, *arguments, **keywords)
        self._pending.append(lambda: self._push(new))

    def pop(self) -> None:
        """Leave the top scene; leaving the last one ends the app."""

        def run() -> None:
            self._pop()
            if not self.stack:
                self.running = False

        self._pending.append(run)

    def replace(self, scene: Scene | str, *arguments: Any, **keywords: Any) -> None:
        new = self.scene(scene, *arguments, **keywords)

        def run() -> None:
            self._pop(resume=False)
            self._push(new)

        self._pending.append(run)

    def reset(self, scene: Scene | str, *arguments: Any, **keywords: Any) -> None:
        """Leave every scene and start again from `scene` (back to the title)."""
        new = self.scene(scene, *arguments, **keywords)

        def run() -> None:
            while self.stack:
                self._pop(resume=False)
            self._push(new)

        self._pending.append(run)

    def quit(self) -> None:
        self.running = False

    def _push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].deactivate()
        self.stack.append(scene)
        self._became_top(scene)

    def _pop(self, resume: bool = True) -> None:
        if not self.stack:
            return
        scene = self.stack.pop()
        scene.deactivate()
        scene.closing()
        if self.stack and resume:
            self._became_top(self.stack[-1])

    def _became_top(self, scene: Scene) -> None:
        scene.activate()
        if scene.music is not None and scene.music != self._music:
            self._music = scene.music
            self.audio.play_music(scene.music)

    def apply_pending(self) -> None:
        while self._pending:
            self._pending.pop(0)()

    # ----- the frame loop ----------------------------------------------------------
    def frame(self, dt: float, events: list[pygame.event.Event]) -> None:
        """One frame of work: events, update, draw, flip (the clock wait excluded)."""
        started = time.perf_counter()
        scene = self.top
        thinking = scene is not None and scene.busy_thinking
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if self._global_key(event):
                continue
            self.manager.process_events(event)
            if scene is not None:
                scene.handle_event(event)
        if scene is not None:
            scene.update(dt)
        self.manager.update(dt)
        self.audio.update(dt)
        self.apply_pending()
        scene = self.top
        if scene is not None:
            scene.draw(self.screen)
            self.manager.draw_ui(self.screen)
            scene.draw_overlay(self.screen)
            if self.help_shown:
                draw_help(self.screen, scene.shortcuts, self.lang)
        pygame.display.flip()
        spent = time.perf_counter() - started
        self.frame_times.append(spent)
        if thinking:
            self.thinking_frame_times.append(spent)
        # The slowest frames and the screen they were on: where a hitch comes from.
        where = type(self.top).__name__ if self.top is not None else "-"
        heapq.heappush(self.slowest_frames, (spent, self._frame_count, where))
        if len(self.slowest_frames) > SLOWEST_KEPT:
            heapq.heappop(self.slowest_frames)
        self._frame_count += 1

    def _global_key(self, event: pygame.event.Event) -> bool:
        if self.help_shown and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.help_shown = False  # any key or click closes the help, and does nothing else
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if is_help_key(event) and not self._typing():
            self.help_shown = True
            return True
        alt_enter = event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT
        if event.key == pygame.K_F11 or alt_enter:
            self.toggle_fullscreen()
            return True
        if event.key == pygame.K_m and not self._typing():
            muted = self.audio.toggle_mute()
            self.apply_settings(self.settings.with_changes(muted=bool(muted)))
            return True
        return False

    def _typing(self) -> bool:
        focused = self.manager.get_focus_set()  # type: ignore[no-untyped-call]
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focused or ())

    def run(self, first: Scene, warm_up: Callable[[], object] | None = None) -> None:
        """The frame loop, from `first` until quit. Once the first screen is up, the AI
        process starts and `warm_up` runs (the boards' materials, on a thread): they get
        ready while the title shows, and the first frame never waits for them."""
        self._push(first)
        settle_memory()
        # Ctrl-C in the terminal quits like closing the window: quietly, autosave kept.
        previous = signal.signal(signal.SIGINT, lambda *_: self.quit())
        try:
            while self.running:
                dt = self.clock.tick(60) / 1000.0
                self.frame(min(dt, 0.1), pygame.event.get())
                if self._frame_count == WARM_UP_FRAME:
                    self.worker.warm_up()  # the first AI move never waits for the engine's imports
                    if warm_up is not None:
                        warm_up()
        finally:
            signal.signal(signal.SIGINT, previous)
        self.close()

    def close(self) -> None:
        """Leave every scene (the board autosaves as it closes), stop the AI and audio."""
        while self.stack:
            self._pop(resume=False)
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self.audio.close()
        pygame.quit()
        assets.forget_fonts()
