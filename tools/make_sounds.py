"""Synthesise Plateaux's sound effects and music loops, deterministically.

    python -m tools.make_sounds                  # every file, into assets/, plus checksums
    python -m tools.make_sounds --out DIR --only click --only menu

Everything is additive synthesis and filtered noise with fixed seeds, written with the
stdlib `wave` module (22050 Hz, 16-bit), so two runs give byte-identical files. Effects
are mono; music loops are stereo and exactly periodic: notes that ring past the end are
folded back onto the start, and the echo and reverb are computed as circular filters in
the frequency domain, so the last sample flows into the first without a gap or click.
A full run also writes assets/sounds/CHECKSUMS.sha256 (paths relative to assets/).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import wave
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tools.sound_synth import (
    SR,
    Partials,
    Signal,
    Spectrum,
    band_noise,
    finish,
    glide,
    midi_hz,
    normalise,
    place,
    seconds,
    sweep_noise,
    time_axis,
    tone,
)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets"
CHECKSUMS_NAME = "CHECKSUMS.sha256"
MUSIC_PEAK_DBFS = -13.0


# --- effects ---------------------------------------------------------------------------

WOOD = ((1.0, 1.0, 0.045), (2.32, 0.5, 0.03), (4.1, 0.22, 0.018), (6.7, 0.1, 0.01))
PLUCK = tuple((float(n), 1 / n**1.5, 0.9 / n**0.7) for n in range(1, 7))
CHIME = ((1.0, 1.0, 0.25), (2.0, 0.3, 0.1), (2.76, 0.2, 0.07), (5.4, 0.08, 0.03))
MARIMBA = ((1.0, 1.0, 0.8), (4.0, 0.22, 0.12), (9.9, 0.06, 0.04))


def knock(rng: np.random.Generator, base: float, duration: float) -> Signal:
    """A piece set down on wood: a few inharmonic modes and a tiny contact click."""
    body = tone(base, duration, WOOD) + 0.35 * tone(base / 2.1, duration, ((1.0, 1.0, 0.04),))
    click = band_noise(rng, duration, 1200, 5000) * np.exp(-time_axis(duration) / 0.003)
    return body + 0.3 * click


def fx_place(rng: np.random.Generator) -> Signal:
    return finish(knock(rng, 230, 0.16), -6)


def fx_move(rng: np.random.Generator) -> Signal:
    out = np.zeros(seconds(0.22))
    slide = band_noise(rng, 0.12, 700, 3000) * np.sin(np.linspace(0, np.pi, seconds(0.12))) ** 2
    place(out, 0.22 * slide, 0.0)
    place(out, knock(rng, 320, 0.1), 0.11)
    return finish(out, -6)


def fx_fly(rng: np.random.Generator) -> Signal:
    duration = 0.28
    shape = np.sin(np.linspace(0, np.pi, seconds(duration)))
    whoosh = sweep_noise(rng, duration, 350 + 1100 * shape**2, q=1.6) * shape**3
    return finish(whoosh, -7, fade=0.03)


def fx_mill(rng: np.random.Generator) -> Signal:
    out = np.zeros(seconds(0.29))
    place(out, tone(midi_hz(84), 0.29, CHIME), 0.0)  # C6, then G6
    place(out, tone(midi_hz(91), 0.21, CHIME), 0.08)
    return finish(out, -6, fade=0.04)


def fx_capture(rng: np.random.Generator) -> Signal:
    duration = 0.28
    thud = glide(140, 70, duration, 0.08)
    dust = band_noise(rng, duration, 80, 800) * np.exp(-time_axis(duration) / 0.03)
    return finish(thud + 0.4 * dust + 0.3 * tone(180, duration, WOOD), -6, fade=0.05)


def arpeggio(notes: Sequence[int], step: float, ring: float, partials: Partials) -> Signal:
    out = np.zeros(seconds(step * (len(notes) - 1) + ring))
    for i, note in enumerate(notes):
        place(out, tone(midi_hz(note), ring, partials, attack=0.004), i * step)
    return out


def fx_win(rng: np.random.Generator) -> Signal:
    out = arpeggio([72, 76, 79, 84], 0.1, 0.62, PLUCK)  # C5 E5 G5 C6
    place(out, 0.35 * tone(midi_hz(96), 0.55, CHIME), 0.3)
    return finish(out, -6, fade=0.12)


def fx_lose(rng: np.random.Generator) -> Signal:
    return finish(arpeggio([67, 63, 60], 0.17, 0.58, MARIMBA), -7, fade=0.15)  # G4 Eb4 C4


def fx_refused(rng: np.random.Generator) -> Signal:
    duration = 0.18
    bonk = glide(190, 135, duration, 0.05) + 0.2 * tone(190 * 2.4, duration, ((1.0, 1.0, 0.02),))
    return finish(bonk, -7, fade=0.04)


def fx_click(rng: np.random.Generator) -> Signal:
    duration = 0.05
    burst = band_noise(rng, duration, 2000, 6000) * np.exp(-time_axis(duration) / 0.0015)
    return finish(0.5 * burst + tone(1800, duration, ((1.0, 1.0, 0.006),)), -8, fade=0.01)


def fx_select(rng: np.random.Generator) -> Signal:
    duration = 0.045
    tick = tone(3200, duration, ((1.0, 1.0, 0.005), (1.47, 0.4, 0.003)), attack=0.0005)
    return finish(tick, -9, fade=0.01)


def fx_flip(rng: np.random.Generator) -> Signal:
    out = np.zeros(seconds(0.12))
    lift = tone(1700, 0.04, ((1.0, 1.0, 0.008), (1.7, 0.6, 0.006)), attack=0.0005)
    land = tone(600, 0.07, ((1.0, 1.0, 0.015), (3.6, 0.6, 0.008), (5.9, 0.3, 0.005)), attack=0.0005)
    burst = band_noise(rng, 0.07, 1500, 6000) * np.exp(-time_axis(0.07) / 0.002)
    place(out, 0.45 * lift, 0.0)
    place(out, land + 0.3 * burst, 0.055)
    return finish(out, -6, fade=0.02)


EFFECT_BUILDERS = (fx_place, fx_move, fx_fly, fx_mill, fx_capture, fx_win, fx_lose, fx_refused,
                   fx_click, fx_select, fx_flip)  # fmt: skip
EFFECTS: dict[str, Callable[[np.random.Generator], Signal]] = {f.__name__[3:]: f for f in EFFECT_BUILDERS}


# --- music -----------------------------------------------------------------------------


NOTE_NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def midi(name: str) -> int:
    """'A4' -> 69, 'Bb2' -> 46, 'F#3' -> 54."""
    shift = {"b": -1, "#": 1}.get(name[1], 0) if len(name) > 2 else 0
    return 12 * (int(name[-1]) + 1) + NOTE_NAMES[name[0]] + shift


@dataclass(frozen=True)
class Song:
    """A loop: one chord per bar (bass note first, then the pad voicing) and a melody."""

    bpm: int
    chords: str  # bars separated by "|"
    melody: str  # "note:beats", "-" for a rest
    lead: Partials
    accompaniment: Partials
    pattern: Sequence[int]  # pad-voice indices of the broken chord, one per step
    steps_per_beat: int
    seed: int
    beats_per_bar: int = 4

    @property
    def beat(self) -> int:
        # An exact number of samples per beat keeps the loop length exact.
        if (SR * 60) % self.bpm:
            raise ValueError(f"{self.bpm} BPM is not a whole number of samples per beat")
        return SR * 60 // self.bpm

    def bars(self) -> list[list[int]]:
        return [[midi(n) for n in bar.split()] for bar in self.chords.split("|")]

    def notes(self) -> list[tuple[int | None, float]]:
        pairs = (item.split(":") for item in self.melody.split())
        return [(None if name == "-" else midi(name), float(beats)) for name, beats in pairs]


MENU = Song(  # F major, warm and calm: a harp over a soft pad
    bpm=75,
    chords="F2 F3 A3 C4 E4 | A2 E3 A3 C4 E4 | Bb2 F3 A3 D4 F4 | C3 G3 D4 E4 G4 |"
    " D3 F3 A3 C4 F4 | Bb2 F3 A3 D4 F4 | G2 G3 Bb3 D4 F4 | C3 G3 Bb3 C4 F4",
    melody="A4:1 C5:1 E5:2  E5:1.5 D5:.5 C5:2  D5:1 F5:1 A5:2  G5:1.5 F5:.5 E5:1 D5:1"
    "  F5:1 A5:1 C6:1 A5:1  F5:2 D5:2  D5:1 G5:1 F5:1 D5:1  C5:2 -:1 G4:1",
    lead=PLUCK,
    accompaniment=PLUCK,
    pattern=(0, 1, 2, 3, 2, 1, 2, 1),
    steps_per_beat=2,
    seed=201,
)

GAME = Song(  # A minor, sparse and thoughtful: a marimba over a darker pad
    bpm=70,
    chords="A2 G3 B3 C4 E4 | F2 F3 A3 C4 E4 | C3 E3 G3 B3 E4 | G2 D3 G3 B3 E4 |"
    " A2 E3 G3 C4 E4 | D3 F3 A3 C4 F4 | F2 E3 A3 C4 E4 | E2 E3 A3 B3 E4",
    melody="-:1 E5:1 C5:1 B4:1  A4:2 -:1 C5:1  E5:1.5 D5:.5 B4:2  D5:2 -:2"
    "  -:1 A4:1 C5:1 E5:1  F5:2 E5:1 D5:1  C5:2 A4:1 C5:1  B4:2 -:2",
    lead=MARIMBA,
    accompaniment=MARIMBA,
    pattern=(0, 2, 1, 3),
    steps_per_beat=1,
    seed=202,
)

SONGS = {"menu": MENU, "game": GAME}
TAIL_SECONDS = 4.0  # longest ring-out folded back onto the loop start


def pad_note(rng: np.random.Generator, freq: float, hold: float, release: float = 1.4) -> Signal:
    """A soft stereo pad: warm harmonics, slow swell, the two sides detuned a little."""
    t = time_axis(hold + release)
    envelope = np.clip(t / 0.6, 0, 1) ** 2 * np.clip(1 - (t - hold) / release, 0, 1) ** 2
    sides = np.zeros((2, len(t)))
    for side, cents in enumerate((-6.0, 6.0)):
        f = freq * 2 ** (cents / 1200)
        for n in range(1, 7):
            sides[side] += np.sin(2 * np.pi * f * n * t + rng.uniform(0, 2 * np.pi)) / n**1.8
    return sides * envelope


def stereo(mono: Signal, pan: float) -> Signal:
    """Equal-power pan, -1 (left) .. 1 (right)."""
    angle = (pan + 1) * np.pi / 4
    return np.vstack((np.cos(angle) * mono, np.sin(angle) * mono))


def add(bus: Signal, sound: Signal, start: int) -> None:
    bus[:, start : start + sound.shape[1]] += sound[:, : bus.shape[1] - start]


def frequency_axis(n: int) -> Spectrum:
    z: Spectrum = np.exp(-2j * np.pi * np.arange(n // 2 + 1) / n)
    return z  # z^-1 evaluated on the DFT grid


def circular(signal: Signal, response: Spectrum) -> Signal:
    """Apply a linear filter in its periodic steady state: the loop stays seamless."""
    return np.fft.irfft(np.fft.rfft(signal) * response, len(signal))


def comb(z: Spectrum, delay: int, feedback: float, damping: float) -> Spectrum:
    """Feedback delay with a one-pole low-pass in the loop (each echo duller than the last)."""
    lowpass = (1 - damping) / (1 - damping * z)
    return z**delay / (1 - feedback * lowpass * z**delay)


def reverb(z: Spectrum, offset: int) -> Spectrum:
    """A small Schroeder room: four damped combs, then two all-passes."""
    out = np.zeros_like(z)
    for ms in (29.7, 37.1, 41.1, 43.7):
        delay = seconds(ms / 1000) + offset
        out += comb(z, delay, 10 ** (-3 * delay / (1.6 * SR)), 0.35)  # 1.6 s to -60 dB
    for delay, gain in ((seconds(0.005), 0.7), (seconds(0.0017), 0.7)):
        out *= (-gain + z**delay) / (1 - gain * z**delay)
    return out / 4


def render_song(song: Song) -> Signal:
    rng = np.random.default_rng(song.seed)
    beat = song.beat
    bar = beat * song.beats_per_bar
    chords = song.bars()
    length = bar * len(chords)
    tail = seconds(TAIL_SECONDS)
    pads, bass, lead, accompaniment = (np.zeros((2, length + tail)) for _ in range(4))
    step = beat // song.steps_per_beat
    for index, (root, *voicing) in enumerate(chords):
        start = index * bar
        for note in voicing:
            add(pads, 0.16 * pad_note(rng, midi_hz(note), bar / SR), start)
        for half in (0, bar // 2):
            body = tone(midi_hz(root), bar / 2 / SR + 0.4, ((1, 1, 1.2), (2, 0.3, 0.5), (3, 0.1, 0.2)), 0.015)
            add(bass, stereo(0.5 * finish(body, 0, fade=0.3), 0.0), start + half)
        for i in range(bar // step):
            note = voicing[song.pattern[i % len(song.pattern)]]
            pluck = tone(midi_hz(note), 1.2, song.accompaniment, attack=0.005)
            level, pan = rng.uniform(0.16, 0.22), rng.uniform(-0.5, 0.5)
            add(accompaniment, stereo(level * pluck, pan), start + i * step)
    position = 0.0
    for melody_note, beats in song.notes():
        if melody_note is not None:
            ring = min(2.5, beats * beat / SR + 1.0)
            pluck = tone(midi_hz(melody_note), ring, song.lead, attack=0.004)
            jitter = int(rng.integers(-40, 41))  # a few ms: played, not sequenced
            add(lead, stereo(rng.uniform(0.5, 0.6) * pluck, 0.15), max(0, round(position * beat) + jitter))
        position += beats
    if round(position * beat) != length:
        raise ValueError(f"melody lasts {position} beats, the chords {length // beat}")
    mix = pads + bass + accompaniment + lead
    looped = mix[:, :length].copy()
    looped[:, :tail] += mix[:, length:]  # fold the ring-out onto the start
    z = frequency_axis(length)
    # A dotted-eighth echo on the right, an eighth on the left, then the room on everything.
    lead_loop = lead[:, :length].copy()
    lead_loop[:, :tail] += lead[:, length:]
    for side, delay in enumerate((beat // 2, beat * 3 // 4)):
        looped[side] += 0.3 * circular(lead_loop[side], comb(z, delay, 0.35, 0.5))
    for side in (0, 1):
        looped[side] += 0.35 * circular(looped[side], reverb(z, offset=side * 23))
    return normalise(looped, MUSIC_PEAK_DBFS)


# --- output ----------------------------------------------------------------------------


def write_wav(path: Path, signal: Signal) -> None:
    """16-bit PCM; a 2-row signal is written as stereo."""
    channels = 1 if signal.ndim == 1 else signal.shape[0]
    frames = signal if signal.ndim == 1 else signal.T.reshape(-1)
    pcm = np.round(np.clip(frames, -1.0, 1.0) * 32767).astype("<i2")
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(SR)
        out.writeframes(pcm.tobytes())


def levels(signal: Signal) -> tuple[float, float]:
    """Peak and RMS in dBFS."""
    peak = float(np.max(np.abs(signal)))
    rms = float(np.sqrt(np.mean(signal**2)))
    return 20 * np.log10(max(peak, 1e-9)), 20 * np.log10(max(rms, 1e-9))


def relative_name(name: str) -> str:
    return f"music/{name}.wav" if name in SONGS else f"sounds/{name}.wav"


def render(name: str) -> Signal:
    if name in SONGS:
        return render_song(SONGS[name])
    # Each effect has its own generator, seeded from its name, so --only gives the same bytes.
    return EFFECTS[name](np.random.default_rng(zlib.crc32(name.encode())))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="assets folder to write into")
    parser.add_argument("--only", action="append", metavar="NAME", help="only this sound (repeatable)")
    parser.add_argument("--quiet", action="store_true", help="do not print the level table")
    args = parser.parse_args(argv)
    every = [*EFFECTS, *SONGS]
    names: list[str] = args.only or every
    unknown = sorted(set(names) - set(every))
    if unknown:
        parser.error(f"unknown sound(s) {', '.join(unknown)}; choose from {', '.join(every)}")
    out: Path = args.out
    for name in names:
        signal = render(name)
        write_wav(out / relative_name(name), signal)
        if not args.quiet:
            peak, rms = levels(signal)
            duration = signal.shape[-1] / SR
            print(f"{relative_name(name):18} {duration:6.3f} s  peak {peak:6.1f} dBFS  rms {rms:6.1f} dBFS")
    if not args.only:  # checksums describe a complete set only
        lines = [
            f"{hashlib.sha256((out / relative_name(n)).read_bytes()).hexdigest()}  {relative_name(n)}\n"
            for n in every
        ]
        (out / "sounds" / CHECKSUMS_NAME).write_text("".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
