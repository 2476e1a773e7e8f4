"""Turning KB terms into the public answer shapes: mana symbols, costs, actions."""

from .terms import Const, Fn, render

_ORDER = ["x", "generic", "w", "u", "b", "r", "g", "c", "snow"]
_LETTER = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C", "x": "X", "snow": "S"}


def symbol_text(sym, n):
    """Text of N copies of one cost symbol term, e.g. (Const('g'), 2) -> '{G}{G}'."""
    if isinstance(sym, Const):
        if sym.name == "generic":
            return f"{{{n}}}"
        return f"{{{_LETTER[sym.name]}}}" * n
    if isinstance(sym, Fn):
        parts = [_LETTER.get(str(a), str(a)) for a in sym.args]
        if sym.name == "hybrid":
            return f"{{{parts[0]}/{parts[1]}}}" * n
        if sym.name == "phyrexian":
            return f"{{{parts[0]}/P}}" * n
        if sym.name == "phyrexian_hybrid":
            return f"{{{parts[0]}/{parts[1]}/P}}" * n
        if sym.name == "twobrid":
            return f"{{2/{parts[0]}}}" * n
    return render(sym) * n


def _key(item):
    sym = item[0]
    name = sym.name if isinstance(sym, (Const, Fn)) else str(sym)
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), str(sym))


def cost_text(items):
    """A mana cost from (symbol, count) pairs, in the usual order: '{3}{G}{G}'; '{0}' if empty."""
    items = sorted(items, key=_key)
    text = "".join(symbol_text(s, n) for s, n in items if n)
    return text or "{0}"


def value(v):
    """A detail value for JSON: true/false constants as booleans, constants as strings."""
    if isinstance(v, Const):
        return {"true": True, "false": False}.get(v.name, v.name)
    if isinstance(v, (Fn, tuple)):
        return render(v)
    return v


CARD_ACTIONS = ("cast", "play_land", "special", "activate_hand")   # actions on a card in hand, not on a permanent
# (special: suspend, foretell, plot, 116.2f, 116.2h, 116.2k, kb/special_actions.lp; activate_hand: cycling...,
# kb/hand_abilities.lp)


def actions(model, payments=None, extras=None):
    """Group legal_action / refused / not_modelled_action / action_detail atoms of a model into
    public action dicts: (legal, refused, not_modelled), each sorted. The details of an activation
    act(activate,X,Ab) are those of its ability (ability_detail atoms, kb/activation.lp). PAYMENTS:
    {action term: [(source, ability, letters)]} adds a "payment" to those actions; EXTRAS: {action
    term: dict} adds its keys to those legal actions."""
    payments = payments or {}
    extras = extras or {}
    details, of_ability = {}, {}
    for atom in model:
        if atom[0] == "action_detail" or atom[0] == "ability_detail":
            _, a, k, v = atom
            (details if atom[0] == "action_detail" else of_ability).setdefault(a, {}).setdefault(str(k), []).append(v)
    rendered = {}                            # the details of an ability, rendered once

    def action(a):
        if a.args[0] != ACTIVATE:
            return _action(a, details.get(a, {}))
        ab = a.args[2]
        shown = rendered.get(ab)
        if shown is None:
            shown = rendered[ab] = _details(of_ability.get(ab, {}))
        d = {"kind": "activate", "permanent": a.args[1], **shown}
        for k, v in shown.items():
            if isinstance(v, list):
                d[k] = list(v)               # not shared between actions
        return d

    legal, refused, unknown = [], [], []
    for atom in model:
        if atom[0] == "legal_action":
            d = action(atom[2])
            if atom[2] in payments:
                d["payment"] = [{"source": s, "adds": "".join("{%s}" % x for x in letters)}
                                for s, _, letters in payments[atom[2]]]
            d.update(extras.get(atom[2], {}))
            legal.append(d)
        elif atom[0] == "refused":
            d = action(atom[2])
            d["rule"], d["reason"] = atom[3], value(atom[4])
            refused.append(d)
        elif atom[0] == "not_modelled_action":
            d = action(atom[2])
            d["not_modelled"] = value(atom[3])
            unknown.append(d)
    return _sorted(legal), _sorted(refused), _sorted(unknown)


def _sorted(ds):
    """The action dicts DS sorted by (permanent or card, kind, ability, the whole dict's text): the
    text, which costs most, is rendered only for dicts whose first three keys tie."""
    rows = sorted(((_first_key(d), d) for d in ds), key=_row_key)
    out, i = [], 0
    while i < len(rows):
        j = i + 1
        while j < len(rows) and rows[j][0] == rows[i][0]:
            j += 1
        if j - i == 1:
            out.append(rows[i][1])
        else:
            out += sorted((r[1] for r in rows[i:j]), key=str)
        i = j
    return out


def _first_key(d):
    return (d.get("permanent") or d.get("card") or "", d["kind"], str(d.get("ability", "")))


def _row_key(row):
    return row[0]


ACTIVATE = Const("activate")


def _action(a, details):
    kind, x = a.args[0], a.args[1]
    d = {"kind": str(kind), ("card" if str(kind) in CARD_ACTIONS else "permanent"): x}
    d.update(_details(details))
    return d


def _details(details):
    """{key: shown value} of an action's details {key: [values]}."""
    d = {}
    for k, vs in sorted(details.items()):
        if k in ("cost", "cost_each_time"):     # cost_each_time: multikicker, squad (kb/optional_costs.lp)
            d[k] = cost_text([(v.args[0], v.args[1]) for v in vs if isinstance(v, Fn) and v.name == "mana"])
        elif k == "cost_changed_by":          # 601.2f: change(Source,more|less,N), kb/cost_modifiers.lp
            d[k] = sorted(f"{v.args[0]}: {{{v.args[2]}}} {v.args[1]}" for v in vs)
        elif len(vs) == 1:
            d[k] = value(vs[0])
        else:
            d[k] = sorted(value(v) for v in vs)
    return d
