"""Rejoin over the internet when the host is gone (issue 34, seen in two real windows: the host's process killed
mid-match, the joiner reads "Lost the host", presses Rejoin my seat). What the dead host left on the mailbox server
still holds its code, so the meeting ends "busy" (or "no one is hosting", or times out). Before: "Cannot join — The
host stayed busy with other players (or the code is mistyped): check it and try again in a moment", advice that
cannot work. Now: "Cannot rejoin", the host is gone, and only Back."""

from __future__ import annotations

import pytest

from netplay.online import Failed

import arcade.client.scenes.online_wait as online_wait
from arcade.core.match import SeatSpec
from test_lan_client import world  # noqa: F401  (world: the fixture)

CODE = "6-vocalist-shadow-disbelief"
LINES = {"busy": "the host stayed busy with other players (or the code is mistyped): check it and try again in a "
                 "moment",
         "no-host": f"no one is hosting with code {CODE}: check it, or ask the host for a new one (codes expire when "
                    "the host stops)",
         "timeout": "the host did not answer within 12 s"}


class Meeting:
    """In place of netplay's OnlineJoin: the meeting at the host's code ends with ``failure``."""

    def __init__(self, failure: Failed) -> None:
        self.failure, self.closed = failure, False
        self.line = "met the host: checking the code"

    def poll(self):
        return [self.failure]

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("reason", sorted(LINES))
@pytest.mark.parametrize("rejoin", [True, False])
def test_a_rejoin_that_meets_nobody_says_the_host_is_gone_and_offers_only_back(world, monkeypatch, reason, rejoin):
    app = world.app("bruno")
    meeting = Meeting(Failed(reason, LINES[reason]))
    monkeypatch.setattr(online_wait, "OnlineJoin", lambda code, servers, info: meeting)
    claim = {1: SeatSpec("human")} if rejoin else None
    app.push(online_wait.OnlineWaitScene(app, code=CODE, local=[] if rejoin else [SeatSpec("human")], watch=rejoin,
                                         claim=claim, token=b"t" * 16 if rejoin else None))
    world.step(2)
    top = app.top
    assert top.name == "lan_message" and meeting.closed
    if rejoin:
        assert top.title == "Cannot rejoin"
        assert "the host is gone" in top.text and CODE in top.text, top.text
        assert "try again" not in top.text and "busy" not in top.text
        assert top.items() == ["Back"]
    else:  # a first join keeps the meeting's own line: the code may be mistyped, the host may be busy
        assert top.title == "Cannot join" and LINES[reason].split(":")[0] in top.text.lower(), top.text
