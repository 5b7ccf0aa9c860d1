"""Joining online: the host's code (its words, completion, what cannot be a code) and who plays on this machine."""

from __future__ import annotations

from functools import lru_cache
import os
import re

import pygame

from arcade.core.i18n import N_, _, format_number, ngettext
from arcade.client.render.fonts import draw_text, text as text_image
from arcade.client.render.widgets import DIM, GOLD, W, WHITE, panel
from arcade.client.scenes.lan_join import LanJoinScene
from arcade.client.scenes.online_wait import OnlineWaitScene
from arcade.client.scenes.textfield import TextField
from arcade.client.scenes.setup import duplicate_device
from arcade.client.scenes.online_common import go_online

__all__ = ["OnlineJoinScene"]


# --- the code as typed: its words, completion, and what cannot be a code ---------------------------------------------

CODE_EXAMPLE = "7-crossover-tiger-guitarist"
"""A code as the host's screen shows one (a number, then three words of the list), for the examples on screen."""


@lru_cache(maxsize=1)
def code_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(odd words, even words): Magic Wormhole's PGP word list (``wormhole._wordlist``), lower case, sorted. A
    code's words alternate between the two lists, starting with an odd word (``PGPWordList.choose_words``)."""
    from wormhole._wordlist import raw_words  # loaded on first use (the online menu warms the library up)
    return (tuple(sorted(w[1].lower() for w in raw_words.values())),
            tuple(sorted(w[0].lower() for w in raw_words.values())))


def code_suggestions(typed: str, limit: int = 6) -> list[str]:
    """The words that complete the last, unfinished word of ``typed`` (a code being typed: ``"5-goss"``), at most
    ``limit``, from the list its place in the code takes (odd, even, odd...; the other list when none there
    does); [] when the last word is not being typed (nothing after the number, a dash last) or is complete."""
    parts = typed.lower().split("-")
    if len(parts) < 2 or not parts[-1] or not parts[0].isdigit() or len(parts) > 4:
        return []
    prefix = parts[-1]
    odd, even = code_words()
    lists = (odd, even) if (len(parts) - 2) % 2 == 0 else (even, odd)
    for words in lists:
        found = [w for w in words if w.startswith(prefix)]
        if found:
            return [] if found == [prefix] else found[:limit]
    return []


def complete_code(typed: str, word: str | None = None) -> str:
    """``typed`` with its last word completed: to ``word`` (a suggestion chosen), else as far as every suggestion
    agrees, else to the first suggestion; a dash follows a whole word while a third word may come (a whole word
    typed already gets its dash). Unchanged when nothing completes it."""
    head, _dash, prefix = typed.rpartition("-")
    if word is None:
        found = code_suggestions(typed, limit=256)
        if not found:
            whole = (head.split("-")[0].isdigit() and typed.count("-") < 3
                     and any(prefix in words for words in code_words()))
            return typed + "-" if whole else typed
        common = os.path.commonprefix(found)
        if len(found) > 1 and len(common) > len(prefix):
            return f"{head}-{common}"
        word = found[0]
    done = f"{head}-{word}"
    return done + "-" if done.count("-") < 3 else done


def code_problem(typed: str) -> str:
    """Why ``typed`` cannot be an online code (one line in the player's language), or "" when it can be: a
    number, then two or three words of Magic Wormhole's list (``code_words``), dashes (or spaces) between."""
    code = typed.strip().lower().replace(" ", "-").strip("-")
    if not code:
        return _("Type the code shown on the host's screen (e.g. {code}).").format(code=CODE_EXAMPLE)
    number, *words = [w for w in code.split("-") if w]
    if not number.isdigit():
        return _("A code starts with the host's number (e.g. {code}).").format(code=CODE_EXAMPLE)
    if len(words) not in (2, 3):
        return ngettext("A code is a number and two or three words: this one has {n} word.",
                        "A code is a number and two or three words: this one has {n} words.",
                        len(words)).format(n=format_number(len(words)))
    odd, even = code_words()
    for w in words:
        if w not in odd and w not in even:
            return _("“{word}” is not a word of the codes: check it with the host.").format(word=w)
    return ""


class OnlineJoinScene(LanJoinScene):
    """The host's code and who plays on this machine (none: watch), then Join: the LAN join screen, code only.

    The code row has focus when the screen opens: every key types at once (the zones' letters too), a space or a
    dash is the code's dash; the word being typed is completed from Magic Wormhole's word list by Tab or a click on
    one of the suggestions shown under the rows; a code that cannot be one (``code_problem``) is refused with its
    line before anything is sent."""

    name = "online_join"
    FIELDS = ("code",)
    TITLE, SUBTITLE = N_("Join online"), N_("Type the code your host reads out (a number, then words)")
    CODE_LABEL = N_("Code")
    SUGGEST_Y = 455  # px: the line of suggested words (under the rows, their note and a refusal's line)
    TOAST_Y = 405  # px: a refusal's line, under the code's note (not over the subtitle)

    def code_hint(self) -> str:
        return _("(e.g. 7-crossover-tiger-guitarist)")  # CODE_EXAMPLE (its words are the word list's: kept as is)

    def __init__(self, app, code: str = "", watch: bool = False) -> None:
        super().__init__(app, watch=watch)
        self.code = TextField(re.sub(r"[\s-]+", "-", code.strip().lower()), "words", 48)
        self.row = 0
        self.code.editing = True  # the code row has focus: keys type at once

    def suggestions(self) -> list[str]:
        """The words offered for the word being typed (none unless the code row has focus)."""
        if self.rows()[min(self.row, len(self.rows()) - 1)] != "code":
            return []
        return code_suggestions(self.code.value)

    def suggestion_rects(self) -> list[pygame.Rect]:
        """Where each suggestion is drawn (px), in ``suggestions`` order: a click takes it."""
        words = self.suggestions()
        widths = [text_image(w, 22, GOLD, True).get_width() + 28 for w in words]
        x = W // 2 - (sum(widths) + 12 * (len(words) - 1)) // 2
        rects = []
        for w in widths:
            rects.append(pygame.Rect(x, self.SUGGEST_Y - 18, w, 36))
            x += w + 12
        return rects

    def complete(self, field: TextField) -> bool:
        done = complete_code(field.value)
        if done == field.value:
            return False
        field.value = done
        return True

    def update(self) -> None:
        inp = self.app.input
        k = inp.clicked(self.suggestion_rects())
        if k is not None:  # a suggestion clicked: the word is typed, the code row keeps focus
            self.code.value = complete_code(self.code.value, self.suggestions()[k])
            self.app.audio.play("move")
            inp.clicks.clear()
        before = self.code.value
        super().update()
        if self.code.value != before and self.app.top is self:
            self.app.notice = ""  # a refusal's line goes once the code is being mended

    def join(self) -> None:
        local = self.players[:self.count]
        err = duplicate_device(local) or code_problem(self.code.value)
        if err:
            self.row = 0 if code_problem(self.code.value) else self.row  # back to the code, to mend it
        go_online(self.app, err, "select",
                  lambda: OnlineWaitScene(self.app, code=self.code.value, local=local, watch=self.count == 0))

    def hints(self) -> list[str]:
        if self.rows()[min(self.row, len(self.rows()) - 1)] == "code":
            return [_("type the code"), _("Tab or click a word: complete"), _("↑/↓ row"), self.enter_hint(),
                    _("Esc back")]
        return super().hints()

    def draw(self, surf, alpha) -> None:
        super().draw(surf, alpha)
        words = self.suggestions()
        if not words:
            return
        over = self.app.input.hover(self.suggestion_rects())
        for k, (word, rect) in enumerate(zip(words, self.suggestion_rects())):
            panel(surf, rect, 220 if k == over else 170, border=GOLD if k == 0 or k == over else None)
            draw_text(surf, word, rect.center, 22, GOLD if k == 0 or k == over else WHITE, bold=True,
                      anchor="center")
        line = _("Tab: {word}").format(word=words[0]) if len(words) == 1 else _("Tab or a click chooses the word")
        draw_text(surf, line, (W // 2, self.SUGGEST_Y + 34), 16, DIM, anchor="center")
