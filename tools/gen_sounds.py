"""Generate the game's sound effects as 16-bit mono WAVs into arcade/assets/sounds (stdlib only).

Run: python tools/gen_sounds.py. The sounds are synthesised here (sine sweeps, filtered noise, envelopes), so they
carry no third-party licence; see arcade/assets/LICENSES.md.
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
    print(f"wrote sounds to {OUT}")


if __name__ == "__main__":
    main()
