"""Generate the game's sound effects and its two music loops as 16-bit mono WAVs into arcade/assets/sounds (stdlib
only).

Run: python tools/gen_sounds.py. Everything is synthesised here (sine sweeps, filtered noise, envelopes, and for the
music a few bars of bass, chords and brushes written below as note lists), so it carries no third-party licence; see
arcade/assets/LICENSES.md. The loops are written so their end runs into their start (notes that ring past the end
wrap round to the beginning), for ``pygame.mixer.music.play(loops=-1)``.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "arcade" / "assets" / "sounds"


def env(i: int, n: int, attack: float = 0.01, decay: float = 6.0) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack else 1.0
    return a * math.exp(-decay * t / (n / RATE))


def tone(freq0: float, freq1: float, seconds: float, decay: float = 5.0, vol: float = 0.5, shape: str = "sine"):
    n = int(RATE * seconds)
    out, phase = [], 0.0
    for i in range(n):
        f = freq0 + (freq1 - freq0) * i / n
        phase += 2 * math.pi * f / RATE
        v = math.sin(phase) if shape == "sine" else (1.0 if math.sin(phase) > 0 else -1.0) * 0.6
        out.append(v * env(i, n, decay=decay) * vol)
    return out


def noise(seconds: float, decay: float = 8.0, vol: float = 0.5, smooth: float = 0.5, seed: int = 1):
    rnd = random.Random(seed)
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        last = last * smooth + (rnd.random() * 2 - 1) * (1 - smooth)
        out.append(last * env(i, n, attack=0.002, decay=decay) * vol * 2)
    return out


def mix(*tracks):
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def cat(*tracks):
    return [x for t in tracks for x in t]


def write(name: str, samples) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32000)) for s in samples))


NOTE = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def hz(name: str) -> float:
    """A note name with its octave ("A3", "F#2", "Bb4") as a frequency in hertz (A4 = 440 Hz)."""
    step = NOTE[name[0]] + (1 if "#" in name else -1 if "b" in name[1:] else 0)
    return 440.0 * 2 ** ((step + 12 * (int(name[-1]) - 4)) / 12)


def pluck(freq: float, seconds: float, vol: float, bright: float = 0.3) -> list[float]:
    """A soft plucked note: a sine with a little of its octave and fifth, quick attack, exponential decay."""
    n = int(RATE * seconds)
    w = 2 * math.pi * freq / RATE
    return [(math.sin(w * i) + bright * math.sin(2 * w * i) + bright * 0.4 * math.sin(3 * w * i))
            * min(1.0, i / 200) * math.exp(-4.0 * i / n) * vol for i in range(n)]


def loop(bpm: int, bars: int, parts) -> list[float]:
    """Mix ``parts`` — lists of (beat, note, beats, volume, kind) — into a loop of ``bars`` 4/4 bars at ``bpm``;
    what rings past the end wraps round to the start, so the loop is seamless."""
    beat = 60.0 / bpm
    total = int(RATE * beat * 4 * bars)
    buf = [0.0] * total
    for part in parts:
        for at, note, beats, vol, kind in part:
            start = int(RATE * beat * at)
            if kind == "brush":
                samples = noise(beat * beats, decay=14, vol=vol, smooth=0.2, seed=at * 7 % 97 + 1)
            else:
                samples = pluck(hz(note), beat * beats, vol, bright=0.5 if kind == "bass" else 0.25)
            for i, v in enumerate(samples):
                buf[(start + i) % total] += v
    peak = max(abs(v) for v in buf) or 1.0
    return [v * 0.8 / peak for v in buf]


def chords(progression, beats_each: int, vol: float, pattern=(0, 1, 2, 1)) -> list[tuple]:
    """Broken chords: each chord's notes in ``pattern`` order, one note a beat."""
    out = []
    for k, chord in enumerate(progression):
        for b in range(beats_each):
            out.append((k * beats_each + b, chord[pattern[b % len(pattern)]], 1.5, vol, "keys"))
    return out


def title_music() -> list[float]:
    """The title and attract loop: 8 bars at 96 BPM, A minor, a slow heist-film walk (Am F Dm E)."""
    prog = [("A3", "C4", "E4"), ("F3", "A3", "C4"), ("D3", "F3", "A3"), ("E3", "G#3", "B3")] * 2
    bass = [(4 * k, c[0][0] + "2" if c[0][0] != "E" else "E2", 3.5, 0.5, "bass") for k, c in enumerate(prog)]
    brush = [(b + 0.5, "", 0.5, 0.12, "brush") for b in range(32) if b % 2]
    return loop(96, 8, [chords(prog, 4, 0.22), bass, brush])


def play_music() -> list[float]:
    """The loop under a match: 8 bars at 132 BPM, a walking bass in D minor with off-beat brushes, quieter than the
    title loop so the table's sounds stay on top."""
    walk = ["D2", "F2", "A2", "C3", "G2", "Bb2", "D3", "F2", "A2", "C#3", "E3", "A2", "D2", "A2", "F2", "D2"]
    bass = [(2 * k, walk[k % len(walk)], 2.0, 0.45, "bass") for k in range(16)]
    stabs = [(4 * k + 1.5, n, 0.5, 0.12, "keys") for k in range(8) for n in (("F4", "A4"), ("Bb3", "D4"),
                                                                               ("E4", "G4"), ("D4", "F4"))[k % 4]]
    brush = [(b / 2, "", 0.25, 0.09 if b % 2 else 0.05, "brush") for b in range(64)]
    return loop(132, 8, [bass, stabs, brush])


def main() -> None:
    write("select", tone(660, 990, 0.09, vol=0.35))
    write("move", tone(520, 520, 0.04, vol=0.2))
    write("back", tone(500, 330, 0.1, vol=0.3))
    write("deal", noise(0.08, decay=10, vol=0.35, smooth=0.3, seed=2))
    write("slide", noise(0.14, decay=6, vol=0.25, smooth=0.7, seed=3))
    write("flip", mix(noise(0.06, decay=12, vol=0.3, smooth=0.2, seed=4), tone(900, 600, 0.05, vol=0.1)))
    write("slap", mix(noise(0.12, decay=14, vol=0.6, smooth=0.1, seed=5), tone(180, 90, 0.1, vol=0.4)))
    write("start", cat(tone(440, 440, 0.12, vol=0.3, shape="square"), tone(880, 880, 0.25, vol=0.3, shape="square")))
    write("win", cat(*(tone(f, f, 0.12, decay=3, vol=0.3) for f in (523, 659, 784, 1047))))
    write("lose", cat(*(tone(f, f * 0.97, 0.18, decay=3, vol=0.3) for f in (392, 330, 262))))
    write("dice", cat(*(noise(0.04, decay=10, vol=0.4, smooth=0.1, seed=10 + k) + [0.0] * 600 for k in range(4))))
    write("explosion", mix(noise(0.9, decay=4, vol=0.8, smooth=0.85, seed=6), tone(90, 30, 0.7, decay=4, vol=0.5)))
    write("coin", cat(tone(1320, 1320, 0.06, vol=0.3), tone(1760, 1760, 0.15, vol=0.3)))
    write("stop", mix(tone(300, 150, 0.3, decay=3, vol=0.4, shape="square"), noise(0.2, vol=0.3, seed=7)))
    write("tick", tone(1200, 1200, 0.03, vol=0.2))
    write("music_title", title_music())
    write("music_play", play_music())
    print(f"wrote sounds to {OUT}")


if __name__ == "__main__":
    main()
