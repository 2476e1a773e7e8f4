"""Card names in a snapshot -> cards: the snapshot's ``cards:``, then the bundled library, then the
card database (``mtgkb cards import``), each by its exact name, then case-insensitively and without
diacritics (:func:`pyengine.cardnames.fold`), then by the name of one of its faces (``Fire`` finds
``Fire // Ice``). A name that matches nothing gets "did you mean" from all three.

A permanent named by the back face of a double-faced, meld or flip card is refused: the snapshot
cannot say which face is up, and the KB would give it its front face (712.8d), a wrong answer.
"""

from .cardnames import Suggester, did_you_mean, fold, suggest as suggest_names
from .untrusted import show

# layouts whose face 2 is a permanent's other state, not a half of the card (710.1b, 712.8e, 712.8g)
_OTHER_STATE = ("flip", "transform", "modal_dfc", "meld")


def _database(path=None):
    """The card database (``path``, else $MTGKB_CARDS or the user's data directory), or None if
    there is none; one built by another compiler version is recompiled first if it can be
    (:func:`pyengine.carddb.refresh.current`)."""
    from .carddb.refresh import current
    from .carddb.store import open_db
    return current(open_db(path))


class Lookup:
    """Resolves card names for one snapshot. ``cards`` (name -> Card: the bundled library and the
    snapshot's ``cards:``) gains every card found in the database."""

    def __init__(self, cards, db_path=None):
        self.cards = cards
        self.db_path = db_path
        self.index = {}              # folded name -> [(card name, face)]; face 0 = the card's name
        self.keys = {}               # name a fact is keyed by -> (card name, Face or None)
        for card in cards.values():
            self._add(card)
        self._suggester = None
        self._db = False                 # not looked for yet

    def database(self):
        """The card database, or None (looked for once per snapshot)."""
        if self._db is False:
            self._db = _database(self.db_path)
        return self._db

    def _add(self, card):
        self.index.setdefault(fold(card.name), []).append((card.name, 0))
        if len(card.faces) > 1:
            for i, f in enumerate(card.faces, 1):
                self.index.setdefault(fold(f.name), []).append((card.name, i))
                self.keys.setdefault(f.name, (card.name, f))
            self.keys.setdefault(card.name, (card.name, None))
        else:
            self.keys.setdefault(card.name, (card.name, card.front))

    def resolve(self, name, permanent=False, suggest=True):
        """(card name, None), or (None, the problem) for a name that is unknown, ambiguous or the
        back face of a permanent's card."""
        if not isinstance(name, str):
            return None, "expected a card name"
        if name in self.cards:
            return name, None
        hits = self.index.get(fold(name))
        source = None
        if not hits:
            db = self.database()
            if db is not None:
                hits = [(n, face, card_id) for card_id, n, face in db.find(name)]
                source = db
        if not hits:
            return None, f"unknown card {show(name)}" + self._hint(name, suggest)
        got, problem = _choose(name, hits)
        if problem:
            return None, problem
        card_name, face = got[0], got[1]
        if card_name not in self.cards and source is not None:
            card, _ = source.card(got[2])
            clash = self._clash(card)
            if clash:
                return None, clash
            self.cards[card.name] = card
            self._add(card)
        card = self.cards[card_name]
        if permanent and face > 1 and card.layout in _OTHER_STATE:
            return None, (f"{show(name)} is face {face} of {show(card_name)}; a permanent with that face up "
                          "is not modelled (the KB gives a permanent its front face, 712.8d): "
                          "name the card instead")
        return card_name, None

    def _clash(self, card):
        """The KB keys facts by card and face names: two cards that define one name differently
        can't be used together (two cards sharing an identical face, like a meld pair's back, can)."""
        faces = {card.name: (card.front if len(card.faces) == 1 else None)}
        if len(card.faces) > 1:
            faces.update((f.name, f) for f in card.faces)
        for key, face in faces.items():
            if key in self.keys and (self.keys[key][1] != face or face is None):
                other = self.keys[key][0]
                return (f"card {show(card.name)} of the card database uses the name {show(key)}, which card "
                        f"{show(other)} already uses differently; a snapshot can use only one of them")
        return None

    def _hint(self, name, suggest):
        if not suggest:
            return ""
        if self._suggester is None:
            self._suggester = Suggester(self.keys)
        db = self.database()
        hint = did_you_mean(suggest_names(name, self._suggester,
                                          *([db.suggester()] if db is not None else [])))
        if hint:
            return hint
        if db is None:
            return "; define it under 'cards:' (or build a card database: mtgkb cards import --help)"
        return "; define it under 'cards:'"


def among(cards, name):
    """The name of the card among ``cards`` (name -> Card, e.g. a snapshot's) that ``name``
    stands for by any spelling :class:`Lookup` accepts; ``name`` itself if none or several do.
    For the card names of a question about a snapshot (``cast-free SNAP Fire``)."""
    if name in cards or not isinstance(name, str):
        return name
    lookup = Lookup(cards)
    lookup._db = None                     # only the snapshot's cards
    found, _ = lookup.resolve(name, suggest=False)
    return found or name


def _choose(name, hits):
    """The one card among (card name, face[, id]) hits: by its own name before a face name, an
    exact spelling before a folded one; several otherwise is ambiguous."""
    own = [h for h in hits if h[1] == 0]
    for group in (own, [h for h in hits if h[1] != 0]):
        cards = {h[0] for h in group}
        if len(cards) == 1:
            return group[0], None
        if len(cards) > 1:
            exact = [h for h in group if h[0] == name]
            if exact:
                return exact[0], None
            return None, (f"{show(name)} is ambiguous: it names {', '.join(show(c) for c in sorted(cards))}; "
                          "use the full name")
    return None, f"unknown card {show(name)}"
