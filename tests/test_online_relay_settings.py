"""Relay settings (issue 34), without a network: the TURN REST API credentials a host mints from coturn's shared
secret, what the settings keep and check, and that a long-term password is never what a joiner would be granted.
(The real coturn accepting and refusing them: ``test_online_relay_credentials.py``.)"""

from __future__ import annotations

import base64
import hashlib
import hmac

import msgpack
import pytest

from arcade.client.settings import load_settings, save_settings
from netplay.online import MAX_GRANT_S, OnlineSettings, online_settings, turn_rest_credentials


def test_credentials_follow_the_turn_rest_api():
    user, password, expires = turn_rest_credentials("s3cret", "joiner1", 600, now=1_700_000_000)
    assert (user, expires) == ("1700000600:joiner1", 1_700_000_600)
    # coturn's check (use-auth-secret): base64(HMAC-SHA1(secret, user)), computed here from the RFC's recipe
    assert password == base64.b64encode(hmac.new(b"s3cret", user.encode(), hashlib.sha1).digest()).decode()


def test_a_secret_grants_short_lived_credentials_and_a_long_term_password_grants_nothing():
    secret = online_settings(None, "stun.example.org:3478", "turn.example.org", turn_secret="s3cret")
    assert secret.servers.turn == ("turn.example.org", 3478) and secret.servers.turn_password is None
    grant = secret.grant("joiner1")
    assert grant is not None and grant.server == "turn.example.org:3478" and grant.password != "s3cret"
    assert grant.user.endswith(":joiner1")
    long_life = OnlineSettings(servers=secret.servers, turn_secret="s3cret", grant_lifetime=7 * 86400)
    assert long_life.grant("j").expires - turn_rest_credentials("s3cret", "j", 0)[2] <= MAX_GRANT_S  # at most 10 min
    mine = secret.own_servers()
    assert mine.turn_user and mine.turn_password and mine.turn_password != "s3cret"
    long_term = online_settings(None, None, "turn.example.org:3478", "grisbi", "pass")
    assert long_term.grant("joiner1") is None  # a joiner reaches the host's relayed candidate instead
    assert long_term.own_servers().turn_password == "pass"
    with pytest.raises(ValueError, match="its shared secret"):
        online_settings(None, None, "turn.example.org:3478")
    assert online_settings(relay_only=True).own_servers().relay_only


def test_the_settings_keep_the_secret_and_the_relay_switch(tmp_path):
    s = load_settings(tmp_path)
    assert s.online_turn_secret == "" and s.online_relay_only is False
    s.online_turn_secret, s.online_relay_only = "s3cret", True
    assert save_settings(s) is None
    again = load_settings(tmp_path)
    assert again.online_turn_secret == "s3cret" and again.online_relay_only is True and again.notice == ""
    raw = msgpack.unpackb(again.path.read_bytes(), raw=False)
    raw["online_relay_only"] = "yes"
    again.path.write_bytes(msgpack.packb(raw))
    bad = load_settings(tmp_path)
    assert bad.online_relay_only is False and bad.notice  # refused with a notice, the default kept
