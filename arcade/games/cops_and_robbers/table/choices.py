"""What each seat of Cops & Robbers' table may choose: the labels of its menus and the defend prompt, built
from ``RULES.legal_actions`` (a part of ``arcade.games.cops_and_robbers.table.scene.Table``)."""

from __future__ import annotations

from typing import Any

from arcade.core.i18n import _, ngettext
from arcade.games.cops_and_robbers import COP, DEFENCE, ROBBER, Attack, Defend, Draw, EndTurn, Respond

__all__ = ["SeatChoices"]


class SeatChoices:
    """The seat menus' contents (an object the table owns, ``Table.picks``): public facts from the public view, the
    choices from the seat's legal actions (``Seating.legal``)."""

    def __init__(self, seating, seat_name, hand_slots, roles) -> None:
        """``seating``: the table's ``Seating`` (views, legal actions); ``seat_name(seat)``; ``hand_slots(seat)``
        (the seat's hand as its menus list it); ``roles()`` (each seat's role now)."""
        self.seating, self.seat_name, self.hand_slots, self.roles = seating, seat_name, hand_slots, roles

    def action_label(self, a: Any, seat: int) -> str:
        """What choosing ``a`` does, in the words of the menus."""
        st = self.seating.views().public
        n = self.seat_name
        if isinstance(a, Draw):
            return _("Draw a card")
        if isinstance(a, EndTurn):
            return _("End your turn")
        if isinstance(a, Defend):
            t = a.seat
            if st.jail[t]:
                need = st.jail[t] - sum(st.jail_shields[t])
                if t == seat:
                    return (_("On your jail (frees you)") if a.value >= need else
                            _("On your jail ({n} more to free)").format(n=need - a.value))
                return (_("On {player}'s jail (frees them)") if a.value >= need else
                        _("On {player}'s jail ({n} more to free)")).format(player=n(t), n=need - a.value)
            return _("Shield in front of yourself") if t == seat else _(
                "Shield in front of {player} (teammate)").format(player=n(t))
        if isinstance(a, Attack):
            sh = st.shields[a.target]
            shields = _("no shields") if not sh else _("shields {values}").format(values="+".join(map(str, sh)))
            coins = ngettext("{n} coin", "{n} coins", st.coins[a.target]).format(n=st.coins[a.target])
            attack = (_("Attack Cop {player} ({shields}, {coins})") if self.roles()[a.target] == COP else
                      _("Attack Robber {player} ({shields}, {coins})"))
            return attack.format(player=n(a.target), shields=shields, coins=coins)
        if isinstance(a, Respond):
            return self.respond_label(a, seat)
        return str(a)

    def respond_outcome(self, a: Respond, seat: int) -> tuple[int, str, int]:
        """(defence value, what happens, worth in coins for the target: jail -100, paying -n, stealing +n) of an
        answer to the pending attack (rules, "Offensive" 1-4)."""
        st = self.seating.views().public
        off = st.pending
        front = tuple(st.shields[seat]) + ((a.hand,) if a.hand else ())
        defence = a.shield if a.shield else sum(front)
        role = self.roles()[seat]
        if defence >= off.value:
            if role == ROBBER and defence > off.value:
                amount = min(defence - off.value, st.coins[off.attacker])
                return defence, _("blocked, you steal {n}").format(n=amount), amount
            return defence, _("blocked"), 0
        if role == COP:
            amount = min(off.value - defence, st.coins[seat])
            return defence, ngettext("you pay {n} coin", "you pay {n} coins", amount).format(n=amount), -amount
        return defence, _("JAIL"), -100

    def respond_label(self, a: Respond, seat: int) -> str:
        st = self.seating.views().public
        front = tuple(st.shields[seat]) + ((a.hand,) if a.hand else ())
        add = _("Add shield {value}").format(value=a.hand) if a.hand else _("Add nothing")
        if a.shield:
            use = _("use the {value} alone").format(value=a.shield)
        elif not front:
            use = _("no shields")
        elif len(front) == 1:
            use = _("use the {value}").format(value=front[0])
        else:
            use = _("use all: {values} = {total}").format(values="+".join(map(str, front)), total=sum(front))
        _value, what, _worth = self.respond_outcome(a, seat)
        return _("{add}, {use} → {what}").format(add=add, use=use, what=what)

    def costly(self, seat: int) -> set[str]:
        """The defend prompt's answers that cost ``seat`` (jail, paying coins): drawn in red."""
        return {label for label, a in self.respond_items(seat) if self.respond_outcome(a, seat)[2] < 0}

    def slot_options(self, seat: int, slot: Any) -> list[tuple[str, Any]]:
        """The menu of one hand slot: what may be done with that card now (or the button's one action)."""
        st = self.seating.views().public
        legal = self.seating.legal(seat)
        if slot == "draw":
            acts = [a for a in legal if isinstance(a, Draw)]
        elif slot == "end":
            acts = [a for a in legal if isinstance(a, EndTurn)]
        else:
            kind, v = slot
            if kind == DEFENCE:
                acts = [a for a in legal if isinstance(a, Defend) and a.value == v]
                acts.sort(key=lambda a: (a.seat != seat, a.seat))
            else:
                acts = [a for a in legal if isinstance(a, Attack) and a.value == v]
        return [(self.action_label(a, seat), a) for a in acts]

    def respond_items(self, seat: int) -> list[tuple[str, Respond]]:
        st = self.seating.views().public
        if st.pending is None or st.pending.target != seat:
            return []
        legal = [a for a in self.seating.legal(seat) if isinstance(a, Respond)]
        # the best answers first (worth to the target), then the fewest shield points spent
        def spent(a: Respond) -> int:
            front = tuple(st.shields[seat]) + ((a.hand,) if a.hand else ())
            return a.shield if a.shield else sum(front)
        legal.sort(key=lambda a: (-self.respond_outcome(a, seat)[2], spent(a), a.hand))
        return [(self.respond_label(a, seat), a) for a in legal]

    def menu_actions(self, seat: int) -> list[Any]:
        """Every action the menus of ``seat`` reach now (for tests: it must equal the legal actions)."""
        st = self.seating.views().public
        if st.pending is not None:
            return [a for _, a in self.respond_items(seat)]
        out: list[Any] = []
        for slot in dict.fromkeys(self.hand_slots(seat)):
            out += [a for _, a in self.slot_options(seat, slot)]
        return out

    def why_not(self, seat: int, slot: Any) -> str:
        st = self.seating.views().public
        if slot in ("draw", "end"):
            return _("Not now")
        kind, _value = slot
        if kind == DEFENCE:
            return _("One Defence card a turn: you have laid yours")
        if st.jail[seat]:
            return _("In jail: no attack until you are freed")
        if st.attacked:
            return _("You have attacked this turn")
        return _("Nobody to attack: every opponent is in jail")
