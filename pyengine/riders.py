"""What a mana ability does besides adding mana, as answers show it (kb/mana_riders.lp).

A rider term (kb/schema.lp, ``mana_rider/2``) becomes ``{"effect": term, "text": words, "rule":
CR}`` in `produce` (``also``), in `pay`'s plan (each activation's ``also``) and in the events of
`apply` (pyengine/transitions/_riders.py carries them out).
"""

from .terms import render as render_term

# rider name -> (the CR rule it follows, how to say it)
_RIDERS = {
    "damage_to_you": ("120.3a", lambda n: f"it deals {n} damage to you"),
    "lose_life": ("119.3", lambda n: f"you lose {n} life"),
    "gain_life": ("119.3", lambda n: f"you gain {n} life"),
    "counters": ("122.1", lambda k, n: f"put {n} {k} counter{'s' if n != 1 else ''} on it"),
    "remove_counters": ("122.1", lambda k, n: f"remove {n} {k} counter{'s' if n != 1 else ''} from it"),
    "draw": ("121.1", lambda n: f"you draw {n} card{'s' if n != 1 else ''}"),
    "poison": ("122.1f", lambda n: f"you get {n} poison counter{'s' if n != 1 else ''}"),
    "no_untap_next": ("502.3", lambda: "it doesn't untap during your next untap step"),
}


def _parts(term):
    name = getattr(term, "name", str(term))
    return name, tuple(getattr(term, "args", ()))


def entry(term):
    """{"effect": term as text, "text": words, "rule": CR} of one rider term, with "life" (the change
    of its controller's life total, 120.3a, 119.3) or "counters" ({"kind", "change"} on its
    permanent, 122.1) where the rider changes what a snapshot holds."""
    name, args = _parts(term)
    rule, say = _RIDERS.get(name, ("605.3b", None))
    out = {"effect": render_term(term), "text": say(*args) if say else render_term(term), "rule": rule}
    if name in ("damage_to_you", "lose_life"):
        out["life"] = -args[0]
    elif name == "gain_life":
        out["life"] = args[0]
    elif name in ("counters", "remove_counters"):
        out["counters"] = {"kind": args[0], "change": args[1] if name == "counters" else -args[1]}
    return out
