"""`mtgkb apply SNAP turn_face_up ID [--via mana_cost|morph|disguise|effect]` (CR 116.2b, 708).

Legality and effects come from the KB (kb/turn_face_up.lp through queries/turn_face_up.lp): the
special action is refused with its CR rule and reason unless it is legal; ``--via effect`` means an
effect (not the special action) turns it face up, which needs no cost and no priority. A manifested
or cloaked instant or sorcery card is revealed and stays face down (701.40g). The mana cost is paid
by tapping untapped mana sources (``--pay ID,...`` names them; otherwise the KB picks one way to pay
that works, reported in the ``pay`` events); if no way exists, the action is refused (118.3).
"""

from .. import api
from ..errors import InputError
from ..render import cost_text, value
from ..terms import Const, Fn, fn
from . import Param, Transition, _board

VIAS = ("mana_cost", "morph", "disguise")
DEFAULT_VIA = {"manifest": "mana_cost", "manifest_dread": "mana_cost", "cloak": "mana_cost",
               "morph": "morph", "disguise": "disguise"}


def _happening(pid, via):
    if via == "effect":
        return fn("turned_face_up_by_effect", pid)
    return fn("act", Const("turn_face_up"), pid, Const(via))


def _check_legal(snapshot, pid, via, by):
    """Raise InputError with the KB's reason unless the special action is legal."""
    if by.get("legal_action"):
        return
    refusals = by.get("refused", [])
    if refusals:
        raise InputError([f"turn_face_up {pid} --via {via} refused: {value(w)} [CR {r}]"
                          for _, _, r, w in sorted(refusals, key=str)])
    raise InputError(f"turn_face_up {pid} --via {via} refused: {pid} is not a face-down permanent "
                     f"that could be turned face up for a {via.replace('_', ' ')} "
                     "[CR 708.7, 701.40b, 701.58b, 702.37e, 702.168d]")


def turn_face_up(s, pid, via=None, pay=None):
    """Turn face-down permanent ID face up (special action, CR 116.2b)."""
    with api.session(s):
        return _turn_face_up(s, pid, via, pay)


def _turn_face_up(s, pid, via, pay):
    perm = _board.require_permanent(s, pid)
    if perm.face_down is None:
        raise InputError(f"turn_face_up {pid} refused: {pid} is not face down [CR 708.7]")
    via = via or DEFAULT_VIA[perm.face_down]
    happening = _happening(pid, via)
    # The payment is asked first: its question's facts (paying/1) must be grounded together with
    # the payment part, so only as the session's first question does it share the Control the
    # turn_face_up question is then answered from. A refusal to pay is reported after legality.
    paid, unpaid = [], None
    if via != "effect":
        sources = [x for x in pay.split(",") if x] if pay is not None else None
        try:
            paid = api.pay_cost(s, perm.controller, happening, sources)
        except InputError as e:
            unpaid = e
    by = api.query(s, "turn_face_up", [("happens", happening)])
    if not by.get("face_down_copiable"):
        raise InputError(f"turn_face_up {pid} refused: {pid} is phased out and treated as though it "
                         "does not exist [CR 702.26b]")
    events = []
    if via != "effect":
        _check_legal(s, pid, via, by)
        if unpaid is not None:
            raise unpaid
    d = s.to_dict()
    p = _board.perm_dict(d, pid)
    for src, _, mana in paid:
        _board.perm_dict(d, src)["tapped"] = True
        events.append({"event": "pay", "permanent": src, "mana": mana, "rule": "601.2g"})
    details = {}
    for a, k, v in by.get("action_detail", []):
        details.setdefault(str(k), []).append(v)
    cost = cost_text([(v.args[0], v.args[1]) for v in details.get("cost", []) if isinstance(v, Fn)])
    if by.get("reveal_instead"):
        events += _board.reveal_events(by, rule="701.40g")
        events.append({"event": "stays_face_down", "permanent": pid, "rule": "701.40g",
                       "reason": "an instant or sorcery card can't be turned face up; "
                                 "turned-face-up abilities don't trigger"})
        return d, events
    if not by.get("turns_face_up"):
        raise InputError(f"turn_face_up {pid}: the KB derived no outcome (not modelled)")
    del p["face_down"]
    p["tapped"] = (pid,) in by.get("stays_tapped_when_turned", [])        # 110.5c
    ev = {"event": "turned_face_up", "permanent": pid, "card": p["card"], "via": via}
    if via != "effect":
        ev["cost"] = cost
    events.append(ev)
    texts = {ab: t for ab, t in by.get("ability_text", [])}
    added = {}
    for _, ab, kind, n in sorted(by.get("counters_added", []), key=str):
        added[kind] = added.get(kind, 0) + n
        events.append({"event": "counters_added", "permanent": pid, "kind": kind, "count": n,
                       "rule": "708.11", "by": texts.get(ab, "megamorph (702.37b)")})
    if added:
        counters = dict(p.get("counters", {}))
        for kind, n in added.items():
            counters[kind] = counters.get(kind, 0) + n
        p["counters"] = counters
    controller = {x: pl for pl, x in by.get("controls", [])}
    for x, ab in sorted(by.get("face_up_trigger", []), key=str):
        events.append({"event": "trigger", "permanent": x, "controller": controller.get(x),
                       "ability": texts.get(ab), "resolved": False})
    _board.attachment_sbas(d, pid, events)
    return d, events


TRANSITION = Transition("turn_face_up", turn_face_up, (
    Param("pid", metavar="ID", positional=True),
    Param("via", type=VIAS + ("effect",),
          help="How: the special action paying its mana cost, morph cost or disguise cost "
               "(default: the one that goes with how it was turned face down), or 'effect': "
               "an effect turns it face up (no cost, 708.7)."),
    Param("pay", metavar="ID,...", help="The mana sources to tap to pay the cost "
          "(default: one way to pay that works)."),
))
