"""`apply cast` and `apply play_land` (issue 12): legal as `actions` says, paid by `pay`'s plan,
nothing changed when refused."""

import pytest

from pyengine import snapshot, transitions
from pyengine.errors import InputError

BASE = {"players": ["alice", "bob"], "active": "alice",
        "battlefield": [{"id": "f1", "card": "Forest", "controller": "alice"},
                        {"id": "m1", "card": "Mountain", "controller": "alice"},
                        {"id": "filt", "card": "Filter Test", "controller": "alice"}],
        "cards": [{"name": "Filter Test", "type": "Land", "text": "{1}, {T}: Add {W}{U}."},
                  {"name": "X Test", "mana_cost": "{X}{G}", "type": "Sorcery"}],
        "hand": {"alice": ["Grizzly Bears", "Forest", "Forest", "Lightning Bolt", "X Test", "Llanowar Elves"]}}


def state(**keys):
    return snapshot.validate({**BASE, **keys})


def apply(s, name, **kw):
    return transitions.perform(s, name, **kw)


def test_play_land_counts_the_land_drop():
    r = apply(state(), "play_land", card="Forest", player="alice")
    snap = r["snapshot"]
    assert snap["lands_played"] == {"alice": 1}
    assert snap["hand"]["alice"].count("Forest") == 1
    assert [p["card"] for p in snap["battlefield"]].count("Forest") == 2
    with pytest.raises(InputError) as e:                            # 305.2: one land per turn
        apply(snapshot.validate(snap), "play_land", card="Forest", player="alice")
    assert "305.2" in str(e.value)


def test_cast_pays_and_puts_the_spell_on_the_stack():
    r = apply(state(), "cast", card="Grizzly Bears", player="alice")
    snap = r["snapshot"]
    assert snap["stack"] == [{"card": "Grizzly Bears", "controller": "alice"}]
    tapped = {p["id"] for p in snap["battlefield"] if p["tapped"]}
    assert "f1" in tapped and len(tapped) == 2                     # {G} from the Forest, {1} from one more
    assert "Grizzly Bears" not in snap["hand"]["alice"]


def test_cast_with_a_filter_and_floating_mana():
    s = state(mana_pool={"alice": [{"mana": "{G}", "spend_only": "creature spells"}, "{R}"]})
    r = apply(s, "cast", card="Llanowar Elves", player="alice")
    snap = r["snapshot"]
    assert snap["mana_pool"] == {"alice": ["{R}"]}                   # the restricted {G} paid for the elf
    assert not any(p["tapped"] for p in snap["battlefield"])


def test_x_and_pay_restriction():
    r = apply(state(), "cast", card="X Test", player="alice", x=1)
    assert sum(p["tapped"] for p in r["snapshot"]["battlefield"]) == 2
    with pytest.raises(InputError):                                 # {3}{G}: two lands and a filter (net one) make 3
        apply(state(), "cast", card="X Test", player="alice", x=3)
    with pytest.raises(InputError):
        apply(state(), "cast", card="Grizzly Bears", player="alice", pay="m1")


def test_refused_casts_change_nothing():
    s = state(stack=[{"card": "Lightning Bolt", "controller": "bob"}])
    with pytest.raises(InputError) as e:
        apply(s, "cast", card="Grizzly Bears", player="alice")
    assert "307.1" in str(e.value)
    assert apply(s, "cast", card="Lightning Bolt", player="alice")["snapshot"]["stack"][0] == \
        {"card": "Lightning Bolt", "controller": "alice"}           # an instant goes on top (405.2)
    with pytest.raises(InputError) as e:
        apply(state(), "cast", card="Forest", player="alice")
    assert "305.9" in str(e.value)
