"""Reading an answer set of the `payment` part (kb/mana_payment.lp): the payment of each question
and the mana cost of each action, indexed once per answer set (`actions` reads one payment per
castable spell: scanning the whole answer set for each would be quadratic in the board)."""

from . import mana
from .payplan import symbol_text
from .terms import Const, Fn, render as render_term

GENERIC, X, COST, ACTIVATE = Const("generic"), Const("x"), Const("cost"), Const("activate")
# the predicates of the atoms it reads (a caller that grouped the answer set may pass only those)
READS = ("source_class", "class_outcome", "tap_count", "phyrexian_by_life", "action_detail", "ability_detail")


class PaymentAnswer:
    """The atoms of one answer set that payments and costs are read from."""

    def __init__(self, model):
        self.members, self.outcomes, self.taps, self.life, self.costs = {}, {}, {}, {}, {}
        for a in model:                       # in any order: what is read is ordered here
            name = a[0]
            if name == "source_class":
                self.members.setdefault(a[3], []).append(a[2])
            elif name == "class_outcome":
                self.outcomes.setdefault((a[2], a[3]), []).append(a[4])
            elif name == "tap_count":
                taps = self.taps.setdefault(a[1], {})
                taps[(a[2], a[3])] = max(taps.get((a[2], a[3]), 0), a[4])
            elif name == "phyrexian_by_life":
                self.life.setdefault(a[1], []).append(a[2])
            elif (name == "action_detail" or name == "ability_detail") and a[2] == COST \
                    and getattr(a[3], "name", None) == "mana":
                # an activation's cost is its ability's (ability_detail/3, kb/activation.lp)
                self.costs.setdefault(a[1] if name == "action_detail" else ("ability", a[1]), []).append(a[3].args)
        for items in self.costs.values():     # as the answer set's text orders them
            items.sort(key=lambda args: render_term(Fn("mana", args)))
        self._sorted = set()                  # the classes whose members are sorted

    def payment(self, question, excluded=()):
        """[(source id, ability, [letters])] of the payment of QUESTION (tap_count/4, source_class/3,
        class_outcome/4): the sources of each class taken in id order, never one in EXCLUDED (the
        action's own source, 107.5)."""
        paid, free = [], {}
        for (cl, vector), n in sorted(self.taps.get(question, {}).items(), key=lambda kv: render_term(kv[0])):
            ability = min(self.outcomes[(cl, vector)], key=render_term)
            if cl not in self._sorted:        # the members of a class in id order (their text's)
                self.members[cl].sort(key=render_term)
                self._sorted.add(cl)
            members = free.get(cl)
            if members is None:               # taken lazily: a payment taps a few of a class
                members = free[cl] = (s for s in self.members[cl] if s not in excluded)
            for _ in range(n):
                paid.append((next(members), ability, mana.letters(mana.counts(vector))))
        return sorted(paid, key=lambda t: t[0])

    def life_payment(self, question):
        """{"payment_life": 2 per symbol, "paid_with_life": ["{G/P}", "{R/G/P}", ...]} for the Phyrexian
        symbols of QUESTION paid with 2 life each (phyrexian_by_life/3, 107.4f), or {} if none is."""
        paid = sorted(self.life.get(question, []), key=lambda s: ["wubrg".index(c.name) for c in s.args])
        if not paid:
            return {}
        return {"payment_life": 2 * len(paid), "paid_with_life": [symbol_text(s) for s in paid]}

    def cost(self, action):
        """[(symbol, count)] of ACTION's mana cost (an activation's: its ability's, if the answer set
        shows it so)."""
        if action not in self.costs and action.args[0] == ACTIVATE:
            return self.costs.get(("ability", action.args[2]), [])
        return self.costs.get(action, [])

    def cost_symbols(self, action):
        """The mana symbols of ACTION's total cost, one term per symbol as kb/mana_plan.lp takes them
        (plan_symbol/2): generic expanded, {X} as 0 (107.3)."""
        return [sym for sym, n in self.cost(action) if sym != X for _ in range(n)]

    def x_count(self, action):
        """How many {X} symbols ACTION's total cost has (107.3)."""
        return sum(n for sym, n in self.cost(action) if sym == X)
