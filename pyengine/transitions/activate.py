"""`mtgkb apply SNAP activate ID`: activate a mana ability of ID (CR 602, 605) and pay its costs
(a mana cost by tapping untapped mana sources: `--pay` names them, else one way that works).

Legality comes from `mtgkb actions` (kb/activation.lp); what paying the cost changes comes from
the KB too (queries/activate.lp, through :func:`pyengine.api.activation_costs`); the mana added is
one outcome of `mtgkb produce`. The mana pool is not part of a snapshot, so the mana is reported
as an event.
"""

import copy

from .. import api, mana, riders
from ..errors import InputError
from ..terms import Const, fn
from . import Param, Transition, _history
from ._board import tap_paid
from ._riders import apply_riders


def _pick(snapshot, pid, ability, choices):
    """The activation action of PID's ABILITY-th mana ability, from the actions answer."""
    perm = snapshot.permanent(pid)
    if perm is None:
        api.check_ids(snapshot, [pid])
    answer = api.actions(snapshot, perm.controller)
    produced, abilities = api.produce_with_abilities(snapshot, pid, ability, choices)
    texts = produced["abilities"]
    ab, text = abilities[(ability or 1) - 1]
    if ability is None and len(texts) > 1:
        raise InputError(f"{pid} has {len(texts)} mana abilities; choose one with --ability N: "
                         + "; ".join(f"{i}: {t}" for i, t in enumerate(texts, 1)))
    def same(a):
        return a["kind"] == "activate" and a["permanent"] == pid and a.get("ability") == text
    for a in answer["refused"]:
        if same(a):
            raise InputError(f"{pid} can't activate \"{text}\" now: {a['reason']} (CR {a['rule']})")
    for a in answer["not_modelled"]:
        if same(a):
            raise InputError(f"whether {pid} may activate \"{text}\" now is not modelled ({a['not_modelled']})")
    if not any(same(a) for a in answer["actions"]):
        raise InputError(f"{pid} can't activate \"{text}\" now")
    spend = [r["restriction"] for r in produced.get("spend_only", []) if r["ability"] == text]
    return perm, ab, text, produced["amounts"], spend


def activate(snapshot, pid, ability=None, option=None, sacrifice=None, tap=None, pay=None):
    """Activate a mana ability of ID and pay its costs ({T}, {Q}, life, exert, counters, sacrifice)."""
    with api.session(snapshot, "actions"):
        return _activate(snapshot, pid, ability, option, sacrifice, tap, pay)


def _activate(snapshot, pid, ability, option, sacrifice, tap, pay):
    taps = [x for x in tap.split(",") if x] if tap else []
    choices = [("cost_choice", Const("sacrifice"), sacrifice)] if sacrifice else []
    choices += [("cost_choice", Const("tap_untapped"), t) for t in dict.fromkeys(taps)]
    perm, ab, text, outcomes, spend = _pick(snapshot, pid, ability, choices)
    if option is None and len(outcomes) > 1:
        raise InputError(f"{len(outcomes)} possible outcomes; choose one with --option K: "
                         + "; ".join(f"{i}: {mana.text(o)}" for i, o in enumerate(outcomes, 1)))
    if option is not None and not 1 <= option <= len(outcomes):
        raise InputError(f"--option must be between 1 and {len(outcomes)}")
    added = mana.event_mana(outcomes[(option or 1) - 1])
    action = fn("act", Const("activate"), pid, ab)
    paid = api.pay_cost(snapshot, perm.controller, action, [x for x in pay.split(",") if x] if pay else None)
    model = api.activation_costs(snapshot, action, choices)
    missing = [str(a[1]) for a in model if a[0] == "cost_choice_missing"]
    if missing:
        raise InputError(f"the cost needs a valid choice: {', '.join('--' + m.replace('_untapped', '') for m in missing)}")
    new = copy.deepcopy(snapshot.to_dict())
    perms = {p["id"]: p for p in new["battlefield"]}
    events = tap_paid(new, paid)
    events.append({"event": "activate", "permanent": pid, "ability": text})
    for atom in model:
        kind, args = atom[0], atom[1:]
        if kind == "cost_taps":
            perms[args[0]]["tapped"] = True
        elif kind == "cost_untaps":
            perms[args[0]]["tapped"] = False
        elif kind == "cost_life":
            new["life"][args[0]] -= args[1]
            _history.life_changed(new, args[0], -args[1])
        elif kind == "cost_exerts":
            perms[args[0]]["exerted_by"] = args[1]
        elif kind == "cost_removes":
            counters = perms[args[0]].setdefault("counters", {})
            counters[args[1]] -= args[2]
            if counters[args[1]] <= 0:
                del counters[args[1]]
        elif kind == "cost_sacrifices":
            events.append({"event": "sacrifice", "permanent": args[0], "card": perms[args[0]]["card"]})
            new["graveyard"] = new.get("graveyard", {})
            owner = perms[args[0]]["owner"]
            new["graveyard"].setdefault(owner, []).append(perms[args[0]]["card"])
            new["battlefield"] = [p for p in new["battlefield"] if p["id"] != args[0]]
            _history.left_battlefield(new, [perms[args[0]]])
    # 106.6: a spend restriction travels with the mana (the pool is not part of the snapshot here)
    events.append({"event": "add_mana", "player": perm.controller, **added,
                   **({"spend_only": spend[0]} if spend else {})})
    events += apply_riders(new, pid, perm.controller,
                           [riders.entry(a[3]) for a in model if a[0] == "activation_rider"])
    texts = api.ability_texts(model)
    events += [{"event": "trigger", "permanent": a[1], "ability": texts.get(a[2], str(a[2]))}
               for a in model if a[0] == "cost_triggers"]
    return new, events


TRANSITION = Transition("activate", activate, (
    Param("pid", metavar="ID", positional=True),
    Param("ability", type=int, metavar="N", help="Which mana ability (1-based, as `produce` lists them)."),
    Param("option", type=int, metavar="K", help="Which outcome (1-based, as `produce` lists them)."),
    Param("sacrifice", metavar="ID", help="The permanent sacrificed to pay the cost."),
    Param("tap", metavar="ID,...", help="The untapped permanents tapped to pay a cost \"Tap N untapped ... you control\"."),
    Param("pay", metavar="ID,...", help="The mana sources tapped to pay a mana cost (default: one way that works)."),
))
