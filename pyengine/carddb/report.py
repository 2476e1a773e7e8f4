"""The data of ``mtgkb cards show`` (one card) and ``mtgkb cards coverage`` (the whole database),
shaped like their ``--json`` answers. A line's ``status`` is ``modelled`` (its meaning reaches the
KB), ``recognised`` (the compiler read it, but no KB rule reads what it says, e.g. flying today)
or ``not_modelled`` (the compiler did not understand it, or only part of it)."""

from collections import Counter, defaultdict

from ..cardlib import card_dict
from ..terms import render_fact
from .classify import KINDS, MANA_KINDS, Line, classify, facts_by_line, kb_vocabulary, names_of, reaches_kb, shape


def status(line, vocabulary):
    if reaches_kb(line, vocabulary):
        return "modelled"
    return "recognised" if line.compiled else "not_modelled"


def card_report(card, compiled, source):
    """``cards show``: the card as stored, what the compiler made of each line, and why not."""
    vocabulary = kb_vocabulary()
    by_line = facts_by_line(compiled.facts)
    lines = []
    for ln in classify(card, compiled):
        lines.append(dict(ln.to_json(), status=status(ln, vocabulary),
                          facts=[render_fact(f) for f in by_line.get((ln.face, ln.line), [])
                                 if f[0] != "card_not_modelled"]))
    line_facts = {id(f) for fs in by_line.values() for f in fs}
    return {"name": card.name, "layout": card.layout, "source": source, "card": card_dict(card),
            "characteristics": [render_fact(f) for f in compiled.facts
                                if id(f) not in line_facts and f[0] != "card_not_modelled"],
            "lines": lines,
            "not_modelled": [{"face": n.card, "line": n.line, "text": n.text, "reason": n.reason,
                              "affects": sorted(n.affects)} for n in compiled.not_modelled]}


def _tally():
    return {"lines": 0, "modelled": 0, "recognised": 0, "not_modelled": 0}


def coverage_report(rows, kind=None, top=20):
    """``cards coverage`` over (name, layout, card JSON, compiler, lines JSON) rows of the database:
    cards and lines by status, by kind of ability and by kind of mana ability, and the ``top``
    most common shapes of text that is not modelled (with an example card each). ``kind="mana"``
    counts only lines about mana."""
    import json
    vocabulary = kb_vocabulary()
    cards = Counter()
    totals, by_kind, by_mana = _tally(), defaultdict(_tally), defaultdict(_tally)
    shapes, examples = Counter(), {}
    for name, layout, _, _, lines_json in rows:
        lines = [Line.from_json(d) for d in json.loads(lines_json)]
        if kind == "mana":
            lines = [ln for ln in lines if ln.kind == "mana_ability" or ln.mana]
            if not lines:
                continue
        names = names_of({name} | {ln.face for ln in lines})
        worst = "modelled"
        for ln in lines:
            st = status(ln, vocabulary)
            for t in (totals, by_kind[ln.kind], *(by_mana[m] for m in ln.mana)):
                t["lines"] += 1
                t[st] += 1
            if st != "modelled":
                worst = "not_modelled" if st == "not_modelled" or worst == "not_modelled" else st
                sh = f"[{ln.kind}] " + (shape(ln.text, names) if ln.line else ln.reason.split(" '")[0].split(" (")[0])
                if st == "not_modelled":
                    shapes[sh] += 1
                    examples.setdefault(sh, {"card": name, "text": ln.text})
        cards[worst] += 1
    return {
        "kind": kind or "all",
        "cards": {"total": sum(cards.values()), "modelled": cards["modelled"],
                  "recognised": cards["recognised"], "not_modelled": cards["not_modelled"]},
        "lines": totals,
        "by_kind": {k: by_kind[k] for k in KINDS if k in by_kind},
        "by_mana_kind": {k: by_mana[k] for k in MANA_KINDS if k in by_mana},
        "not_modelled_shapes": [{"shape": sh, "count": n, **examples[sh]}
                                for sh, n in shapes.most_common(top)],
    }
