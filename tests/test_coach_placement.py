"""Issue 29: a tutorial's coach sits beside what its step talks about and never covers what the step needs.

Each of the five tutorials (Grisbi's scripted round too) is played by a learner's input script; every time the
situation changes (the coach's words, a menu opening, the table's state, a notice) the frame is drawn and the
coach's panel is compared with

- what the table says the step needs (``Coach.clear``: the elements the step names, the current player's
  panel and the learner's, every open prompt or menu, the notice): no overlap at all;
- what is really drawn under it, found without asking the table: every text the table drew before the coach (a
  ``TextAudit`` of the frame: names, points, a prompt's question, a panel's title) and, once the cards have stopped
  moving, every card (each ``blit_card``; Grisbi's sprites where they rest). The coach's rectangle there is found
  from its own words (header to last row, with the panel's margins), so it needs nothing of the table's code.
"""

from __future__ import annotations

import sys

import pygame
import pytest

from arcade.client.play import start_tutorial
from arcade.client.render import cards as render_cards
from arcade.client.render.audit import TextAudit
from client_helpers import make_app, script

HEADER = "COACH · Esc leaves the tutorial"
LEARNER = "\n".join(["0 every 12 times 3000 e", "5 every 97 times 400 d", "7 every 131 times 300 s"])
KEYS = {"grisbi": "200 every 50 times 400 s\n225 every 50 times 400 e"}
FIVE = ["grit", "grass", "cops_and_robbers", "grenade", "grisbi"]


class CardLog:
    """``with CardLog() as cards: ...`` records the rectangle of every card ``blit_card`` draws (in every module that
    imported it)."""

    def __enter__(self) -> "CardLog":
        self.rects: list[pygame.Rect] = []
        real = render_cards.blit_card

        def blit_card(surf, face, back, p, width_frac=1.0, moving=False):
            r = real(surf, face, back, p, width_frac, moving)
            if surf.get_size() == (1280, 720):
                self.rects.append(pygame.Rect(r))
            return r

        self._patched = [(m, real) for name, m in list(sys.modules.items())
                         if name.startswith("arcade") and getattr(m, "blit_card", None) is real]
        for m, _real in self._patched:
            m.blit_card = blit_card
        return self

    def __exit__(self, *exc) -> None:
        for m, real in self._patched:
            m.blit_card = real


def coach_ink(drawn) -> tuple[pygame.Rect | None, int]:
    """Where the coach's panel lies, from its words alone (the header 14 px in and 7 px down from its corner, the
    rows 14 px in from its right side, the last one 11 px above its foot), and the index of its header among
    ``drawn``."""
    k = next((i for i, d in enumerate(drawn) if d.text.startswith(HEADER.split(" Esc")[0])), None)
    if k is None:
        return None, -1
    rows = [pygame.Rect(d.full) for d in drawn[k:]]
    ink = rows[0].unionall(rows[1:])
    return pygame.Rect(ink.x - 14, ink.y - 7, ink.w + 28, ink.h + 18), k


def situation(table) -> tuple:
    """What the learner sees change: the coach's words and hint, the open menus, the notice, the state (Grisbi,
    whose state changes every tick: its phase, its pile and the reveal's progress)."""
    ui = tuple(sorted((s, m.open, m.cur) for s, m in table.choices.ui.items()))
    if table.match.turn_based:
        state = id(table.match.state)
    else:
        v = table.seating.public_view()
        state = (v.phase, len(v.pile_cards), v.reveal_left // 30)
    return (tuple(table.coach.lines()), table.coach.hint_shown(), ui, repr(getattr(table, "mode_menu", None)),
            table.hud.message if table.hud.message_ticks else "", state)


def idle(table) -> list[pygame.Rect]:
    """Where nothing is needed now: during Grisbi's reveal nobody plays, and the coach (like the practice pause's
    panel) may sit over the bots' boxes in the top band."""
    if table.match.game_id == "grisbi" and table.seating.public_view().phase in ("reveal", "over"):
        return [a.rect for a in table.areas.values() if a.kind == "box"]
    return []


def look(table, settled: bool) -> list[str]:
    """Draw the table now; what the coach covers that it must not (one line each)."""
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit, CardLog() as cards:
        table.draw(surf, 1.0)
    ink, k = coach_ink(audit.drawn)
    if ink is None:
        return []
    where = f"{table.match.game_id} tick {table.ticks} {table.coach.lines()[:1]}"
    bad = []
    drawn_rect = table.coach.rect()
    if drawn_rect is not None:
        assert drawn_rect.contains(ink), f"{where}: the coach is drawn where coach_rect says"
        bad += [f"{where}: over {r} (a step's element, a panel or a prompt)"
                for r in table.coach.clear() if drawn_rect.colliderect(r)]
    free = idle(table)
    bad += [f"{where}: over the text {d.text!r}" for d in audit.drawn[:k]
            if d.ink[2] and ink.colliderect(pygame.Rect(d.ink))
            and not any(r.contains(pygame.Rect(d.ink)) for r in free)]
    if settled:
        rects = cards.rects
        if table.match.game_id == "grisbi":
            rects = [table.sprite_rect(e.placed) for e in table.board.entries.values()]
        bad += [f"{where}: over a card at {r}" for r in rects
                if ink.colliderect(r) and not any(f.contains(r) for f in free)]
    return bad


@pytest.mark.parametrize("gid", FIVE)
def test_the_coach_covers_nothing_a_step_needs_in_every_tutorial(gid, tmp_path):
    app = make_app(tmp_path, input_script=script(KEYS.get(gid, LEARNER)))
    start_tutorial(app, gid)
    table = app.top
    problems: list[str] = []
    steps: set[tuple[str, ...]] = set()
    last, pending = None, False
    for _tick in range(40_000):
        app.pump()
        app.tick()
        if app.top is not table:
            break
        now = situation(table)
        if now != last:
            last, pending = now, True
            problems += look(table, settled=False)
            steps.add(now[0])
        elif pending and not table.board.busy:
            pending = False
            problems += look(table, settled=True)
        view = table.rules.view(table.match.state, 0)
        if table.match.is_over() or (table.coach.done and table.coach.done(view)):
            break
    assert len(steps) >= 3, f"{gid}: the coach spoke of several steps"
    assert sorted(set(problems)) == []


def test_grass_scoring_coach_leaves_the_hand_it_talks_about_in_view(tmp_path):
    """Issue 36: at the end of the tutorial's hand the coach says "minus the largest peddle and any Paranoia still in
    your hand" and lay over those very cards. The learner stops at the scoring and reads: once the cards have
    settled, the coach covers no card, no text the table drew, and none of the learner's hand."""
    app = make_app(tmp_path, input_script=script(LEARNER))
    start_tutorial(app, "grass")
    table = app.top
    for _tick in range(20_000):
        app.pump()
        app.tick()
        if table.seating.views().public.phase == "scoring":
            break
    assert table.seating.views().public.phase == "scoring"
    app.opts.input_script = script("")  # the learner reads the scoring
    for _tick in range(600):
        app.pump()
        app.tick()
        if not table.board.busy:
            break
    assert "still in your hand" in " ".join(table.coach.lines())
    assert look(table, settled=True) == []
    hand = table.hand_area()
    assert hand is not None and not table.coach.rect().colliderect(hand), "the coach lies over the learner's hand"
    app.draw(1.0)
    app.save_screenshot(tmp_path / "grass_scoring_coach.png")
