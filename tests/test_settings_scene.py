"""The settings scene without a mouse: the volume sliders join the focus ring and
Left/Right change them; a click on a slider's track jumps there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from game.arcade.app import App  # noqa: E402
from scenes.settings import SLIDER_NAMES, VOLUME_STEP, SettingsScene  # noqa: E402


@pytest.fixture
def scene(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SettingsScene]:
    monkeypatch.setenv("PLATEAUX_HOME", str(tmp_path))
    app = App(windowed=True, audio=False)
    app.settings = app.settings.with_changes(language="en", music_volume=0.6, effects_volume=0.8)
    settings = SettingsScene(app)
    app.push(settings)
    app.apply_pending()
    yield settings
    app.close()


def key(scene: SettingsScene, code: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_tab_reaches_each_slider_after_the_buttons(scene: SettingsScene) -> None:
    buttons = len(scene.buttons)
    scene.focus = buttons - 1
    key(scene, pygame.K_DOWN)
    assert scene.focus == buttons  # the music slider
    key(scene, pygame.K_DOWN)
    assert scene.focus == buttons + 1  # the effects slider
    key(scene, pygame.K_DOWN)
    assert scene.focus == 0  # round to the first button


def test_left_and_right_change_the_focused_volume_and_save_it(scene: SettingsScene) -> None:
    scene.focus = len(scene.buttons) + SLIDER_NAMES.index("music")
    key(scene, pygame.K_LEFT)
    key(scene, pygame.K_LEFT)
    assert scene.app.settings.music_volume == pytest.approx(0.6 - 2 * VOLUME_STEP / 100)
    assert scene.sliders["music"].get_current_value() == 60 - 2 * VOLUME_STEP
    assert scene.app.settings.effects_volume == pytest.approx(0.8)  # the other one untouched
    scene.focus = len(scene.buttons) + SLIDER_NAMES.index("effects")
    for _ in range(10):
        key(scene, pygame.K_RIGHT)
    assert scene.app.settings.effects_volume == pytest.approx(1.0)  # clamped at 100 %


def test_left_on_a_button_does_not_touch_the_volumes(scene: SettingsScene) -> None:
    scene.focus = 0
    key(scene, pygame.K_LEFT)
    assert scene.app.settings.music_volume == pytest.approx(0.6)


def test_a_click_on_the_track_jumps_there(scene: SettingsScene) -> None:
    rect = scene.sliders["music"].get_abs_rect()
    at_quarter = (rect.x + rect.width // 4, rect.centery)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at_quarter))
    assert scene.app.settings.music_volume == pytest.approx(0.25, abs=0.01)
    assert scene.focus == len(scene.buttons) + SLIDER_NAMES.index("music")


def test_full_screen_line_says_what_the_screen_is(scene: SettingsScene) -> None:
    """Under --windowed (and headless) the arcade is in a window, whatever the saved
    choice: the line says 'off', not the file's 'on'."""
    app = scene.app
    app.settings = app.settings.with_changes(fullscreen=True)
    assert not app.fullscreen
    entry = next(e for e in scene.entries() if e.action == "fullscreen")
    assert entry.fields["value"] == "off"
