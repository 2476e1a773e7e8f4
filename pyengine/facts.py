"""A validated snapshot as facts (tuples, see :mod:`pyengine.terms`); the vocabulary is kb/schema.lp.

Only cards the snapshot mentions are compiled and sent, so grounding stays proportional to the
snapshot. Compiled cards are cached per process (:mod:`pyengine.cardfacts`); cards from the card
database come with the facts stored when they were imported.
"""

from . import cardfacts
from .compiled import OFF_BATTLEFIELD, concerns, concerns_in
from .counters import pt_facts
from .terms import Const, fn


def compiled(snapshot, name):
    """The compiled form of a card the snapshot can use."""
    return cardfacts.compiled(snapshot.cards[name])


def used_cards(snapshot):
    """Names of every card the snapshot mentions, in a stable order."""
    names = {p.card for p in snapshot.battlefield} | {e.card for e in snapshot.effects}
    names.update(o.card for o in snapshot.stack)
    names.update(c for p in snapshot.battlefield for c in p.exiled_with or ())
    names.update(o.card for o in snapshot.command)
    for zone in (snapshot.hand, snapshot.library, snapshot.graveyard):
        for cards in zone.values():
            names.update(cards)
    return sorted(names)


def snapshot_facts(snapshot):
    """Every fact of the snapshot: players, turn, permanents, zones, effects and card facts."""
    f = []
    for i, pl in enumerate(snapshot.players, 1):
        f += [("player", pl), ("turn_order", pl, i), ("life", pl, snapshot.life[pl])]
    f += [("active_player", snapshot.active), ("current_step", Const(snapshot.step))]
    for p in snapshot.battlefield:
        x = p.id
        f += [("permanent", x), ("perm_card", x, p.card), ("controller", x, p.controller),
              ("owner", x, p.owner)]
        if p.tapped:
            f.append(("tapped", x))
        if p.controlled_since_turn_start:
            f.append(("controlled_since_turn_start", x))
        f += [("counter", x, kind, n) for kind, n in sorted(p.counters.items())]
        if p.attached_to:
            f.append(("attached_to", x, p.attached_to))
        if p.face_down:
            f.append(("face_down", x, Const(p.face_down)))
        if p.exerted_by:
            f.append(("exerted_by", x, p.exerted_by))
        if p.x is not None:
            f.append(("cast_x", x, p.x))
        if p.phased_out:
            f.append(("phased_out", x))
        if p.token:
            f.append(("token", x))
        if p.level != 1:
            f.append(("class_level", x, p.level))
        if p.renowned:
            f.append(("renowned", x))
        if p.entered_this_turn:
            f.append(("entered_this_turn", x))
        if p.cast_from:
            f.append(("cast_from", x, Const(p.cast_from)))
        if p.exiled_with is not None:
            f.append(("exiled_with_given", x))
            f += [("exiled_with", x, i, c) for i, c in enumerate(p.exiled_with, 1)]
        f += [("chosen", x, Const(kind), Const(v.lower()) if kind == "color" else v)
              for kind, v in sorted(p.chosen.items()) if kind != "colors"]
        f += [("chosen", x, Const("colors"), Const(c.lower())) for c in p.chosen.get("colors", ())]
    f += pt_facts(k for p in snapshot.battlefield for k in p.counters)
    for pred, zone in (("hand", snapshot.hand), ("library", snapshot.library),
                       ("graveyard", snapshot.graveyard)):
        for pl, cards in zone.items():
            f += [(pred, pl, i, c) for i, c in enumerate(cards, 1)]
    for i, e in enumerate(snapshot.effects, 1):
        f += [("effect", i), ("effect_card", i, e.card), ("effect_controller", i, e.controller)]
        f += [("effect_target", i, t) for t in e.targets]
    f += command_facts(snapshot)
    f += turn_facts(snapshot)
    for name in used_cards(snapshot):
        f += compiled(snapshot, name).facts
    return f


def command_facts(snapshot):
    """The command zone (408.3): command_object(I), its card, its controller (311.5, 901.6: the
    planar controller; 313.5, 314.5, 315.6: the owner), a face-down conspiracy and the choices made
    for it (chosen/3 of the source term command(I), as a permanent's are of its id)."""
    f = []
    for i, o in enumerate(snapshot.command, 1):
        f += [("command_object", i), ("command_card", i, o.card),
              ("command_controller", i, snapshot.command_controller(o))]
        if o.face_down:
            f.append(("command_face_down", i))
        f += [("chosen", fn("command", i), Const(kind), Const(v.lower()) if kind == "color" else v)
              for kind, v in sorted(o.chosen.items())]
    return f


def pool_kinds(snapshot):
    """{player: [(PoolMana, count)]}: each player's floating mana, equal mana grouped, in a stable
    order; a kind's index in its list is its number in pool_mana/5."""
    out = {}
    for pl, pool in snapshot.mana_pool.items():
        counts = {}
        for m in pool:
            counts[m] = counts.get(m, 0) + 1
        out[pl] = sorted(counts.items(), key=lambda kv: (kv[0].type, kv[0].snow, kv[0].spells or (),
                                                         kv[0].abilities))
    return out


def turn_facts(snapshot):
    """Priority, land plays, mana pools and the stack as facts (kb/schema.lp)."""
    f = [("priority", snapshot.priority)] if snapshot.priority else []
    f += [("lands_played", pl, n) for pl, n in snapshot.lands_played.items()]
    f += [("commander_color", pl, Const(c.lower())) for pl, cs in snapshot.commander_identity.items() for c in cs]
    f += [("has_initiative", snapshot.initiative)] if snapshot.initiative is not None else []
    f += [("is_monarch", snapshot.monarch)] if snapshot.monarch is not None else []
    f += [("dungeons_completed", pl, n) for pl, n in snapshot.dungeons_completed.items()]
    f += [("speed", pl, n) for pl, n in snapshot.speed.items()]
    f += [(k, pl, n) for k, counts in sorted(snapshot.turn_counts.items()) for pl, n in counts.items()]
    for pl, kinds in pool_kinds(snapshot).items():
        for k, (m, n) in enumerate(kinds):
            f.append(("pool_mana", pl, k, Const(m.type.lower()), Const("snow" if m.snow else "plain"), n))
            if m.spells is not None:
                f.append(("pool_spend_only", pl, k))
                f += [("pool_spend_type", pl, k, Const(t)) for t in m.spells]
                if m.abilities:
                    f.append(("pool_spend_abilities", pl, k))
    for i, o in enumerate(snapshot.stack, 1):
        f += [("stack_object", i), ("stack_card", i, o.card), ("stack_controller", i, o.controller)]
        if o.ability:
            f.append(("stack_ability", i))
        if o.source:
            f.append(("stack_source", i, o.source))
    return f


# where a card is used -> the answers its notes can matter for there: a permanent's notes as
# computed for a permanent (compiler.affects); a resolved effect's lines apply to everything;
# a card in a hand, a graveyard, a library or exile by what each line could change there
# (note.elsewhere: compiler.off_battlefield, 113.6); a spell on the stack by every answer of
# compiled.OFF_BATTLEFIELD its lines could change (113.6: a spell's abilities, 113.6g, function
# on the stack).
# a face-down conspiracy has no abilities (315.5b) until its controller turns it face up, a special
# action (702.106c): what may be done now and what doing it changes
_FACE_DOWN_COMMAND_ANSWERS = frozenset({"actions", "apply"})


def _zones(snapshot):
    """{card name: the zones other than the battlefield it is in}: a hand, a library, a graveyard,
    exile (the cards exiled with a permanent, 406.6)."""
    out = {}
    for zone in ("hand", "library", "graveyard"):
        for cards in getattr(snapshot, zone).values():
            for c in cards:
                out.setdefault(c, set()).add(zone)
    for p in snapshot.battlefield:
        for c in p.exiled_with or ():
            out.setdefault(c, set()).add("exile")
    return out


def not_modelled(snapshot, answer=None):
    """The compiler's notes (``compiler.Note``) for every card the snapshot uses, or with
    ``answer`` (one of ``compiled.ANSWERS`` or ``MADE_OF``) only those that could change
    that answer (``compiled.concerns``)."""
    on_battlefield = {p.card for p in snapshot.battlefield}
    in_effects = {e.card for e in snapshot.effects}
    # 113.6p: a face-up command-zone card's abilities function there, as a permanent's do on the
    # battlefield: its notes are computed for where it is (compiler.affects, command_zone)
    in_command = {o.card for o in snapshot.command if not o.face_down}
    face_down = {o.card for o in snapshot.command if o.face_down}
    on_stack = {o.card for o in snapshot.stack}
    zones = _zones(snapshot) if answer is not None else {}
    out = {}                  # two faces with one name (a reversible card) say it once
    for name in used_cards(snapshot):
        for note in compiled(snapshot, name).not_modelled:
            if answer is None or name in in_effects:
                out[note] = None
            elif name in on_battlefield or name in in_command:
                if concerns(note.affects, answer):
                    out[note] = None
            elif name in face_down:
                if concerns(note.affects & _FACE_DOWN_COMMAND_ANSWERS, answer):
                    out[note] = None
            elif name in on_stack:
                if concerns(note.affects & OFF_BATTLEFIELD, answer):
                    out[note] = None
            elif concerns_in(note.elsewhere, answer, zones.get(name, ())):
                out[note] = None
    return list(out)
