"""Codes that heal themselves (issue 34): the real Magic Wormhole mailbox server on loopback, the host in this
process, adversaries written with the raw mailbox protocol (``mailbox_raw.RawMailbox``) or our own joiners.

What a player would notice: a stranger who claims the host's code and says nothing (or a friend whose game crashed
mid-join) does not lock the match: the host shows a new code, says why, and a friend with the new code gets in;
five wrong codes do not end hosting either; a joiner that gives up (closed, or its program ends) leaves the code
free; codes have three words.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mailbox_raw import RawMailbox
from netplay.online import CodeReady, Connected, OnlineHost, OnlineJoin
from netplay.rendezvous import APPID, RendezvousFailure, RendezvousJoin
from test_online_loopback import hosting, loopback_candidates, mailbox, run, settings  # noqa: F401  (fixtures)

pytest.importorskip("wormhole_mailbox_server", reason="the mailbox server is not installed (test extra)")

ROOT = Path(__file__).resolve().parent.parent


def new_code(host: OnlineHost, limit: float) -> tuple[CodeReady, float]:
    """Poll the host until it announces a changed code (bounded); the event and the seconds it took."""
    start = time.monotonic()
    while True:
        for ev in host.poll():
            if isinstance(ev, CodeReady) and ev.previous is not None:
                return ev, time.monotonic() - start
        assert host.rendezvous.failure is None, host.rendezvous.failure
        assert time.monotonic() - start < limit, f"no new code within {limit} s: {host.line}"
        time.sleep(0.01)


def test_codes_have_three_words(mailbox):
    host, code = hosting(mailbox, 1)
    try:
        number, *words = code.split("-")
        assert number.isdigit() and len(words) == 3, code
    finally:
        host.close()


def test_a_stranger_holding_the_nameplate_gets_a_new_code_and_a_friend_joins_with_it(mailbox):
    host, code = hosting(mailbox, 2)
    stranger = RawMailbox(mailbox, APPID)
    friend = None
    try:
        stranger.hold(code.split("-")[0])  # claims the nameplate, opens the mailbox, says nothing, never leaves
        ev, took = new_code(host, 10.0)
        print(f"\nnew code after a held nameplate: {took:.1f} s")
        assert ev.previous == code and ev.code != code and ev.reason == "held"
        assert ev.line == f"someone else held the code: the new code is {ev.code}"
        assert host.code == ev.code and host.session_code == code  # the match keeps its name
        friend = OnlineJoin(ev.code, settings(mailbox), info={"name": "Bob"})
        events, (result,) = run(host, [friend])
        assert isinstance(result, Connected), result
        assert friend.session_code == host.session_code == code  # both key the same session
        assert any(isinstance(e, Connected) and e.info["name"] == "Bob" for e in events)
    finally:
        stranger.close()
        if friend is not None:
            friend.close()
        host.close()


def test_five_wrong_codes_give_a_new_code_and_hosting_goes_on(mailbox):
    host, code = hosting(mailbox, 2)
    nameplate = code.split("-")[0]
    try:
        for n, words in enumerate(("zulu-zebra-yak", "yankee-yak-zulu", "xray-yak-zebra", "wolf-yak-zebra",
                                   "vole-yak-zebra")):
            wrong = RendezvousJoin(f"{nameplate}-{words}", mailbox, timeout=10)
            try:
                end = time.monotonic() + 15
                while wrong.failure is None:
                    assert time.monotonic() < end, wrong.line
                    host.poll()
                    time.sleep(0.01)
                assert wrong.failure.reason == RendezvousFailure.WRONG_CODE
            finally:
                wrong.close()
        ev, _ = new_code(host, 10.0)
        assert ev.reason == "wrong-codes" and ev.previous == code
        assert ev.line == f"too many wrong codes were tried: the new code is {ev.code}"
        assert host.rendezvous.failure is None
        friend = OnlineJoin(ev.code, settings(mailbox))
        try:
            _, (result,) = run(host, [friend])
            assert isinstance(result, Connected), result
        finally:
            friend.close()
    finally:
        host.close()


def listed_until(lister: RawMailbox, nameplate: str, present: bool, limit: float = 5.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if (nameplate in lister.nameplates()) == present:
            return True
        time.sleep(0.05)
    return False


def test_a_joiner_that_closes_releases_the_nameplate(mailbox):
    lister = RawMailbox(mailbox, APPID)
    try:
        j = RendezvousJoin("77-adult-amulet-ahead", mailbox, timeout=15)  # nobody hosts it: the joiner claims it
        try:
            assert listed_until(lister, "77", True), j.line
        finally:
            j.close()
        assert listed_until(lister, "77", False), "the closed joiner still holds nameplate 77"
    finally:
        lister.close()


def test_a_joiner_whose_program_ends_releases_the_nameplate(mailbox, tmp_path):
    """The window closed mid-join: the program ends without anyone calling close()."""
    script = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from netplay.online import OnlineJoin, OnlineSettings
        j = OnlineJoin("78-adult-amulet-ahead", OnlineSettings(rendezvous={mailbox!r}, meet_timeout=15))
        sys.stdin.readline()  # told to go once the nameplate is claimed; then the program just ends
    """)
    lister = RawMailbox(mailbox, APPID)
    proc = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, text=True)
    try:
        assert listed_until(lister, "78", True, 15.0)
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.wait(10) == 0
        assert listed_until(lister, "78", False), "the ended joiner still holds nameplate 78"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        lister.close()


def test_the_hosts_lobby_shows_the_new_code_and_why(tmp_path, mailbox):
    """The client: a host's online lobby whose code a stranger holds shows the new code, large, with one line why,
    and a friend who types the new code sits in the lobby."""
    from arcade.client.render.audit import TextLog
    from test_lan_client import choose
    from test_online_client import RealWorld, join_with

    world = RealWorld(tmp_path, mailbox)
    stranger = RawMailbox(mailbox, APPID)
    try:
        host, guest = world.app("host"), world.app("guest")
        host.settings.lan_name, guest.settings.lan_name = "Ann", "Bob"
        choose(world, host, "online")
        choose(world, host, "Host online")
        setup = host.top
        while setup.row:
            world.press(host, "up")
        for _ in range(12):
            if setup.gid == "grit":
                break
            world.press(host, "right")
        assert setup.gid == "grit"
        world.press(host, "tab")
        world.wait(lambda: host.top.name == "lan_lobby", 600, "the host's lobby with a code")
        link = host.top.link
        first = link.status().code
        stranger.hold(first.split("-")[0])
        world.wait(lambda: link.status().code != first, 2400, "a new code")
        new = link.status().code
        assert link.code == first  # the session keeps its key
        with TextLog() as log:
            world.shot(host, "online_lobby_new_code")
        shown = {t.text for t in log.texts} | log.rows
        assert new in shown and f"someone else held the code: the new code is {new}" in " ".join(shown), shown
        join_with(world, guest, new)
        world.wait(lambda: guest.top.name == "lan_lobby", 1200, "the guest's lobby")
        world.wait(lambda: len(link.session.peers()) == 2, 240, "the roster")
    finally:
        stranger.close()
        world.close()
