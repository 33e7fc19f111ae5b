"""The building blocks of tools/make_sounds.py: tones, glides, filtered noise and levels,
as numpy arrays at one sample rate (additive synthesis, no samples of anyone's)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Signal = npt.NDArray[np.float64]
Spectrum = npt.NDArray[np.complex128]
Partials = Sequence[tuple[float, float, float]]  # (frequency ratio, amplitude, decay time in s)

SR = 22050


def seconds(n: float) -> int:
    return round(n * SR)


def time_axis(duration: float) -> Signal:
    return np.arange(seconds(duration), dtype=np.float64) / SR


def midi_hz(note: float) -> float:
    return float(440.0 * 2.0 ** ((note - 69) / 12))


def tone(freq: float, duration: float, partials: Partials, attack: float = 0.002) -> Signal:
    """Decaying sine partials (a struck or plucked body), with a short attack ramp."""
    t = time_axis(duration)
    out = np.zeros_like(t)
    for ratio, amp, decay in partials:
        if freq * ratio < SR / 2 * 0.9:  # skip partials that would alias
            out += amp * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t / decay)
    return out * np.minimum(1.0, t / attack)


def glide(f_start: float, f_end: float, duration: float, decay: float, attack: float = 0.003) -> Signal:
    """A sine whose pitch falls exponentially: the body of thuds and bonks."""
    t = time_axis(duration)
    freq = f_end + (f_start - f_end) * np.exp(-t / (duration / 3))
    phase = 2 * np.pi * np.cumsum(freq) / SR
    return np.sin(phase) * np.exp(-t / decay) * np.minimum(1.0, t / attack)


def band_noise(rng: np.random.Generator, duration: float, low: float, high: float) -> Signal:
    """White noise band-limited with a smooth spectral mask (no ringing edges)."""
    n = seconds(duration)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    freqs = np.fft.rfftfreq(n, 1 / SR)
    mask = 1 / (1 + (low / np.maximum(freqs, 1.0)) ** 4) / (1 + (freqs / high) ** 4)
    out = np.fft.irfft(spectrum * mask, n)
    return normalise(out, 0.0)


def sweep_noise(rng: np.random.Generator, duration: float, centres: Signal, q: float) -> Signal:
    """Noise through a state-variable band-pass whose centre follows `centres` (Hz)."""
    noise = rng.standard_normal(seconds(duration))
    coefficients = 2 * np.sin(np.pi * np.minimum(centres, SR / 6) / SR)
    low = band = 0.0
    out = np.empty_like(noise)
    for i, (x, f) in enumerate(zip(noise.tolist(), coefficients.tolist(), strict=True)):
        low += f * band
        high = x - low - band / q
        band += f * high
        out[i] = band
    return normalise(out, 0.0)


def normalise(signal: Signal, peak_dbfs: float) -> Signal:
    peak = float(np.max(np.abs(signal)))
    return signal * (10 ** (peak_dbfs / 20) / peak) if peak > 0 else signal


def place(target: Signal, sound: Signal, at: float) -> None:
    start = seconds(at)
    end = min(len(target), start + len(sound))
    target[start:end] += sound[: end - start]


def finish(sound: Signal, peak_dbfs: float, fade: float = 0.02) -> Signal:
    """Silence the first and last samples and scale to the wanted peak."""
    out = sound.copy()
    ramp = seconds(fade)
    out[-ramp:] *= np.linspace(1.0, 0.0, ramp) ** 2
    out[:8] *= np.linspace(0.0, 1.0, 8)
    return normalise(out, peak_dbfs)
