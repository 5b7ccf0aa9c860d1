"""Music and results stings: what a player hears, shown on the mixer calls (the tests run on SDL's dummy audio
driver, where nothing is heard)."""

from __future__ import annotations

import pygame
import pytest

from arcade.client.audio import Audio, results_sting
from arcade.client.scenes.attract import AttractScene
from arcade.client.settings import load_settings
from client_helpers import make_app, run_ticks


class FakeMusic:
    """Stands in for ``pygame.mixer.music``: records what was asked of it."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.busy = False

    def load(self, path):
        self.calls.append(("load", path.rsplit("/", 1)[-1]))

    def play(self, loops=0, fade_ms=0):
        self.busy = True
        self.calls.append(("play", loops))

    def stop(self):
        self.busy = False
        self.calls.append(("stop",))

    def fadeout(self, ms):
        self.busy = False
        self.calls.append(("fadeout",))

    def set_volume(self, v):
        self.calls.append(("volume", round(v, 2)))

    def get_busy(self):
        return self.busy

    def loaded(self) -> list[str]:
        return [c[1] for c in self.calls if c[0] == "load"]


@pytest.fixture
def music(monkeypatch):
    fake = FakeMusic()
    for name in ("load", "play", "stop", "fadeout", "set_volume", "get_busy"):
        monkeypatch.setattr(pygame.mixer.music, name, getattr(fake, name))
    return fake


def test_headless_runs_and_the_tests_play_no_music(tmp_path, music):
    app = make_app(tmp_path)
    run_ticks(app, 30)
    assert not app.audio.music_on
    assert music.calls == []


def test_the_title_and_attract_mode_share_one_loop_and_a_match_has_its_own(tmp_path, music):
    app = make_app(tmp_path)
    app.audio.music_on = True  # as with a real audio device
    app._shown_top = ()
    run_ticks(app, 2)
    assert music.loaded() == ["music_title.wav"]
    assert ("play", -1) in music.calls  # loops for ever
    app.push(AttractScene(app))
    run_ticks(app, 2)
    assert music.loaded() == ["music_title.wav"]  # attract mode goes on with the title's loop, not restarted
    app.pop()
    app.audio.music("play")
    assert music.loaded() == ["music_title.wav", "music_play.wav"]


def test_music_volume_zero_stops_the_loop_and_raising_it_starts_it_again(music):
    audio = Audio(volume=7, music_volume=5)
    audio.music_on = True
    audio.music("title")
    audio.set_music_volume(0)
    assert music.calls[-1] == ("stop",)
    audio.set_music_volume(3)
    assert music.loaded() == ["music_title.wav", "music_title.wav"]
    assert ("volume", 0.3) in music.calls


def test_effects_and_music_volumes_are_settings_rows_and_persist(tmp_path, music):
    app = make_app(tmp_path)
    app.open("settings")
    scene = app.top
    labels = [label for label, _value in scene.rows()]
    assert "Effects volume" in labels and "Music volume" in labels
    scene.change("music", -1)
    scene.change("music", -1)
    scene.change("volume", 1)
    app.save_settings()
    again = load_settings(str(tmp_path / "config"))
    assert (again.music_volume, again.volume) == (3, 8)


@pytest.mark.parametrize("humans, winners, sting", [
    ((0,), (0,), "win"),            # the person at the keyboard won
    ((0, 2), (1, 2), "win"),        # one of the people here is among the winners (a team game)
    ((0,), (1,), "lose"),           # every person here lost to a bot
    ((0, 1), (2, 3), "lose"),
    ((), (1,), None),               # only bots played (attract mode, a bots' match): no sting
])
def test_results_play_a_win_sting_only_for_a_human_winner(humans, winners, sting):
    assert results_sting(humans, winners) == sting


def test_the_results_sting_at_a_real_table_follows_the_people_here(tmp_path):
    """A finished match at a real table: bots alone get no sting; with a person here, the sting says whether one of
    them won (the seats the table counts as played here, ``seating.humans``)."""
    from arcade.client.play import start_match
    from arcade.core.match import parse_seats
    from arcade.core.results import winners

    app = make_app(tmp_path)
    start_match(app, "grit", parse_seats("bot,bot", 2, 2), 4, {})
    table = app.top
    assert table.music == "play"
    for _i in range(60 * 60 * 10):
        if table.match.is_over():
            break
        app.pump()
        app.tick()
    assert table.match.is_over()
    won = winners(table.match.rules, table.match.state)
    lost = [s for s in range(2) if s not in won]
    heard: list[str] = []
    app.audio.play = lambda name, tick=None: heard.append(name)
    for humans, sting in (([], []), ([won[0]], ["win"]), (lost[:1], ["lose"] if lost else ["win"])):
        heard.clear()
        table.seating.humans = lambda humans=humans: list(humans)
        table.over_ticks = 0
        for _i in range(table.END_DELAY):
            table.update()
        assert heard == sting, humans
