"""The wire format (a header, then an AEAD-sealed msgpack body), its validation, keys (SPAKE2 from the join code,
HKDF per peer), the replay window, the rate limit, transports and LAN discovery."""

from __future__ import annotations

import socket
import time

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from netplay.messages import Run, Sums
from netplay.discovery import Announcer, Listener, decode_announcement, encode_announcement
from netplay.settings import LOCKSTEP, MatchSettings, SettingsError
from netplay.transport import Impairment, MemoryNetwork, UdpTransport
from spake2 import SPAKE2_A, SPAKE2_B

from netplay.wire import (HEADER_SIZE, MAC_SIZE, MAX_DATAGRAM, MsgType, RateLimiter, Rejected, ReplayWindow,
                          commit_of, is_real_commit, normalize_code, open_datagram, peer_keys, seal, seed_from_nonces)

KEY = bytes(range(32))


def keys(mtype, sid, peer):
    return KEY if sid == 77 else None


def input_fields(tick=100):
    # acks and run starts travel relative to the tick
    return [tick, -3, [0, 1], [[1, 4, [0, 0, 2, 0]]], 1234, [99, 5], 0, [[1, 90, 2**64 - 1, b"\x00\x01" * 30]], 3,
            [2, 5, b"\x12\x34\x56\x78"]]


def test_a_sealed_input_opens_to_the_same_message_with_absolute_ticks():
    data = seal(MsgType.INPUT, 77, 1, 9, input_fields(), KEY)
    assert len(data) < 300
    msg = open_datagram(data, keys)
    assert (msg.type, msg.sid, msg.peer, msg.seq) == (MsgType.INPUT, 77, 1, 9)
    m = msg.body
    assert m.acks == [100, 99] and m.runs == [Run(1, 96, [0, 0, 2, 0])]
    assert m.sums == Sums(98, 95, b"\x12\x34\x56\x78")  # holds our sums to 98; its own from 95
    assert m.to_wire() == input_fields()  # and back: the wire form, relative to the tick


def test_every_truncation_and_every_flipped_bit_is_rejected():
    data = seal(MsgType.INPUT, 77, 1, 9, input_fields(), KEY)
    for n in range(len(data)):
        with pytest.raises(Rejected):
            open_datagram(data[:n], keys)
    for i in range(len(data)):
        for bit in (0, 3, 7):
            b = bytearray(data)
            b[i] ^= 1 << bit
            with pytest.raises(Rejected):
                open_datagram(bytes(b), keys)


def test_validation_order_size_first_then_decoding_then_key():
    data = seal(MsgType.INPUT, 77, 1, 9, input_fields(), KEY)
    with pytest.raises(Rejected, match="oversized"):
        open_datagram(data + bytes(MAX_DATAGRAM), keys)
    hello = data[:1] + bytes([MsgType.HELLO]) + data[2:HEADER_SIZE]  # an open type: no AEAD to stop the decoder
    with pytest.raises(Rejected, match="decode"):
        open_datagram(hello + b"\xdd\xff\xff\xff\xff" + bytes(40), keys, (MsgType.HELLO,))  # 4 billion items
    with pytest.raises(Rejected, match="decode"):
        open_datagram(hello + b"\x91" * 1100 + b"\xc0", keys, (MsgType.HELLO,))  # nested 1,100 deep, < 1,200 bytes
    with pytest.raises(Rejected, match="mac"):  # sealed types: the tag is checked before anything is decoded
        open_datagram(data[:HEADER_SIZE] + b"\x91" * 1100 + b"\xc0" + bytes(MAC_SIZE), keys)
    with pytest.raises(Rejected, match="session"):
        open_datagram(seal(MsgType.INPUT, 78, 1, 9, input_fields(), KEY), keys)
    with pytest.raises(Rejected, match="mac"):
        open_datagram(seal(MsgType.INPUT, 77, 1, 9, input_fields(), bytes(32)), keys)
    with pytest.raises(Rejected, match="mac"):  # an open type this reader does not expect
        open_datagram(seal(MsgType.HELLO, 77, 1, 9, [bytes(33), bytes(16), 1, b"", b""], None), keys)


@pytest.mark.parametrize("fields", [
    [1.5, 0, [], [], None, None, 0, [], 0, None],            # a float tick
    [True, 0, [], [], None, None, 0, [], 0, None],           # a bool is not an int
    [10, 0, [], [[8, 0, [1]]], None, None, 0, [], 0, None],  # seat 8 does not exist
    [10, 0, [], [[0, 0, [65536]]], None, None, 0, [], 0, None],  # input out of range
    [10, 0, [], [[0, 0, []]], None, None, 0, [], 0, None],   # an empty run
    [10, 0, [], [[0, 0, [0] * 65]], None, None, 0, [], 0, None],  # a run longer than 64 ticks
    [10, 0, [], [[0, 11, [0]]], None, None, 0, [], 0, None],  # a run starting before tick 0
    [10, 0, [12], [], None, None, 0, [], 0, None],            # an ack before tick -1
    [10, 0, [], [], None, None, 0, [[7, 1]], 0, None],        # an unknown notice
    [10, 0, [], [], None, None, 0, [[5, 1, 3, 2, b""]], 0, None],  # chunk index beyond its total
    [10, 0, [], [], None, None, 0, [[2, 1, 30, 2, ""]], 0, None],  # a drop naming an empty bot level
    [10, 0, [], [], None, None, 0, [[2, 1, 30, 2, "x" * 17]], 0, None],  # a bot level over 16 characters
    [10, 0, [], [], None, None, 0, [[2, 1, 30, 2, 3]], 0, None],  # a bot level that is no text
    [10, 0, [], [], None, None, 0, [[2, 1, 30, 2, "hard", 0]], 0, None],  # a drop with a sixth entry
    [10, 0, [], [], None, [1], 0, [], 0, None],               # a malformed echo
    [10, 0, [], [], None, None, 0, []],                 # a field missing
    [10, 0, [], [], None, None, 0, [], 0, [0, 0, b"\x00"]],  # rolling checksums of an odd length
    [10, 0, [], [], None, None, 0, [], 0, [0, 0, b"\x00" * 66]],  # more than 32 rolling checksums
    [10, 0, [], [], None, None, 0, [], 0, [0, 0]],  # rolling checksums missing a part
])
def test_a_well_keyed_message_of_the_wrong_shape_is_refused(fields):
    with pytest.raises(Rejected, match="schema"):
        open_datagram(seal(MsgType.INPUT, 77, 1, 9, fields, KEY), keys)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=1300))
def test_random_bytes_never_raise_anything_but_rejected(data):
    with pytest.raises(Rejected):
        open_datagram(data, keys)


_scalars = st.none() | st.booleans() | st.integers(-2**64, 2**64) | st.floats() | st.binary(max_size=40) | st.text(
    max_size=20)
_values = st.one_of(_scalars, st.lists(_scalars, max_size=5), st.lists(st.lists(_scalars, max_size=4), max_size=4))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 18), st.lists(_values, max_size=10))
def test_any_well_keyed_structure_is_either_a_valid_message_or_rejected(mtype, fields):
    try:
        data = seal(mtype, 77, 1, 9, fields, KEY)
    except (OverflowError, TypeError, ValueError):
        return  # not even encodable
    if len(data) > MAX_DATAGRAM:
        return
    try:
        open_datagram(data, keys)
    except Rejected:
        pass


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 5), _values), min_size=1, max_size=3))
def test_an_input_message_with_any_part_replaced_is_valid_or_rejected(changes):
    fields = input_fields()
    for i, j, v in changes:  # replace a field, or a part of a list field
        if isinstance(fields[i], list) and fields[i] and j < len(fields[i]):
            fields[i][j] = v
        else:
            fields[i] = v
    try:
        data = seal(MsgType.INPUT, 77, 1, 9, fields, KEY)
    except (OverflowError, TypeError, ValueError):
        return
    try:
        msg = open_datagram(data, keys)
    except Rejected:
        return
    m = msg.body
    assert all(-1 <= a for a in m.acks) and all(r.start >= 0 and all(0 <= x < 65536 for x in r.values) for r in m.runs)


def _exchange(code_a: str, code_b: str, sid: int = 77, hello: bytes = b"h" * 16) -> tuple[tuple, tuple]:
    a = SPAKE2_A(normalize_code(code_a), idA=b"grisbi-arcade joiner", idB=b"grisbi-arcade host")
    b = SPAKE2_B(normalize_code(code_b), idA=b"grisbi-arcade joiner", idB=b"grisbi-arcade host")
    ma, mb = a.start(), b.start()
    return peer_keys(a.finish(mb), sid, hello), peer_keys(b.finish(ma), sid, hello)


def test_keys_come_from_a_spake2_exchange_on_the_code_and_differ_per_direction_and_exchange():
    """DESIGN: "the join code is a low-entropy password; each joiner runs SPAKE2 with the host, bound to a fresh
    random session id, giving a per-peer key"."""
    joiner, host = _exchange("ab cd-ef", "ABCDEF")
    assert joiner == host and joiner[0] != joiner[1] and len(joiner[0]) == 32
    wrong_j, wrong_h = _exchange("ABCDEF", "ABCDEG")
    assert wrong_j != wrong_h  # a wrong code: the JOIN sealed with one fails the other's AEAD check
    again_j, _ = _exchange("ABCDEF", "ABCDEF")
    assert again_j != joiner  # a fresh exchange, fresh keys (SPAKE2's random scalars)
    k = b"k" * 32
    assert peer_keys(k, 1, b"h" * 16) != peer_keys(k, 2, b"h" * 16) != peer_keys(k, 1, b"i" * 16)


def test_the_body_is_encrypted_and_the_header_is_bound_to_it():
    fields = [b"the secret hand: ace of spades" * 2]
    data = seal(MsgType.BYE, 77, 1, 9, [4, "the secret hand: ace of spades"], KEY)
    assert b"secret" not in data and b"ace" not in data
    assert open_datagram(data, keys).fields == [4, "the secret hand: ace of spades"]
    moved = data[:HEADER_SIZE - 1] + bytes([10]) + data[HEADER_SIZE:]  # the same body under another sequence number
    with pytest.raises(Rejected, match="mac"):
        open_datagram(moved, keys)
    assert seal(MsgType.BYE, 77, 1, 9, fields, KEY) != seal(MsgType.BYE, 77, 1, 10, fields, KEY)


def test_a_commit_must_be_a_real_digest():
    assert is_real_commit(commit_of(b"n" * 32))
    assert not is_real_commit(bytes(32)) and not is_real_commit(b"x" * 31) and not is_real_commit(None)


def test_the_replay_window_accepts_each_sequence_number_once_and_nothing_too_old():
    w = ReplayWindow(64)
    for seq in (1, 3, 2, 70):
        assert w.fresh(seq)
        w.accept(seq)
    assert not w.fresh(3) and not w.fresh(70) and not w.fresh(0)
    assert w.fresh(69) and not w.fresh(6)  # 6 is 64 behind the top


def test_the_rate_limit_is_per_address_and_refills():
    rl = RateLimiter(rate=100, burst=10)
    assert sum(rl.allow(("a", 1), 0.0) for _ in range(50)) == 10
    assert rl.allow(("b", 1), 0.0)
    assert sum(rl.allow(("a", 1), 0.1) for _ in range(50)) == 10


def test_the_fair_deal_seed_depends_on_every_nonce():
    nonces = [bytes([i]) * 32 for i in range(4)]
    seed = seed_from_nonces(nonces)
    for i in range(4):
        changed = list(nonces)
        changed[i] = b"\xff" * 32
        assert seed_from_nonces(changed) != seed
    assert commit_of(nonces[0]) != commit_of(nonces[1]) and len(commit_of(nonces[0])) == 32


def test_settings_digest_covers_every_field_and_bad_settings_are_refused():
    base = MatchSettings("grisbi", 3, 4)
    digests = {base.digest()}
    for change in (dict(game="grit"), dict(rules_version=4), dict(seats=5), dict(tick_rate=30), dict(input_delay=3),
                   dict(prediction=7), dict(end_tick=100), dict(checksum_interval=20),
                   dict(mode=LOCKSTEP, prediction=0)):
        digests.add(base.replace(**change).digest())
    assert len(digests) == 10
    assert MatchSettings.from_wire(base.to_wire()) == base
    for bad in (dict(input_delay=5), dict(prediction=9), dict(seats=9), dict(mode=LOCKSTEP)):
        with pytest.raises(SettingsError):
            base.replace(**bad).check()
    assert base.differences(base.replace(input_delay=3)) == ["input_delay: 2 here, 3 there"]


def test_the_memory_network_impairs_each_path_as_configured_and_reproducibly():
    def trial(seed):
        net = MemoryNetwork(seed=seed, impairment=Impairment.from_rtt(0.1, jitter=0.02, loss=0.1, duplicate=0.05,
                                                                   reorder=0.1))
        a, b = net.transport(("a", 1)), net.transport(("b", 1))
        for i in range(4000):
            net.clock.set(i * 0.001)
            a.send(i.to_bytes(4, "big"), b.address)
        net.clock.set(10.0)
        got = [int.from_bytes(d, "big") for d, _ in b.receive(10_000)]
        return got
    got = trial(1)
    assert got == trial(1) and got != trial(2)
    assert 0.06 < 1 - len(set(got)) / 4000 < 0.14           # loss
    assert 0.02 < (len(got) - len(set(got))) / 4000 < 0.08  # duplicates
    late = sum(1 for x, y in zip(got, got[1:]) if y < x)
    assert late > 100                                       # reordering


def test_a_blackout_drops_everything_in_its_window():
    net = MemoryNetwork()
    a, b = net.transport(("a", 1)), net.transport(("b", 1))
    net.blackout(("b", 1), 1.0, 2.0)
    for t in (0.5, 1.5, 2.5):
        net.clock.set(t)
        a.send(b"x%.1f" % t, b.address)
    net.clock.set(3.0)
    assert [d for d, _ in b.receive()] == [b"x0.5", b"x2.5"]


def test_udp_transport_on_loopback_never_blocks_and_never_raises_for_network_trouble():
    a, b = UdpTransport(), UdpTransport()
    try:
        assert a.receive() == []
        a.send(b"hello", b.address)
        assert b.wait(1.0)
        assert b.receive() == [(b"hello", a.address)]
        a.send(b"x" * 70000, b.address)  # too big for UDP: counted, not raised
        a.send(b"y", ("127.0.0.1", 0))
        assert a.send_errors >= 1
    finally:
        a.close()
        b.close()


def _free_udp_port() -> int:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_lan_discovery_over_the_loopback_broadcast_address():
    port = _free_udp_port()
    listeners = [Listener(discovery_port=port, expire=0.5) for _ in range(2)]  # two clients on one machine
    ann = Announcer("Ann's table", "grisbi", 3, 7777, 4, 2, "rollback", b"\x01" * 16, discovery_port=port)
    try:
        junk = UdpTransport(broadcast=True)
        junk.send(b"\x93\x01\x02\x03", ("127.255.255.255", port))
        junk.send(msgpack.packb(["grisbi-arcade", 1]), ("127.255.255.255", port))
        ann.update(0.0)
        deadline = time.monotonic() + 2.0
        heard = [[], []]
        while time.monotonic() < deadline and not all(heard):
            for i, lst in enumerate(listeners):
                lst.transport.wait(0.05)
                heard[i] = lst.update(1.0)
        for h in heard:
            assert len(h) == 1
            a = h[0]
            assert (a.name, a.game, a.rules_version, a.seats, a.free_seats, a.mode) == (
                "Ann's table", "grisbi", 3, 4, 2, "rollback")
            assert a.address == ("127.0.0.1", 7777) and a.compatible
        assert listeners[0].update(2.0) == []  # not heard again within `expire`: forgotten
        junk.close()
    finally:
        ann.close()
        for lst in listeners:
            lst.close()


def test_announcements_are_decoded_with_limits():
    data = encode_announcement("x", "grit", 1, 9000, 2, 1, "lockstep", b"")
    assert decode_announcement(data, ("127.0.0.1", 5)).address == ("127.0.0.1", 9000)
    assert decode_announcement(data[:-1], ("127.0.0.1", 5)) is None
    assert decode_announcement(b"\xdd\xff\xff\xff\xff", ("127.0.0.1", 5)) is None
    assert decode_announcement(msgpack.packb(["grisbi-arcade", 1, "x", "g", 1, 0, 2, 1, "m", b""]),
                               ("127.0.0.1", 5)) is None  # port 0


def test_a_drop_notice_carries_the_level_of_the_bot_that_takes_the_seat_or_none():
    """The host tells the other joiners which bot plays a dropped player's seat: [DROP, seat, tick, peer, level];
    the four-entry form (no level) is still read."""
    for item in ([2, 1, 30, 2, "hard"], [2, 1, 30, 2]):
        fields = [10, 0, [], [], None, None, 0, [item], 0, None]
        items = open_datagram(seal(MsgType.INPUT, 77, 1, 9, fields, KEY), keys).body.items
        assert [it.to_wire() for it in items] == [item]
