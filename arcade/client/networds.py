"""The network's own English lines, worded in the player's language: what ``netplay`` says for a person while it
meets, connects and fails (``netplay.online``, ``netplay.rendezvous``, ``netplay.ice``: "trying a direct route
(1.2 s)", "no one is hosting with code 7-crossover-tiger-guitarist: ..."), why the host cannot start yet
(``Session.start_problem``: "seat 2 still open") and why a seat claim was refused (``ClaimRefused.reason``).

``netplay`` is a network library that speaks English (its lines are also its logs); the client shows them through
``net_line(line)``, which recognises each line by its English pattern, one message of the catalogue per pattern
(the English message *is* the pattern: ``"code {code}: waiting for players"``), and fills the named placeholders
from the line (numbers are written the language's way; a placeholder named ``line``, ``busy`` or ``problem`` holds
another such line, worded in turn). In English the result is the line itself. A line no pattern knows is shown as
it is (a server's own error text, a line netplay added later: ``tests/test_net_words.py`` fails on the latter).

Pure: no pygame, no network.
"""

from __future__ import annotations

import re
from functools import lru_cache

from arcade.core.i18n import N_, _, format_number, ngettext

__all__ = ["net_line", "LINES", "PLURAL_LINES"]

LINES: tuple[str, ...] = (
    # --- meeting the other side on the rendezvous server (netplay.rendezvous)
    N_("contacting the meeting server"),
    N_("asking the meeting server for a code"),
    N_("code {code}: waiting for players"),
    N_("waiting for the host"),
    N_("met the host: checking the code"),
    N_("met the host"),
    N_("the code is busy (the host may be letting another player in): waiting"),
    N_("wrong code: check it with the host (a number and three words)"),
    N_("someone else held the code: the new code is {code}"),
    N_("too many wrong codes were tried: the new code is {code}"),
    N_("cannot reach the meeting server {server}: check the internet connection or the rendezvous server setting"),
    N_("the meeting server {server} refused us: {detail}"),
    N_("the host is busy with another player"),
    N_("the meeting server {server} said: {detail}"),
    N_("the meeting failed: {detail}"),
    N_("the meeting cannot start here ({detail})"),
    N_("the other side sent a malformed message"),
    N_("the match is full: ask the host to open a seat, or join with no players here to watch"),
    N_("the meeting channel closed"),
    N_("the meeting server {server} gave no code within {seconds} s"),
    N_("the meeting server closed"),
    N_("the host stayed busy with other players (or the code is mistyped): check it and try again in a moment"),
    N_("the host did not answer within {seconds} s"),
    N_("no one is hosting with code {code}: check it, or ask the host for a new one (codes expire when the host "
       "stops)"),
    N_("the other side of this code is not a Grisbi Arcade host"),
    N_("the host runs another version of Grisbi Arcade (meeting v{theirs}, here v{ours}): both need the same"),
    N_("'{code}' is not a code: a code looks like 7-crossover-tiger-guitarist (a number, then words)"),
    # --- finding a route (netplay.ice)
    N_("finding this machine's addresses"),
    N_("waiting for the other side's addresses"),
    N_("trying a direct route"),
    N_("trying the relay (TURN server)"),
    N_("connected directly in {seconds} s"),
    N_("connected through the relay in {seconds} s"),
    N_("the connection to the other player was lost"),
    N_("this machine has no network address to offer"),
    N_("no direct route to the other player"),
    N_("no direct route to the other player; the TURN relay did not answer or refused the user/password"),
    N_("no direct route to the other player; setting a TURN relay server helps"),
    N_("the direct route the host chose did not work here"),
    N_("the host asked for the relay, but there is none here"),
    N_("no route to the other player, even through the relay"),
    N_("the other player could not connect: {line}"),
    N_("the other side sent a malformed offer ({detail})"),
    # TRANSLATORS: a connection's state once it is closed
    N_("closed"),
    # --- the whole (netplay.online) and the servers a player typed
    N_("no time left to connect to the host"),
    N_("nothing happened within {seconds} s"),
    N_("the rendezvous server '{url}' is not a ws:// or wss:// URL (e.g. {example})"),
    N_("the STUN server '{server}' is not HOST:PORT (e.g. turn.example.org:3478)"),
    N_("the TURN server '{server}' is not HOST:PORT (e.g. turn.example.org:3478)"),
    N_("a TURN server needs its user name and password, or its shared secret"),
    N_("only the relay may be used here (hide my address), but there is no relay"),
    N_("only the relay may be used here (hide my address), but the TURN relay did not answer or refused the "
       "user/password"),
    N_("your relay at {server} did not answer"),
    N_("their relay at {server} did not answer"),
    N_("no relay configured: one of you needs a relay"),
    # --- the lobby (Session.start_problem) and seat claims (ClaimRefused.reason)
    N_("the lobby is closed"),
    N_("waiting for {names} to be ready"),
    N_("another player plays it"),
    N_("the host keeps it for the player who lost it"),
    N_("the host plays it"),
    N_("that seat is not free"),
    # --- lines made of lines: last, so that a whole line is known before its parts
    # TRANSLATORS: the host's progress line while a friend connects: "code 7-crossover-tiger-guitarist: waiting for players; a
    # player is connecting: trying a direct route (1.2 s)"
    N_("{line}; a player is connecting: {busy}"),
    # TRANSLATORS: a connecting step and the seconds it has taken so far: "trying a direct route (1.2 s)"
    N_("{line} ({seconds} s)"),
)
"""Every line of the network the client words, as English message ids (``N_``): each is also the line's pattern."""

PLURAL_LINES: tuple[tuple[str, str, str], ...] = (
    ("{count} wrong code was tried on this code: start again with a new code",
     "{count} wrong codes were tried on this code: start again with a new code", "count"),
    ("seat {seats} still open", "seats {seats} still open", "seats"),
)
"""(singular, plural, the placeholder counting) of the lines with plurals (``seats`` is a list such as "2, 3": its
count is its number of items); worded by ``_plural``."""


def _plural(singular: str, n: int) -> str:
    """The line ``singular`` of ``PLURAL_LINES`` for the count ``n``, in the player's language."""
    if singular.startswith("seat"):
        return ngettext("seat {seats} still open", "seats {seats} still open", n)
    return ngettext("{count} wrong code was tried on this code: start again with a new code",
                    "{count} wrong codes were tried on this code: start again with a new code", n)


_NESTED = {"line", "busy", "problem"}  # placeholders holding another line of the network
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_FIELD = re.compile(r"\{(\w+)\}")


_NUMBERS = {"seconds", "count", "theirs", "ours"}  # placeholders that are always numbers


def _pattern(message: str) -> re.Pattern:
    """The regular expression of an English message: its text as is, each ``{name}`` a named group (a number for
    ``_NUMBERS``, else any text)."""
    out, pos = [], 0
    for m in _FIELD.finditer(message):
        out.append(re.escape(message[pos:m.start()]))
        out.append(f"(?P<{m.group(1)}>{_NUMBER.pattern if m.group(1) in _NUMBERS else '.+?'})")
        pos = m.end()
    out.append(re.escape(message[pos:]))
    return re.compile("".join(out) + r"\Z", re.S)


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern, str, str | None, str | None]]:
    """(pattern, message, plural message, counting placeholder), the plain lines first (as ``LINES`` orders them,
    the lines made of lines last), the plural ones before the lines made of lines."""
    plain = [(_pattern(m), m, None, None) for m in LINES if not m.startswith("{line}")]
    nested = [(_pattern(m), m, None, None) for m in LINES if m.startswith("{line}")]
    plural = [(_pattern(p), s, p, key) for s, p, key in PLURAL_LINES]
    plural += [(_pattern(s), s, p, key) for s, p, key in PLURAL_LINES]
    return plain + plural + nested


def _value(name: str, text: str) -> str:
    if name in _NESTED:
        return net_line(text)
    if name in ("seconds", "count"):
        return format_number(float(text) if "." in text else int(text))
    return text


def net_line(line: str) -> str:
    """``line`` (English, from netplay) in the player's language; the line itself when no pattern knows it."""
    if not line:
        return line
    for pattern, message, plural, key in _patterns():
        m = pattern.match(line)
        if m is None:
            continue
        values = {name: _value(name, text) for name, text in m.groupdict().items()}
        if plural is None:
            return _(message).format(**values)
        raw = m.group(key)
        n = len(raw.split(",")) if key == "seats" else int(raw)
        return _plural(message, n).format(**values)
    return line
