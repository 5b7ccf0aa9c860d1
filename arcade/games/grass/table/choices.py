"""What each seat of Grass's table may choose: the labels of its menus, built from ``RULES.legal_actions``
(a part of ``arcade.games.grass.table.scene.Table``)."""

from __future__ import annotations

from typing import Any

from arcade.core.i18n import _, format_money
from arcade.core.results import join_names
from arcade.games.grass import ANY, CARDS, Action
from arcade.games.grass.cards import HEAT_OF, NO_CARD, value
from arcade.games.grass.table.art import OP_LABELS
from arcade.games.grass.terms import card_name

__all__ = ["SeatChoices"]


class SeatChoices:
    """The seat menus' contents (an object the table owns, ``Table.picks``): public facts from the public view, the
    choices from the seat's legal actions (``Seating.legal``) and its own view."""

    def __init__(self, seating, seat_name, hand_slots, seat_ui) -> None:
        """``seating``: the table's ``Seating`` (views, legal actions); ``seat_name(seat)``; ``hand_slots(seat)``
        (the seat's hand as its menus list it); ``seat_ui(seat)`` (its menu record, ``Choices.seat_ui``)."""
        self.seating, self.seat_name, self.hand_slots, self.seat_ui = seating, seat_name, hand_slots, seat_ui

    def action_label(self, a: Action, seat: int) -> str:
        """What choosing ``a`` does, in the words of the menu."""
        k = a.card
        name = card_name(k) if 0 <= k < len(CARDS) else ""
        st = self.seating.views().public
        n = self.seat_name
        if a.op == "discard":
            return _("Discard it (Wasted pile)")
        if a.op == "pass":
            return _("Pass it to {player} (on your left)").format(player=n((seat + 1) % st.players))
        if a.op == "propose":
            return _("Propose a trade to {player}").format(player=n(a.target))
        if a.op == "play_on":
            if CARDS[k].group == "heat on":
                return _("{card} on {player}").format(card=name, player=n(a.target))
            loose = st.seats[a.target].stash.loose
            taken = max(loose, key=lambda x: (value(x), x)) if loose else NO_CARD
            return _("Rob {player} (takes {card})").format(player=n(a.target), card=card_name(taken))
        if a.op == "protect":
            return _("Protect {cards} ({amount})").format(cards=" + ".join(card_name(x) for x in a.cards),
                                                          amount=format_money(sum(value(x) for x in a.cards)))
        if a.op == "play":
            g = CARDS[k].group
            if k == 0:
                return _("Open your market")
            if g == "peddle":
                return _("Lay it in your Stash ({amount})").format(amount=format_money(value(k)))
            if CARDS[k].name == "Market Close":
                return _("Close the market: the hand ends")
            if g == "heat off":
                return _("Clear your {card}").format(card=card_name(HEAT_OF[k]))
            if g == "pay fine":
                return _("Pay the fine: clear your heat, lose your smallest peddle")
            if g == "nirvana":
                if CARDS[k].name == "Euphoria":
                    return _("Play {card}: 2 extra turns, clears heat, largest peddle from everyone").format(card=name)
                return _("Play {card}: extra turn, clears heat, smallest peddle from everyone").format(card=name)
            if g == "paranoia":
                return _("Play {card}: everyone passes a card left").format(card=name)
            return _("Play {card}").format(card=name)
        if a.op in ("offer", "offer_peddle"):
            return name
        if a.op == "ask":
            return _("A card of their choice") if k == ANY else name
        if a.op == "ask_peddle":
            return _("{card} ({amount})").format(card=name, amount=format_money(value(k)))
        if a.op == "accept":
            if not a.cards:
                return _("Accept the trade")
            return _("Accept, giving {cards}").format(cards=join_names([card_name(x) for x in a.cards]))
        if a.op == "refuse":
            return _("Refuse the trade")
        if a.op == "send":
            return _("Send the proposal")
        if a.op == "withdraw":
            return _("Withdraw the proposal")
        return a.op

    def slot_options(self, seat: int, slot: Any) -> list[tuple[str, Action]]:
        """The menu of one hand slot: every legal action with that card (discard last), or the trade partners."""
        legal = self.seating.legal(seat)
        if slot == "trade":
            acts = [a for a in legal if a.op == "propose"]
        else:
            acts = [a for a in legal if a.op in ("play", "play_on", "protect", "pass") and a.card == slot]
            acts += [a for a in legal if a.op == "discard" and a.card == slot]
        return [(self.action_label(a, seat), a) for a in acts]

    def draft_items(self, seat: int) -> list[tuple[str, Any]]:
        """The trade dialog's main menu for the proposer: the op lists that have something to add, send, withdraw."""
        legal = self.seating.legal(seat)
        ops = [a.op for a in legal]
        out: list[tuple[str, Any]] = []
        for op in ("offer", "ask", "offer_peddle", "ask_peddle"):
            if op in ops:
                out.append((_("{list} …").format(list=_(OP_LABELS[op])), op))
        for a in legal:
            if a.op in ("send", "withdraw"):
                out.append((self.action_label(a, seat), a))
        return out

    def draft_list(self, seat: int, op: str) -> list[tuple[str, Action]]:
        legal = self.seating.legal(seat)
        acts = [a for a in legal if a.op == op]
        if op == "ask":
            acts.sort(key=lambda a: (a.card != ANY, a.card))
        return [(self.action_label(a, seat), a) for a in acts]

    def answer_items(self, seat: int) -> list[tuple[str, Action]]:
        legal = self.seating.legal(seat)
        return [(self.action_label(a, seat), a) for a in legal]

    def penalty_in_trade(self, seat: int) -> list[int]:
        """The Paranoia cards (each costs its penalty if still held when the hand ends) that accepting the trade on
        the table would give ``seat``, its target."""
        t = self.seating.views().public.trade
        if t is None or t.target != seat:
            return []
        return [k for k in t.offer if 0 <= k < len(CARDS) and CARDS[k].group == "paranoia"]

    def default_answer(self, seat: int) -> int:
        """Where the answer cursor starts: on "Refuse" when accepting would give ``seat`` a penalty card (or when
        refusing is all it can do), else on the first way to accept."""
        items = self.answer_items(seat)
        refuse = next((i for i, (_, a) in enumerate(items) if a.op == "refuse"), 0)
        return refuse if self.penalty_in_trade(seat) or not self.can_accept(seat) else 0

    def can_accept(self, seat: int) -> bool:
        return any(a.op == "accept" for _, a in self.answer_items(seat))

    def why_no_accept(self, seat: int) -> str:
        """Why the trade on the table cannot be accepted by ``seat`` (empty when it can): the asked cards it does not
        hold (rules: a trade swaps cards the players really hold)."""
        if self.can_accept(seat):
            return ""
        t = self.seating.views().public.trade
        hand = list(self.seating.seat_view(seat).hand)
        missing = []
        for k in t.ask:
            if k != ANY and k in hand:
                hand.remove(k)
            elif k != ANY:
                missing.append(card_name(k))
        if missing:
            return _("You cannot accept: they ask for {cards}, which you do not hold. Refuse it.").format(
                cards=join_names(missing))
        return _('You cannot accept: you have no card to give for "a card of your choice". Refuse it.')

    def menu_actions(self, seat: int) -> list[Action]:
        """Every action the menus of ``seat`` reach now (for tests: it must equal the legal actions)."""
        st = self.seating.views().public
        acting = self.seating.to_act()
        out: list[Action] = []
        if st.phase in ("play", "paranoia"):
            for slot in dict.fromkeys(self.hand_slots(seat)):
                out += [a for _, a in self.slot_options(seat, slot)]
        elif st.phase == "draft" and seat in acting:
            for _, it in self.draft_items(seat):
                out += [a for _, a in self.draft_list(seat, it)] if isinstance(it, str) else [it]
        elif st.phase == "answer" and seat in acting:
            out += [a for _, a in self.answer_items(seat)]
        elif st.phase == "scoring" and seat in acting:
            out.append(Action("deal"))
        return out

    def on_submit(self, seat: int, a: Action) -> None:
        """A choice sent (``Choices.on_submit``): the seat's trade sub-list closes too."""
        self.seat_ui(seat).dsub = None
