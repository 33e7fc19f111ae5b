"""Sound effects and music for the pygame front end, silent when there is no audio.

Effects are short Sounds played on any free mixer channel. The music loops are Sounds
too, on two reserved channels, so a change of mood is a crossfade: in pygame-ce 2.5.8
`mixer.music.play(fade_ms=...)` waits for a running `mixer.music.fadeout` to end (about
1 s, measured), which would freeze the frame loop. The fade gains move in `update(dt)`,
called once per frame; volume and mute changes apply at once. The loops are written to
repeat seamlessly, and SDL repeats a looping Sound sample-exactly.

Every method is a silent no-op when audio is disabled or no device could be opened, and a
missing or damaged file only makes that one sound silent (logged once).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

ASSETS_DIR = Path(__file__).resolve().parent.parent.parent / "assets"
EFFECTS = ("place", "move", "fly", "mill", "capture", "win", "lose", "refused", "click", "select", "flip")
MUSIC_FILES = {"menu": "menu.wav", "game": "game.wav", "replay": "game.wav"}  # replay reuses game
MOODS = tuple(MUSIC_FILES)

FADE_SECONDS = 1.0
FREQUENCY = 22050  # the rate the assets are written at: no resampling
BUFFER = 512  # samples: about 23 ms of latency at 22050 Hz
CHANNELS = 16
MUSIC_CHANNELS = 2  # reserved, so effects never steal the music's channels
DEFAULT_MUSIC_VOLUME = 0.6
DEFAULT_EFFECTS_VOLUME = 0.8

_LOAD_ERRORS = (pygame.error, OSError, ValueError, EOFError)


def pre_init() -> None:
    """Call before pygame.init() so the mixer opens at the assets' rate with a small buffer."""
    pygame.mixer.pre_init(FREQUENCY, -16, 2, BUFFER)


def _clamp_volume(value: float, fallback: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return fallback
    return fallback if math.isnan(number) else min(1.0, max(0.0, number))


@dataclass
class _MusicVoice:
    """One reserved channel and where its fade stands (0 silent .. 1 full)."""

    channel: pygame.mixer.Channel
    file: str | None = None
    level: float = 0.0
    target: float = 0.0


class Audio:
    """The arcade's sound: `play_effect(name)`, `play_music(mood)`, volumes and mute."""

    def __init__(
        self,
        enabled: bool = True,
        *,
        music_volume: float = DEFAULT_MUSIC_VOLUME,
        effects_volume: float = DEFAULT_EFFECTS_VOLUME,
        muted: bool = False,
    ) -> None:
        self._assets = ASSETS_DIR  # read here, so tests can point it elsewhere
        self._music_volume = _clamp_volume(music_volume, DEFAULT_MUSIC_VOLUME)
        self._effects_volume = _clamp_volume(effects_volume, DEFAULT_EFFECTS_VOLUME)
        self._muted = bool(muted)
        self._mood: str | None = None
        self._warned: set[str] = set()
        self._effects: dict[str, pygame.mixer.Sound | None] = {}
        self._music: dict[str, pygame.mixer.Sound | None] = {}
        self._voices: list[_MusicVoice] = []
        self._active = enabled and self._open_mixer()
        if self._active:
            self._effects = {name: self._load(self._assets / "sounds" / f"{name}.wav") for name in EFFECTS}

    # --- state -------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """True when sound can actually be heard (enabled and a device is open)."""
        return self._ready()

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        self._apply_music_volume()

    @property
    def mood(self) -> str | None:
        """The music asked for last (None when stopped or when audio is off)."""
        return self._mood

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @property
    def effects_volume(self) -> float:
        return self._effects_volume

    @property
    def unavailable(self) -> tuple[str, ...]:
        """Sounds whose file could not be loaded (music is only tried when first played)."""
        broken = [name for name, sound in self._effects.items() if sound is None]
        return tuple(sorted(broken + [file for file, sound in self._music.items() if sound is None]))

    # --- effects -----------------------------------------------------------------------

    def play_effect(self, name: str) -> None:
        if not self._ready():
            return
        if name not in self._effects:
            self._warn_once(f"unknown sound effect {name!r}; known: {', '.join(EFFECTS)}")
            return
        sound = self._effects[name]
        if sound is None or self._muted:
            return
        sound.set_volume(self._effects_volume)
        sound.play()  # no free channel: skipped, which is right for a short effect

    # --- music -------------------------------------------------------------------------

    def play_music(self, mood: str) -> None:
        """Loop the music of `mood`, crossfading from the current one over FADE_SECONDS."""
        if not self._ready() or mood == self._mood:
            return
        if mood not in MUSIC_FILES:
            self._warn_once(f"unknown music mood {mood!r}; known: {', '.join(MOODS)}")
            return
        self._mood = mood
        file = MUSIC_FILES[mood]
        for voice in self._voices:
            voice.target = 0.0
        playing = next((v for v in self._voices if v.file == file and v.channel.get_busy()), None)
        if playing is not None:  # the same loop (still fading out, or a shared file): keep it
            playing.target = 1.0
            return
        sound = self._music_sound(file)
        if sound is None:
            return  # silent mood: the old music still fades out
        voice = min(self._voices, key=lambda v: v.level)  # the idle one, or the quieter
        voice.channel.set_volume(0.0)
        voice.channel.play(sound, loops=-1)
        voice.file, voice.level, voice.target = file, 0.0, 1.0

    def stop_music(self, *, fade: bool = True) -> None:
        """Fade the music out (or cut it at once with fade=False)."""
        self._mood = None
        if not self._ready():
            return
        for voice in self._voices:
            voice.target = 0.0
            if not fade:
                self._silence(voice)

    def update(self, dt: float) -> None:
        """Advance the music fades by dt seconds; call once per frame."""
        if not self._ready() or not isinstance(dt, int | float) or not dt > 0:
            return  # also rejects NaN
        step = min(float(dt), FADE_SECONDS) / FADE_SECONDS
        for voice in self._voices:
            if voice.level == voice.target:
                continue
            if voice.target > voice.level:
                voice.level = min(voice.target, voice.level + step)
            else:
                voice.level = max(voice.target, voice.level - step)
            if voice.level == 0.0:
                self._silence(voice)
            else:
                self._apply_voice_volume(voice)

    # --- volumes -----------------------------------------------------------------------

    def set_volumes(self, music: float, effects: float) -> None:
        """Both in 0..1 (clamped; a value that is not a number keeps the old one)."""
        self._music_volume = _clamp_volume(music, self._music_volume)
        self._effects_volume = _clamp_volume(effects, self._effects_volume)
        self._apply_music_volume()

    def toggle_mute(self) -> bool:
        """Mute or unmute everything; returns whether sound is now muted."""
        self.muted = not self._muted
        return self._muted

    def close(self) -> None:
        """Stop every sound (the mixer itself is closed by pygame.quit)."""
        if self._ready():
            for voice in self._voices:
                self._silence(voice)
            pygame.mixer.stop()
        self._mood = None

    # --- internals ---------------------------------------------------------------------

    def _open_mixer(self) -> bool:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
            pygame.mixer.set_num_channels(max(CHANNELS, pygame.mixer.get_num_channels()))
            pygame.mixer.set_reserved(MUSIC_CHANNELS)
            self._voices = [_MusicVoice(pygame.mixer.Channel(i)) for i in range(MUSIC_CHANNELS)]
        except pygame.error as error:
            log.warning("audio is off: no sound device (%s)", error)
            return False
        return True

    def _ready(self) -> bool:
        # pygame.quit() may have closed the mixer under us: then stay silent, never raise.
        return self._active and pygame.mixer.get_init() is not None

    def _load(self, path: Path) -> pygame.mixer.Sound | None:
        try:
            return pygame.mixer.Sound(path)
        except _LOAD_ERRORS as error:
            self._warn_once(f"sound {path.name} is silent: cannot load {path} ({error})")
            return None

    def _music_sound(self, file: str) -> pygame.mixer.Sound | None:
        if file not in self._music:  # loaded on first use: the loops are a few MB each
            self._music[file] = self._load(self._assets / "music" / file)
        return self._music[file]

    def _apply_voice_volume(self, voice: _MusicVoice) -> None:
        # Equal-power curve: the two loops crossing keep a steady loudness.
        gain = 0.0 if self._muted else self._music_volume * math.sin(voice.level * math.pi / 2)
        voice.channel.set_volume(gain)

    def _apply_music_volume(self) -> None:
        if self._ready():
            for voice in self._voices:
                self._apply_voice_volume(voice)

    def _silence(self, voice: _MusicVoice) -> None:
        voice.channel.stop()
        voice.file, voice.level = None, 0.0

    def _warn_once(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            log.warning(message)
