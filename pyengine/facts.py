"""A validated snapshot as facts (tuples, see :mod:`pyengine.terms`); the vocabulary is kb/schema.lp.

Only cards the snapshot mentions are compiled and sent, so grounding stays proportional to the
snapshot. Compiled cards are cached per process (:mod:`pyengine.cardfacts`); cards from the card
database come with the facts stored when they were imported.
"""

from . import cardfacts
from .counters import pt_facts
from .terms import Const


def compiled(snapshot, name):
    """The compiled form of a card the snapshot can use."""
    return cardfacts.compiled(snapshot.cards[name])


def used_cards(snapshot):
    """Names of every card the snapshot mentions, in a stable order."""
    names = {p.card for p in snapshot.battlefield} | {e.card for e in snapshot.effects}
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
    f += pt_facts(k for p in snapshot.battlefield for k in p.counters)
    for pred, zone in (("hand", snapshot.hand), ("library", snapshot.library),
                       ("graveyard", snapshot.graveyard)):
        for pl, cards in zone.items():
            f += [(pred, pl, i, c) for i, c in enumerate(cards, 1)]
    for i, e in enumerate(snapshot.effects, 1):
        f += [("effect", i), ("effect_card", i, e.card), ("effect_controller", i, e.controller)]
        f += [("effect_target", i, t) for t in e.targets]
    for name in used_cards(snapshot):
        f += compiled(snapshot, name).facts
    return f


# where a card is used -> the answers its notes can matter for there: a permanent's notes as
# computed for a permanent (compiler.affects); a resolved effect's lines apply to everything;
# a card in a hidden zone matters only when it is cast or put into play.
_HIDDEN_ZONE_ANSWERS = frozenset({"cast-free", "apply"})


def not_modelled(snapshot, answer=None):
    """The compiler's notes (``compiler.Note``) for every card the snapshot uses, or with
    ``answer`` (one of ``compiler.affects.ANSWERS``) only those that could change that answer."""
    on_battlefield = {p.card for p in snapshot.battlefield}
    in_effects = {e.card for e in snapshot.effects}
    out = {}                  # two faces with one name (a reversible card) say it once
    for name in used_cards(snapshot):
        for note in compiled(snapshot, name).not_modelled:
            if answer is None or name in in_effects:
                out[note] = None
            elif name in on_battlefield:
                if answer in note.affects:
                    out[note] = None
            elif answer in note.affects & _HIDDEN_ZONE_ANSWERS:
                out[note] = None
    return list(out)
