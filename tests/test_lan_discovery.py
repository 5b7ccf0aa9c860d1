"""Discovery as a player's machine sees it: where a host announces by default (every LAN interface's broadcast
address, from ``ifaddr``), a browse list that forged announcements cannot grow without bound (issues 12 and 13),
and ``grisbi-arcade browse --headless``."""

from __future__ import annotations

import json
import socket
from types import SimpleNamespace as NS

import ifaddr

from arcade.client import browse
from arcade.client import cli
from netplay import discovery
from netplay.discovery import AUTO, Announcer, Listener, encode_announcement


class FakeTransport:
    """Records what is sent; ``receive`` hands out the queued datagrams, 64 at most a call like the real one."""

    def __init__(self) -> None:
        self.sent: list[tuple[bytes, tuple[str, int]]] = []
        self.inbox: list[tuple[bytes, tuple[str, int]]] = []
        self.closed = False

    def send(self, data, address) -> None:
        self.sent.append((data, address))

    def receive(self, limit=512):
        out, self.inbox = self.inbox[:limit], self.inbox[limit:]
        return out

    def close(self) -> None:
        self.closed = True


def adapters(*specs):
    """Fake ``ifaddr`` adapters: (name, [(ip, prefix), ...])."""
    return [NS(name=n, nice_name=n, ips=[NS(ip=ip, network_prefix=p) for ip, p in ips]) for n, ips in specs]


def test_by_default_a_host_announces_on_every_lan_interface_and_never_on_loopback_or_link_local(monkeypatch):
    monkeypatch.setattr(discovery, "_is_up", lambda name: name != "down0")
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: adapters(
        ("lo", [("127.0.0.1", 8), (("::1", 0, 0), 128)]),
        ("eth0", [("192.168.1.20", 24), (("fe80::1", 0, 2), 64)]),
        ("wlan0", [("10.4.7.9", 16), ("169.254.3.3", 16)]),
        ("down0", [("172.16.0.5", 24)]),
        ("tun0", [("10.8.0.2", 32)])))
    assert discovery.lan_interfaces() == [("eth0", "192.168.1.20", "192.168.1.255"), ("wlan0", "10.4.7.9",
                                                                                     "10.4.255.255")]
    assert discovery.broadcast_targets(AUTO) == ["10.4.255.255", "192.168.1.255"]
    assert discovery.lan_addresses() == ["10.4.7.9", "192.168.1.20"]
    # a chosen address is used alone: one machine only, or one network
    assert discovery.broadcast_targets("127.255.255.255") == ["127.255.255.255"]
    assert discovery.broadcast_targets("192.168.1.255") == ["192.168.1.255"]
    assert discovery.listen_address("127.255.255.255") == "127.255.255.255"
    assert discovery.listen_address(AUTO) == "" and discovery.listen_address("192.168.1.255") == ""
    t = FakeTransport()
    ann = Announcer("Ann", "grit", 1, 47800, 2, 1, "lockstep", b"\x01" * 16, broadcast=AUTO, transport=t)
    ann.update(0.0)
    assert sorted(a for _, a in t.sent) == [("10.4.255.255", 47474), ("192.168.1.255", 47474)]
    assert len({d for d, _ in t.sent}) == 1
    # Wi-Fi goes away while the lobby is open: after the next look at the interfaces, only eth0 is announced on
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: adapters(("eth0", [("192.168.1.20", 24)])))
    t.sent.clear()
    ann.update(1.0)
    assert len(t.sent) == 2  # not looked at again yet (every REFRESH seconds)
    t.sent.clear()
    ann.update(discovery.REFRESH + 0.5)
    assert [a for _, a in t.sent] == [("192.168.1.255", 47474)]


def test_a_machine_without_a_network_announces_on_loopback_so_one_machine_play_still_works(monkeypatch):
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: adapters(("lo", [("127.0.0.1", 8)])))
    assert discovery.lan_interfaces() == [] and discovery.lan_addresses() == []
    assert discovery.broadcast_targets(AUTO) == ["127.255.255.255"]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: (_ for _ in ()).throw(OSError("no netlink")))
    assert discovery.broadcast_targets(AUTO) == ["127.255.255.255"]


def _ann(name: str, port: int) -> bytes:
    return encode_announcement(name, "grisbi", 3, port, 4, 2, "rollback", b"\x02" * 16)


def test_forged_announcements_neither_grow_the_browse_list_nor_push_a_real_host_out():
    t = FakeTransport()
    lst = Listener(expire=3.0, transport=t)
    t.inbox.append((_ann("Ann's table", 47800), ("192.168.1.20", 47800)))
    assert [a.name for a in lst.update(0.0)] == ["Ann's table"]
    # 20,000 forged announcements from 5,000 addresses, every one on another port, within one second
    t.inbox.extend((_ann(f"fake{i}", 1024 + i), (f"10.{i // 65536}.{i // 256 % 256}.{i % 256}", 5000))
                   for i in range(5000) for _ in range(4))
    t.inbox.extend((_ann(f"fake-port{i}", 2000 + i), ("10.99.0.1", 5000)) for i in range(100))
    sizes = []
    now = 0.0
    while t.inbox:
        now += 1 / 60
        sizes.append(len(lst.update(min(now, 1.0))))
    assert max(sizes) == Listener.MAX_HOSTS == 32
    listed = lst.update(1.0)
    assert "Ann's table" in [a.name for a in listed]
    assert sum(1 for a in listed if a.address[0] == "10.99.0.1") <= Listener.PER_ADDRESS
    assert lst.ignored > 19_000
    # the forgers fall silent: 3 s later only the real host, heard again, is listed; a new host is heard at once
    t.inbox.append((_ann("Ann's table", 47800), ("192.168.1.20", 47800)))
    assert [a.name for a in lst.update(3.5)] == ["Ann's table"]
    t.inbox.append((_ann("Bob's table", 47800), ("192.168.1.21", 47800)))
    assert [a.name for a in lst.update(3.6)] == ["Ann's table", "Bob's table"]


def test_one_address_lists_at_most_four_matches():
    t = FakeTransport()
    lst = Listener(transport=t)
    t.inbox.extend((_ann(f"m{i}", 47800 + i), ("192.168.1.20", 40000)) for i in range(10))
    assert [a.address[1] for a in lst.update(0.0)] == [47800, 47801, 47802, 47803]


def _free_udp_port() -> int:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_browse_lists_a_match_heard_on_loopback_with_its_address_and_free_seats():
    port = _free_udp_port()
    ann = Announcer("Ann's table", "grisbi", 3, 47999, 4, 2, "rollback", b"\x01" * 16, discovery_port=port)
    clock = NS(t=0.0)

    def tick():  # a fake clock: each look at it is 0.1 s later, the announcer speaks every (fake) second
        clock.t += 0.1
        ann.update(clock.t)
        return clock.t

    try:
        found = browse.browse(2.0, "127.255.255.255", discovery_port=port, clock=tick)
    finally:
        ann.close()
    assert found == [{"name": "Ann's table", "game": "Grisbi", "game_id": "grisbi", "address": "127.0.0.1:47999",
                      "free_seats": 2, "seats": 4, "playing": False, "ping_ms": None, "compatible": True}]
    line = browse._line(found[0])
    assert "Ann's table" in line and "127.0.0.1:47999" in line and "2 of 4 seats free" in line


def test_browse_with_nothing_on_the_network_says_so_and_exits_0(capsys, tmp_path, monkeypatch):
    # nothing on the network: the browser listens where no one announces (other tests of the run may host a lobby
    # on the usual discovery port of this loopback at the same time)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        quiet_port = probe.getsockname()[1]
    real = browse.browse
    monkeypatch.setattr(browse, "browse", lambda seconds, bc="", **kw: real(seconds, bc, discovery_port=quiet_port))
    assert cli.main(["browse", "--headless", "--seconds", "0.5", "--lan-broadcast", "127.255.255.255",
                     "--config-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "no match found"
    assert cli.main(["browse", "--headless", "--seconds", "0.5", "--json", "--lan-broadcast", "127.255.255.255",
                     "--config-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert cli.main(["browse", "--headless", "--seconds", "0"]) == 2
    assert "--seconds" in capsys.readouterr().err
    assert cli.main(["browse", "--headless", "--lan-broadcast", "1.2.3"]) == 2


def test_join_errors_say_what_happened_and_what_to_do():
    from arcade.client.lan import explain
    from netplay.events import FailReason, Failed

    # the typed failures as the session reports them (netplay.events), and what the player reads
    assert explain(Failed("refused by the host: wrong join code", FailReason.WRONG_CODE)) == (
        "Wrong join code: check the code shown on the host's screen and type it again.")
    assert explain(Failed("refused by the host: not enough free seats: 2 asked, 1 free", FailReason.FULL,
                          {"asked": 2, "free": 1})) == (
        "The match is full (2 asked, 1 free). Ask the host to open a seat, or join with no players here to watch.")
    assert explain(Failed("no answer from 192.168.77.99:47800 in 5 s", FailReason.UNREACHABLE,
                          {"address": "192.168.77.99:47800"})) == (
        "No host answered at 192.168.77.99:47800. Check the address on the host's screen, that its lobby is open, "
        "and that its firewall lets UDP in.")
    msg = explain(Failed("refused by the host: ...", FailReason.VERSION, {"host_version": 3, "our_version": 2}))
    assert msg.startswith("Version mismatch: the host speaks version 3") and msg.endswith(
        "Update Grisbi Arcade on both machines.")
    assert explain(FailReason.TOO_MANY_TRIES).startswith("Too many wrong codes")
    assert all(explain(k, 47800) != explain(FailReason.OTHER) for k in FailReason if k != FailReason.OTHER)
    assert "free text" not in explain(Failed("free text", FailReason.OTHER))  # the free text is never shown raw


def test_the_join_screen_starts_with_this_networks_part_of_the_address(monkeypatch):
    from arcade.client.scenes import lan_join as lan_scenes
    from arcade.client.settings import Settings

    s = Settings()
    monkeypatch.setattr(lan_scenes, "lan_addresses", lambda: ["192.168.1.20"])
    assert lan_scenes.default_join_address(s) == "192.168.1."  # the player types the host's last number
    s.lan_broadcast = "127.255.255.255"
    assert lan_scenes.default_join_address(s) == "127.0.0.1:47800"  # this machine only
    s.lan_broadcast = ""
    monkeypatch.setattr(lan_scenes, "lan_addresses", lambda: [])
    assert lan_scenes.default_join_address(s) == "127.0.0.1:47800"  # no network
    from arcade.client.lan import parse_address

    assert parse_address("192.168.1.20") == ("192.168.1.20", 47800)


def test_the_lobby_shows_the_addresses_friends_can_type(monkeypatch):
    from arcade.client.scenes import lan_lobby as lan_scenes

    def link(bound):
        return NS(transport=NS(address=(bound, 47800)))

    monkeypatch.setattr(lan_scenes, "lan_addresses", lambda: ["10.0.0.5", "192.168.1.20"])
    assert lan_scenes.host_addresses(link("0.0.0.0")) == (
        "Friends type this address to join", ["10.0.0.5:47800", "192.168.1.20:47800"])
    assert lan_scenes.host_addresses(link("192.168.1.20"))[1] == ["192.168.1.20:47800"]  # --lan-bind
    assert lan_scenes.host_addresses(link("127.0.0.1")) == (
        "This machine only (see LAN settings)", ["127.0.0.1:47800"])
    monkeypatch.setattr(lan_scenes, "lan_addresses", lambda: [])
    assert lan_scenes.host_addresses(link("0.0.0.0")) == (
        "This machine only: no network found", ["127.0.0.1:47800"])
