"""Player-facing text in the player's language: gettext catalogues, plurals, named placeholders, numbers and money.

Every string a player reads goes through this module (logs, ``--help`` and developer docs stay English)::

    from arcade.core.i18n import _, N_, ngettext, pgettext, format_money, format_number

    _("Settings")                                         # a plain string
    _("{player} wins {amount}").format(player=name, amount=format_money(250_000))  # named placeholders
    ngettext("{n} coin", "{n} coins", n).format(n=format_number(n))   # plurals (French: 0 and 1 are singular)
    pgettext("card name", "Stop")                         # same English, another French word in another context
    ITEMS = (N_("Resume"), N_("Quit"))                    # marked for extraction at import, translated when drawn
    ... draw_text(surf, _(ITEMS[k]), ...)

The English text is the message id; French comes from ``arcade/locale/fr/LC_MESSAGES/messages.mo`` (compiled from
``messages.po`` by ``tools/i18n.sh``). Strings are looked up when called, so a screen that calls ``_()`` while drawing
follows a language switch at once; anything that keeps translated text (a module constant, a cached surface) must
keep the message id instead, or be cleared from ``on_change``.

Languages: ``LANGUAGES`` (code -> the language's own name). The default follows the OS locale (``system_language``:
``LANGUAGE``, then the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), falling back to English. ``PSEUDO`` is a
test-only language: every string is wrapped in ``⟦ ⟧``, its letters accented and the whole made about 40 % longer,
so a hard-coded string (plain ASCII words) or a box too tight (a cut marker) shows up.

Numbers and money use ``babel.numbers`` with the language's CLDR data: ``format_money(250_000)`` is "$250,000" in
English and "250 000 $" in French (narrow no-break space U+202F between thousands, no-break space before the $).
Pure: no pygame, no clock; the current language is process-wide (like gettext's own ``install``).
"""

from __future__ import annotations

import gettext as _gettext
import logging
import os
import re
from collections.abc import Callable, Mapping
from importlib import resources

__all__ = ["_", "N_", "ngettext", "pgettext", "npgettext", "LANGUAGES", "DEFAULT", "PSEUDO", "DOMAIN", "language",
           "language_name", "set_language", "system_language", "on_change", "format_number", "format_money", "format_compact",
           "format_percent", "format_datetime",
           "pseudo", "is_pseudo_word", "PSEUDO_OPEN", "PSEUDO_CLOSE", "locale_dir", "placeholders", "MISSING"]

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
"""The languages a player can choose: code -> the language's name in that language (Settings shows these)."""
DEFAULT = "en"
"""The language of the message ids, used when the OS names none we have."""
PSEUDO = "pseudo"
"""The test-only pseudo-locale (never offered to players)."""
DOMAIN = "messages"
"""The gettext domain: ``arcade/locale/<lang>/LC_MESSAGES/messages.mo``."""

PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀçďéƒĝĥîĵķļṁñöṗǫŕšţûṽŵẋýžÅɃÇĎÉƑĜĤÎĴĶĻṀÑÖṖǪŔŠŢÛṼŴẊÝŽ"
_TO_PSEUDO = str.maketrans(_PLAIN, _ACCENTED)
_PSEUDO_LETTERS = frozenset(_ACCENTED)
_FIELD = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")  # str.format fields and escaped braces: kept as they are
_BABEL_LOCALE = {"en": "en", "fr": "fr", PSEUDO: "fr"}  # the pseudo-locale formats numbers the longer, French way

_lang = DEFAULT
_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []

MISSING: set[str] | None = None
"""When a set (tests), every message id looked up in a translated language that its catalogue lacks is added: a
string wrapped in ``_()`` that extraction missed (e.g. inside an f-string) or that nobody translated yet."""


def locale_dir() -> str:
    """The folder holding ``<lang>/LC_MESSAGES/messages.mo`` (inside the installed ``arcade`` package)."""
    return str(resources.files("arcade") / "locale")


def language() -> str:
    """The current language's code: a key of ``LANGUAGES``, or ``PSEUDO``."""
    return _lang


def language_name(code: str) -> str:
    """How Settings names the language ``code``: its own name ("Français"); the pseudo-locale's, pseudo-accented."""
    return LANGUAGES[code] if code in LANGUAGES else pseudo("Pseudo")


def set_language(code: str) -> None:
    """Switch every later ``_()``/``ngettext()``/``format_*`` call to ``code`` (a key of ``LANGUAGES`` or
    ``PSEUDO``) and call the ``on_change`` listeners if it changed. Raises ValueError for another code. A language
    whose compiled catalogue is missing falls back to the English ids (logged)."""
    global _lang, _catalogue
    if code not in LANGUAGES and code != PSEUDO:
        raise ValueError(f"unknown language {code!r} (choose from {', '.join(LANGUAGES)})")
    if code == _lang:
        return
    if code in (DEFAULT, PSEUDO):
        cat: _gettext.NullTranslations = _gettext.NullTranslations()
    else:
        try:
            cat = _gettext.translation(DOMAIN, locale_dir(), languages=[code])
        except OSError:
            log.warning("no compiled catalogue for %r in %s: English text is shown", code, locale_dir())
            cat = _gettext.NullTranslations()
    _lang, _catalogue = code, cat
    for fn in list(_listeners):
        fn(code)


def on_change(fn: Callable[[str], None]) -> Callable[[str], None]:
    """Call ``fn(code)`` after each language switch (e.g. ``on_change(lambda _c: cached.cache_clear())`` for a cache
    of surfaces holding text). Returns ``fn``, so it can decorate."""
    _listeners.append(fn)
    return fn


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the OS locale asks for, among ``LANGUAGES``: the ``LANGUAGE`` priority list (``fr:en``), then
    the first non-empty of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (``fr_CA.UTF-8`` -> "fr"); ``DEFAULT`` when none
    names a language we have (``C``, ``POSIX``, ``de_DE``...)."""
    env = os.environ if environ is None else environ
    wanted = [item for item in env.get("LANGUAGE", "").split(":") if item]
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            wanted.append(env[var])
            break
    for item in wanted:
        code = re.split(r"[_.@-]", item.strip(), maxsplit=1)[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


# --- lookups -----------------------------------------------------------------------------------------------------

def _(message: str) -> str:
    """``message`` (English, the message id) in the current language."""
    if not message:
        return message  # gettext would return the catalogue's header
    if _lang == PSEUDO:
        return pseudo(message)
    return _seen(message, _catalogue.gettext(message))


def N_(message: str) -> str:
    """Marks ``message`` for extraction and returns it unchanged: for module-level constants, translated with
    ``_()`` where they are shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` (English ids) for the count ``n``, in the current language (French: 0 and
    1 take the singular). The result usually holds ``{n}``: ``.format(n=format_number(n))``."""
    if _lang == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return _seen(singular, _catalogue.ngettext(singular, plural, n), plural)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, translated in ``context`` (a short English note, e.g. "card name") so
    that one English word may have two French ones."""
    if _lang == PSEUDO:
        return pseudo(message)
    return _seen(message, _catalogue.pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` in ``context``."""
    if _lang == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return _seen(singular, _catalogue.npgettext(context, singular, plural, n), plural)


def _seen(message: str, out: str, plural: str | None = None) -> str:
    """``out``, noting ``message`` in ``MISSING`` when the catalogue gave back the id itself (not found)."""
    if MISSING is not None and _lang != DEFAULT and (out is message or out is plural):
        MISSING.add(message)
    return out


# --- the pseudo-locale ------------------------------------------------------------------------------------------

def pseudo(message: str) -> str:
    """``message`` as the pseudo-locale shows it: ``⟦`` + every ASCII letter accented (placeholders such as
    ``{player}`` and ``{{`` kept) + a tail of "ẋ" making the letters about 40 % more + ``⟧``.
    "Settings" -> "⟦Šéţţîñĝšẋẋẋ⟧"."""
    parts = _FIELD.split(message)
    letters = sum(len(p) for k, p in enumerate(parts) if k % 2 == 0)
    body = "".join(p if k % 2 else p.translate(_TO_PSEUDO) for k, p in enumerate(parts))
    return f"{PSEUDO_OPEN}{body}{'ẋ' * max(1, round(letters * 0.4))}{PSEUDO_CLOSE}"


def is_pseudo_word(word: str) -> bool:
    """True if every character of ``word`` is a letter of the pseudo alphabet (the word came through ``_()`` in
    the pseudo-locale), upper or lower case."""
    return bool(word) and all(c in _PSEUDO_LETTERS for c in word)


def placeholders(message: str) -> set[str]:
    """The names of the ``str.format`` fields of ``message`` ("{player} wins {amount:,}" -> {"player", "amount"});
    positional fields are named by their index ("" for ``{}``)."""
    return {re.split(r"[!:.\[]", f[1:-1], maxsplit=1)[0] for f in _FIELD.findall(message) if f not in ("{{", "}}")}


# --- numbers and money ------------------------------------------------------------------------------------------

def _babel_locale() -> str:
    return _BABEL_LOCALE[_lang]


def format_number(n: int | float) -> str:
    """A number with the current language's grouping and decimal sign: 250000 -> "250,000" (English), "250 000"
    (French, U+202F between groups); 1.25 -> "1.25" / "1,25"."""
    from babel.numbers import format_decimal

    return format_decimal(n, locale=_babel_locale())


def format_money(dollars: int, sign: bool = False) -> str:
    """Game dollars (Grass's $) as the current language writes an amount: "$250,000" / "250 000 $"; a loss "−$5,000"
    / "−5 000 $" (U+2212); with ``sign`` a gain "+$5,000" / "+5 000 $". The $ goes where the language's currency
    pattern (CLDR) puts the currency sign, with its spacing."""
    from babel import Locale
    from babel.numbers import parse_pattern

    pattern = parse_pattern(Locale.parse(_babel_locale()).currency_formats["standard"].pattern)
    prefix, suffix = pattern.prefix[0].replace("¤", "$"), pattern.suffix[0].replace("¤", "$")
    mark = "−" if dollars < 0 else ("+" if sign and dollars > 0 else "")
    return f"{mark}{prefix}{format_number(abs(dollars))}{suffix}"


def format_compact(n: int) -> str:
    """A short amount for tight spots (a card's corner): 25000 -> "25K" (English), "25 k" (French)."""
    from babel.numbers import format_compact_decimal

    return format_compact_decimal(n, locale=_babel_locale(), fraction_digits=1)


def format_percent(percent: int) -> str:
    """A whole percentage: 70 -> "70%" (English), "70 %" (French, a no-break space before the sign)."""
    from decimal import Decimal

    from babel.numbers import format_percent as babel_percent

    return babel_percent(Decimal(percent) / 100, locale=_babel_locale())


def format_datetime(when) -> str:
    """A day and time of day as the current language writes it in a list (a replay's date): "3 Nov 2025 22:30"
    (English), "3 nov. 2025 22:30" (French); ``when`` a ``datetime``, shown in its own time zone (naive: as UTC).
    The pseudo-locale's is pseudo-accented, as its words are."""
    from babel.dates import format_datetime as babel_datetime

    out = babel_datetime(when, "d MMM y HH:mm", locale=_babel_locale())
    return pseudo(out) if _lang == PSEUDO else out
