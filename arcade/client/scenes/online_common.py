"""What the online screens share: the player's servers, failure lines, and going back to the online menu with a
problem."""

from __future__ import annotations

from typing import Any

from netplay.online import DEFAULT_STUN, OnlineSettings, online_settings
from netplay.rendezvous import PUBLIC_MAILBOX

from arcade.core.i18n import N_, _
from arcade.client.net.words import Said, NetLine
from arcade.client.networds import net_line

__all__ = ["servers_of", "failure_line", "go_online"]


def servers_of(settings: Any) -> OnlineSettings:
    """The servers of the player's settings (``Settings.online_*``). Raises ValueError with a line to show."""
    return online_settings(settings.online_rendezvous or None, settings.online_stun or None,
                           settings.online_turn or None, settings.online_turn_user or None,
                           settings.online_turn_password or None, settings.online_turn_secret or None,
                           settings.online_relay_only)


def describe_servers(settings: Any) -> str:
    """One line: which servers are used (in the player's language)."""
    meet = settings.online_rendezvous or PUBLIC_MAILBOX
    stun = settings.online_stun or f"{DEFAULT_STUN[0]}:{DEFAULT_STUN[1]}"
    if settings.online_turn:
        return _("meeting server {meeting} · STUN {stun} · relay {relay}").format(meeting=meet, stun=stun,
                                                                                 relay=settings.online_turn)
    return _("meeting server {meeting} · STUN {stun} · no relay of your own").format(meeting=meet, stun=stun)


_ADVICE = {  # what to do, for the reasons whose own line does not say it (English ids)
    "bad-code": N_("Type it as the host's screen shows it."),
    "server-error": N_("Try again in a moment, or use another rendezvous server (Settings → Online servers)."),
    "unreachable": N_("(Settings → Online servers.)"),
    "timeout": N_("Check both internet connections and try again."),
    "no-route": N_("A TURN relay on either side (Settings → Online servers) carries the match through such routers."),
    "no-address": N_("Check this machine's network connection."),
    "peer-failed": N_("Try again; if it happens again, set a TURN relay (Settings → Online servers)."),
    "bad-signal": N_("Both machines need the same version of Grisbi Arcade."),
}


def failure_line(reason: str, line: str) -> Said:
    """One line for the player: what happened (``line``, from ``netplay.online``, worded by ``net_line`` when shown)
    and what to do (by ``reason``), coded by ``reason`` for the log."""
    advice = "" if reason == "timeout" and "relay" in line else _ADVICE.get(reason, "")
    return Said(reason, "", line=NetLine(line, sentence=True), then=Said(reason, advice) if advice else None)


def go_online(app, problem: str, sound: str, make) -> None:
    """Open the waiting screen ``make()`` with ``sound``, unless there is a ``problem`` (or the servers set cannot
    be used): then the problem as the notice, and nothing else."""
    if not problem:
        try:
            servers_of(app.settings)
        except ValueError as e:
            problem = _("Online servers: {problem}.").format(problem=net_line(str(e)))
    if problem:
        app.notice = problem
        app.audio.play("back")
        return
    app.notice = ""
    app.audio.play(sound)
    app.push(make())
