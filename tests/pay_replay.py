"""Reading what `apply cast` did from its events, as a plan in the neutral form of
tests/pay_reference.py (which then judges it: the product's own checks are never the judge)."""

import pay_reference as R


def plan_from_events(events):
    """The payment `apply cast` made, read from its events (activate_mana_ability,
    spend_floating_mana, pay_life, cast's `paid`), in the reference's neutral form."""
    acts = [e for e in events if e["event"] == "activate_mana_ability"]
    [cast] = [e for e in events if e["event"] == "cast"]
    return R.from_pay_json({
        "activations": [{"source": e["permanent"], "adds": e["adds"], "cost_paid": e.get("cost_paid"),
                         "life": e.get("life", 0)} for e in acts],
        "pool": [m for e in events if e["event"] == "spend_floating_mana" for m in e["mana"]],
        "life": sum(e["amount"] for e in events if e["event"] == "pay_life"), "paid_by": cast["paid"]})
