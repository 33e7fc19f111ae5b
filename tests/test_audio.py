"""Audio: the Audio class on SDL's dummy driver (no sound card needed), and the generated
files themselves: valid WAVs of the right lengths and levels, seamless loops, checksums
that match the committed files, and a generator that reproduces them byte for byte."""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import math
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pygame
import pytest

from game.arcade import audio
from game.arcade.audio import EFFECTS, FADE_SECONDS, MOODS, Audio

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
CHECKSUMS = ASSETS / "sounds" / "CHECKSUMS.sha256"
LONG_EFFECTS = {"win", "lose"}


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A fresh mixer on the dummy driver, closed again afterwards."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def music_channels() -> list[pygame.mixer.Channel]:
    return [pygame.mixer.Channel(i) for i in range(audio.MUSIC_CHANNELS)]


def effect_channels_busy() -> bool:
    return any(pygame.mixer.Channel(i).get_busy() for i in range(audio.MUSIC_CHANNELS, audio.CHANNELS))


def is_muted(sound: Audio) -> bool:
    return sound.muted  # a call, so the type checker does not keep an earlier narrowing


def read_wav(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as source:
        params = source.getparams()
        frames = np.frombuffer(source.readframes(params.nframes), dtype="<i2")
    return params, frames.reshape(-1, params.nchannels).astype(np.float64) / 32768


def dbfs(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9))


def load_generator() -> ModuleType:
    return importlib.import_module("tools.make_sounds")


def committed_checksums() -> dict[str, str]:
    pairs = (line.split("  ", 1) for line in CHECKSUMS.read_text(encoding="utf-8").splitlines())
    return {name: digest for digest, name in pairs}


# --- the Audio class -------------------------------------------------------------------


def test_initialises_on_the_dummy_driver(mixer: None) -> None:
    sound = Audio()
    assert sound.available
    assert pygame.mixer.get_init() is not None
    assert pygame.mixer.get_num_channels() >= audio.CHANNELS
    assert sound.unavailable == ()


def test_every_effect_plays(mixer: None) -> None:
    sound = Audio()
    for name in EFFECTS:
        pygame.mixer.stop()
        sound.play_effect(name)
        assert effect_channels_busy(), f"{name} did not start"
    assert not any(channel.get_busy() for channel in music_channels())  # effects keep off the music


def test_music_fades_in_and_crossfades_without_blocking(mixer: None) -> None:
    sound = Audio(music_volume=1.0)
    sound.play_music("menu")
    first, second = music_channels()
    assert sound.mood == "menu" and first.get_busy()
    assert first.get_volume() == pytest.approx(0.0, abs=0.01)  # starts silent, fades in
    sound.update(FADE_SECONDS / 2)
    assert first.get_volume() == pytest.approx(math.sin(math.pi / 4), abs=0.01)
    sound.update(FADE_SECONDS)
    assert first.get_volume() == pytest.approx(1.0, abs=0.01)

    sound.play_music("game")  # a crossfade on two channels, not pygame's blocking fadeout
    assert sound.mood == "game" and first.get_busy() and second.get_busy()
    sound.update(FADE_SECONDS / 2)
    assert 0.2 < first.get_volume() < 0.9 and 0.2 < second.get_volume() < 0.9
    sound.update(FADE_SECONDS / 2)
    assert not first.get_busy()
    assert second.get_volume() == pytest.approx(1.0, abs=0.01)


def test_same_mood_does_nothing_and_a_shared_loop_keeps_playing(mixer: None) -> None:
    sound = Audio()
    sound.play_music("game")
    sound.update(0.3)
    playing = [channel for channel in music_channels() if channel.get_busy()]
    assert len(playing) == 1
    volume, loop = playing[0].get_volume(), playing[0].get_sound()
    sound.play_music("game")
    assert playing[0].get_volume() == volume  # not restarted, not faded
    sound.play_music("replay")  # the same file as game: it carries on
    sound.update(1.0)
    assert sound.mood == "replay" and playing[0].get_sound() is loop
    assert sum(channel.get_busy() for channel in music_channels()) == 1


def test_switching_back_mid_fade_resumes_the_fading_loop(mixer: None) -> None:
    sound = Audio()
    sound.play_music("menu")
    sound.update(1.0)
    menu_channel = next(channel for channel in music_channels() if channel.get_busy())
    sound.play_music("game")
    sound.update(0.3)
    sound.play_music("menu")
    sound.update(1.0)
    assert menu_channel.get_busy() and menu_channel.get_volume() > 0.5
    assert sum(channel.get_busy() for channel in music_channels()) == 1


def test_stop_music_fades_out(mixer: None) -> None:
    sound = Audio()
    sound.play_music("menu")
    sound.update(1.0)
    sound.stop_music()
    assert sound.mood is None
    sound.update(FADE_SECONDS)
    assert not any(channel.get_busy() for channel in music_channels())


def test_volumes_clamp_and_reject_non_numbers(mixer: None) -> None:
    sound = Audio()
    sound.set_volumes(2.5, -1.0)
    assert (sound.music_volume, sound.effects_volume) == (1.0, 0.0)
    sound.set_volumes(float("nan"), 0.4)
    assert (sound.music_volume, sound.effects_volume) == (1.0, 0.4)
    sound.play_music("menu")
    sound.update(1.0)
    sound.set_volumes(0.25, 0.4)
    assert max(channel.get_volume() for channel in music_channels()) == pytest.approx(0.25, abs=0.01)
    sound.update(float("nan"))  # ignored, no crash
    sound.update(-1.0)


def test_mute_toggles_music_and_effects(mixer: None) -> None:
    sound = Audio(music_volume=0.5)
    sound.play_music("menu")
    sound.update(1.0)
    assert sound.toggle_mute() is True and is_muted(sound)
    assert all(channel.get_volume() == 0.0 for channel in music_channels())
    pygame.mixer.stop()
    sound.play_effect("place")
    assert not effect_channels_busy()
    assert sound.toggle_mute() is False and not is_muted(sound)
    sound.play_music("game")
    sound.update(1.0)
    assert max(channel.get_volume() for channel in music_channels()) == pytest.approx(0.5, abs=0.01)


def test_missing_and_damaged_files_are_silent(
    mixer: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "place.wav").write_bytes(b"RIFF but not really a wave file")
    monkeypatch.setattr(audio, "ASSETS_DIR", tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.arcade.audio"):
        sound = Audio()
        for name in EFFECTS:
            sound.play_effect(name)
        sound.play_music("menu")
        sound.update(1.0)
        sound.play_music("game")
    assert sound.available and sound.mood == "game"
    assert set(sound.unavailable) == {*EFFECTS, "menu.wav", "game.wav"}
    assert "place.wav" in caplog.text and "menu.wav" in caplog.text


def test_unknown_names_are_ignored_and_logged_once(mixer: None, caplog: pytest.LogCaptureFixture) -> None:
    sound = Audio()
    with caplog.at_level(logging.WARNING, logger="game.arcade.audio"):
        for _ in range(3):
            sound.play_effect("fanfare")
            sound.play_music("disco")
    assert sound.mood is None
    assert sum("fanfare" in record.message for record in caplog.records) == 1
    assert sum("disco" in record.message for record in caplog.records) == 1


def exercise(sound: Audio) -> None:
    for name in EFFECTS:
        sound.play_effect(name)
    for mood in MOODS:
        sound.play_music(mood)
        sound.update(0.5)
    sound.set_volumes(0.3, 0.3)
    sound.stop_music()
    sound.update(2.0)
    sound.close()


def test_disabled_is_a_no_op(mixer: None) -> None:
    sound = Audio(enabled=False)
    exercise(sound)
    assert not sound.available
    assert pygame.mixer.get_init() is None  # never even opened the device
    assert sound.toggle_mute() is True  # the flag still follows, for the settings screen


def test_no_device_is_a_no_op(mixer: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Audio()
    assert not sound.available
    exercise(sound)


def test_a_mixer_closed_under_it_stays_silent(mixer: None) -> None:
    sound = Audio()
    pygame.mixer.quit()
    exercise(sound)
    assert not sound.available


# --- the generated files ---------------------------------------------------------------


@pytest.mark.parametrize("name", EFFECTS)
def test_effects_are_short_quiet_mono_wavs(name: str) -> None:
    params, samples = read_wav(ASSETS / "sounds" / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    duration = params.nframes / params.framerate
    assert 0.02 < duration <= (1.0 if name in LONG_EFFECTS else 0.3)
    assert -10.0 <= dbfs(float(np.max(np.abs(samples)))) <= -5.5  # about -6 dBFS, never clipped
    assert abs(samples[0, 0]) < 0.01 and abs(samples[-1, 0]) < 0.01  # no click at either end


@pytest.mark.parametrize("name", ["menu", "game"])
def test_music_loops_are_whole_bars_and_seamless(name: str) -> None:
    params, samples = read_wav(ASSETS / "music" / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (2, 2, 22050)
    assert 20.0 <= params.nframes / params.framerate <= 32.0
    song = load_generator().SONGS[name]
    assert params.nframes == song.beat * song.beats_per_bar * len(song.bars())
    peak = float(np.max(np.abs(samples)))
    steps = np.abs(np.diff(samples, axis=0))
    seam = np.abs(samples[0] - samples[-1])  # the step the loop takes back to its start
    assert np.all(seam <= 0.1 * peak)
    assert np.all(seam <= np.percentile(steps, 99, axis=0))  # no larger than an ordinary step


def test_music_sits_below_the_effects() -> None:
    effect_rms = [float(np.sqrt(np.mean(read_wav(ASSETS / "sounds" / f"{n}.wav")[1] ** 2))) for n in EFFECTS]
    for name in ("menu", "game"):
        samples = read_wav(ASSETS / "music" / f"{name}.wav")[1]
        assert dbfs(float(np.max(np.abs(samples)))) < -10.0
        assert dbfs(float(np.sqrt(np.mean(samples**2)))) < dbfs(float(np.mean(effect_rms))) - 3.0


def test_total_audio_size_is_small() -> None:
    files = [*(ASSETS / "sounds").glob("*.wav"), *(ASSETS / "music").glob("*.wav")]
    assert sum(path.stat().st_size for path in files) < 6_000_000


def test_committed_files_match_their_checksums() -> None:
    expected = committed_checksums()
    on_disk = {
        path.relative_to(ASSETS).as_posix()
        for folder in ("sounds", "music")
        for path in (ASSETS / folder).glob("*.wav")
    }
    assert on_disk == set(expected), "regenerate with python -m tools.make_sounds"
    for name, digest in expected.items():
        assert hashlib.sha256((ASSETS / name).read_bytes()).hexdigest() == digest, name


def test_generator_reproduces_an_effect_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    generator = load_generator()
    assert generator.main(["--out", str(tmp_path), "--only", "flip"]) == 0
    assert "sounds/flip.wav" in capsys.readouterr().out  # the level table
    produced = hashlib.sha256((tmp_path / "sounds" / "flip.wav").read_bytes()).hexdigest()
    assert produced == committed_checksums()["sounds/flip.wav"]
    assert not (tmp_path / "sounds" / "CHECKSUMS.sha256").exists()  # partial runs leave no checksums


def test_generator_rejects_an_unknown_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        load_generator().main(["--out", str(tmp_path), "--only", "kazoo"])
    assert raised.value.code == 2
    assert "unknown sound(s) kazoo" in capsys.readouterr().err
