"""Player pages written in Markdown, drawn with the render kit: headings, reflowed paragraphs, bullet and numbered
lists, tables, bold/italic runs and inline card pictures.

``render_page(text, width, card_art)`` parses ``text`` with ``markdown-it-py`` (CommonMark + tables) and returns one
tall surface ``width`` pixels wide. A picture is written ``![Queen of hearts](card:QH)``: ``card_art("QH")`` (the
game's own card art, or None) draws it inline at card size; any other image is shown as its alt text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import pygame
from markdown_it import MarkdownIt

from arcade.client.render.fonts import font

__all__ = ["render_page", "INK", "HEAD", "RULE"]

INK = (236, 232, 220)
HEAD = (255, 204, 64)
RULE = (120, 110, 80)
BODY = 20
CARD_H = 60  # an inline card picture's height (px)
SIZES = {1: 28, 2: 24, 3: 21}

CardArt = Callable[[str], "pygame.Surface | None"]


@dataclass
class Run:
    """A piece of inline content: text (with style) or a picture."""

    text: str = ""
    bold: bool = False
    italic: bool = False
    image: pygame.Surface | None = None


@dataclass
class Line:
    items: list[tuple[int, Run]] = field(default_factory=list)  # (x, run)
    height: int = 0


def _md() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table")


def _runs(inline, card_art: CardArt | None, size: int, bold: bool = False) -> list[Run]:
    """Inline token children -> runs (words keep their style; card images become pictures). ``bold``: the whole
    block is bold (headings)."""
    runs: list[Run] = []
    italic = False
    base = bold
    for t in inline.children or ():
        if t.type == "text":
            runs.append(Run(t.content, bold, italic))
        elif t.type == "code_inline":
            runs.append(Run(t.content, True, italic))
        elif t.type in ("softbreak", "hardbreak"):
            runs.append(Run(" ", bold, italic))
        elif t.type == "strong_open":
            bold = True
        elif t.type == "strong_close":
            bold = base
        elif t.type == "em_open":
            italic = True
        elif t.type == "em_close":
            italic = False
        elif t.type == "image":
            src = t.attrs.get("src", "") if t.attrs else ""
            img = card_art(src[5:]) if card_art and isinstance(src, str) and src.startswith("card:") else None
            if img is not None:
                h = CARD_H if size <= BODY + 2 else int(CARD_H * 1.4)
                w = max(1, round(img.get_width() * h / img.get_height()))
                runs.append(Run(image=pygame.transform.smoothscale(img, (w, h))))
            else:
                runs.append(Run(t.content or "", True, italic))
    return runs


def _wrap(runs: list[Run], width: int, size: int, indent: int = 0) -> list[Line]:
    """Flow runs into lines no wider than ``width`` (words never split; pictures are words)."""
    lines = [Line()]
    x = indent
    space = font(size).size(" ")[0]
    for run in runs:
        if run.image is not None:
            pieces: list[Run] = [run]
        else:
            words = run.text.replace("\n", " ").split(" ")
            pieces = []
            for k, w in enumerate(words):
                if w:
                    pieces.append(Run(w, run.bold, run.italic))
                if k < len(words) - 1:
                    pieces.append(Run(" ", run.bold, run.italic))
        for p in pieces:
            if p.image is None and p.text == " ":
                if lines[-1].items:
                    x += space
                continue
            w = p.image.get_width() + 4 if p.image is not None else font(size, p.bold).size(p.text)[0]
            if x + w > width and lines[-1].items:
                lines.append(Line())
                x = indent
            h = p.image.get_height() + 6 if p.image is not None else font(size, p.bold).get_linesize()
            lines[-1].items.append((x, p))
            lines[-1].height = max(lines[-1].height, h)
            x += w
    for ln in lines:
        ln.height = ln.height or font(size).get_linesize()
    return lines


def _draw_lines(surf: pygame.Surface | None, lines: list[Line], x0: int, y: int, size: int, color) -> int:
    for ln in lines:
        for x, run in ln.items:
            if surf is None:
                continue
            if run.image is not None:
                surf.blit(run.image, (x0 + x, y + (ln.height - run.image.get_height()) // 2))
            else:
                f = font(size, run.bold)
                f.set_italic(run.italic)
                img = f.render(run.text, True, color)
                f.set_italic(False)
                surf.blit(img, (x0 + x, y + ln.height - f.get_linesize()))
        y += ln.height
    return y


def _layout(text: str, width: int, card_art: CardArt | None, surf: pygame.Surface | None) -> int:
    """Draw (or, with ``surf`` None, only measure) the page; returns its height."""
    tokens = _md().parse(text)
    y = 0
    i = 0
    lists: list[list[int]] = []  # per open list: [ordered?, counter]
    while i < len(tokens):
        t = tokens[i]
        if t.type == "heading_open":
            level = int(t.tag[1])
            size = SIZES.get(level, BODY + 2)
            y += 14 if y else 0
            lines = _wrap(_runs(tokens[i + 1], card_art, size, bold=True), width, size)
            y = _draw_lines(surf, lines, 0, y, size, HEAD)
            if level <= 2 and surf is not None:
                pygame.draw.line(surf, RULE, (0, y + 3), (width, y + 3), 2)
            y += 10
            i += 3
            continue
        if t.type in ("bullet_list_open", "ordered_list_open"):
            lists.append([t.type == "ordered_list_open", int(t.attrs.get("start", 1) or 1) if t.attrs else 1])
        elif t.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
            y += 6
        elif t.type == "inline" and tokens[i - 1].type == "paragraph_open":
            indent = 28 * len(lists)
            first = tokens[i - 2].type == "list_item_open" if i >= 2 else False
            lines = _wrap(_runs(t, card_art, BODY), width - indent, BODY)
            if lists and first:
                ordered, n = lists[-1]
                mark = f"{n}." if ordered else "•"
                lists[-1][1] += 1
                if surf is not None:
                    img = font(BODY, True).render(mark, True, HEAD)
                    surf.blit(img, (indent - 8 - img.get_width(), y + lines[0].height - font(BODY).get_linesize()))
            y = _draw_lines(surf, lines, indent, y, BODY, INK)
            y += 4 if lists else 12
        elif t.type == "table_open":
            j = i
            rows: list[list] = []
            head_rows = 0
            while tokens[j].type != "table_close":
                tt = tokens[j]
                if tt.type == "tr_open":
                    rows.append([])
                elif tt.type in ("th_open", "td_open"):
                    rows[-1].append(tokens[j + 1])
                    if tt.type == "th_open" and len(rows) > head_rows:
                        head_rows = len(rows)
                j += 1
            y = _table(surf, rows, head_rows, width, y, card_art) + 12
            i = j + 1
            continue
        elif t.type == "hr":
            if surf is not None:
                pygame.draw.line(surf, RULE, (0, y + 6), (width, y + 6), 1)
            y += 14
        i += 1
    return y


def _table(surf, rows, head_rows, width, y, card_art) -> int:
    cols = max(len(r) for r in rows)
    size = BODY - 2
    natural = [0] * cols
    for r in rows:
        for c, cell in enumerate(r):
            natural[c] = max(natural[c], sum(font(size, True).size(x.text)[0] for x in _runs(cell, None, size)) + 20)
    total = sum(natural)
    widths = [max(60, n * width // total) if total > width else n for n in natural]
    widths[-1] += width - sum(widths) if total > width else 0
    for k, r in enumerate(rows):
        wrapped = [_wrap(_runs(cell, card_art, size, bold=k < head_rows), widths[c] - 16, size)
                   for c, cell in enumerate(r)]
        h = max(sum(ln.height for ln in w) for w in wrapped) + 10
        if surf is not None:
            if k < head_rows:
                pygame.draw.rect(surf, (70, 58, 30), (0, y, sum(widths), h))
            elif k % 2:
                pygame.draw.rect(surf, (38, 46, 42), (0, y, sum(widths), h))
            x = 0
            for c, lines in enumerate(wrapped):
                _draw_lines(surf, lines, x + 8, y + 5, size, HEAD if k < head_rows else INK)
                x += widths[c]
            pygame.draw.line(surf, RULE, (0, y + h - 1), (sum(widths), y + h - 1), 1)
        y += h
    return y


@lru_cache(maxsize=8)
def _cached(text: str, width: int, art_key: object, card_art: CardArt | None) -> pygame.Surface:
    h = _layout(text, width, card_art, None)
    surf = pygame.Surface((width, max(1, h + 20)), pygame.SRCALPHA)
    _layout(text, width, card_art, surf)
    return surf


def render_page(text: str, width: int, card_art: CardArt | None = None) -> pygame.Surface:
    """The whole page drawn on one transparent surface ``width`` px wide (cached per text, width and card art)."""
    return _cached(text, width, id(card_art), card_art)
