"""The snapshot keys of issue 12: priority, lands_played, mana_pool, stack (docs/snapshot-and-cards.md)."""

import pytest

from pyengine import snapshot
from pyengine.errors import InputError
from pyengine.facts import turn_facts
from pyengine.manapool import PoolMana, parse_restriction
from pyengine.terms import Const

BASE = {"players": ["alice", "bob"], "active": "alice",
        "battlefield": [{"id": "elf", "card": "Llanowar Elves", "controller": "alice"}]}


def snap(**keys):
    return snapshot.validate({**BASE, **keys})


def problems(**keys):
    with pytest.raises(InputError) as e:
        snapshot.validate({**BASE, **keys})
    return e.value.problems


def test_defaults():
    s = snap()
    assert s.priority == "alice"                  # the active player
    assert s.lands_played == {"alice": 0, "bob": 0}
    assert s.mana_pool == {"alice": [], "bob": []}
    assert s.stack == []
    d = s.to_dict()
    assert not {"priority", "lands_played", "mana_pool", "stack"} & set(d)


def test_values_and_round_trip():
    s = snap(priority="bob", lands_played={"alice": 1},
             mana_pool={"alice": ["{G}", {"mana": "{c}", "snow": True},
                                  {"mana": "{R}", "spend_only": "Instant or Sorcery spells"},
                                  {"mana": "{C}", "spend_only": "artifact spells or abilities"}]},
             stack=[{"card": "Lightning Bolt", "controller": "bob"},
                    {"controller": "alice", "ability": True, "source": "elf"}])
    assert s.priority == "bob" and s.lands_played["alice"] == 1
    assert s.mana_pool["alice"] == [PoolMana("G"), PoolMana("C", True),
                                    PoolMana("R", False, ("instant", "sorcery"), False),
                                    PoolMana("C", False, ("artifact",), True)]
    assert s.stack[1].card == "Llanowar Elves" and s.stack[1].source == "elf"
    again = snapshot.validate(s.to_dict())
    assert again.to_dict() == s.to_dict()
    assert again.mana_pool == s.mana_pool and again.stack == s.stack


def test_facts():
    s = snap(lands_played={"bob": 2}, mana_pool={"alice": ["{G}", "{G}", {"mana": "{R}",
             "spend_only": "creature spells"}]}, stack=[{"card": "Lightning Bolt", "controller": "bob"}])
    f = set(turn_facts(s))
    assert ("priority", "alice") in f and ("lands_played", "bob", 2) in f
    assert ("pool_mana", "alice", 0, Const("g"), Const("plain"), 2) in f      # two {G} are one kind
    assert ("pool_mana", "alice", 1, Const("r"), Const("plain"), 1) in f
    assert ("pool_spend_only", "alice", 1) in f and ("pool_spend_type", "alice", 1, Const("creature")) in f
    assert not any(a[0] == "pool_spend_abilities" for a in f)
    assert {("stack_object", 1), ("stack_card", 1, "Lightning Bolt"), ("stack_controller", 1, "bob")} <= f


def test_restrictions():
    assert parse_restriction("creature spells") == (("creature",), False)
    assert parse_restriction("instant or sorcery spells") == (("instant", "sorcery"), False)
    assert parse_restriction("artifact spells or abilities") == (("artifact",), True)
    for bad in ("creatures", "spells", "goblin spells", "instant and sorcery spells", 3):
        with pytest.raises(ValueError):
            parse_restriction(bad)
    m = PoolMana("G", spells=("creature",), abilities=False)
    assert m.may_pay(["creature", "artifact"]) and not m.may_pay(["instant"]) and not m.may_pay(None)
    assert PoolMana("C", spells=("artifact",), abilities=True).may_pay(None)


def test_bad_values_one_line_each():
    p = problems(priority="carol", lands_played={"alice": -1, "bob": "one", "zed": 1},
                 mana_pool={"alice": ["{2}", "{G}{G}", {"mana": "{G}", "snow": "yes"},
                                      {"mana": "{G}", "spend_only": "goblin spells"}, {"mana": "{G}", "x": 1}],
                            "bob": "{G}"},
                 stack=[{"card": "Lightning Bolt"}, {"card": "Nope Card", "controller": "bob"},
                        {"controller": "bob", "ability": True, "source": "ghost"}, "bolt",
                        {"card": "Lightning Bolt", "controller": "bob", "source": "elf"}])
    assert p == [
        "priority: unknown player 'carol'; players are alice, bob",
        "lands_played[alice]: must not be negative, got -1",
        "lands_played[bob]: expected a whole number, got 'one'",
        "lands_played: unknown player 'zed'; players are alice, bob",
        "mana_pool[alice][0]: mana '{2}' is not one mana symbol of a type: {W}, {U}, {B}, {R}, {G} or {C}",
        "mana_pool[alice][1]: mana '{G}{G}' is not one mana symbol of a type: {W}, {U}, {B}, {R}, {G} or {C}",
        "mana_pool[alice][2]: 'snow' must be true or false, got 'yes'",
        "mana_pool[alice][3]: 'goblin' is not a card type; card types: artifact, battle, creature, "
        "enchantment, instant, kindred, land, planeswalker, sorcery",
        "mana_pool[alice][4]: unknown key 'x'; allowed keys: mana, snow, spend_only",
        "mana_pool[bob]: must be a list of mana such as [\"{G}\", \"{C}\"], got '{G}'",
        "stack[0]: 'controller' is required",
        "stack[1]: card: unknown card 'Nope Card'; define it under 'cards:' (or build a card "
        "database: mtgkb cards import --help)",
        "stack[2]: source 'ghost' is not a permanent on the battlefield",
        "stack[2]: 'card' is required (or the 'source' permanent)",
        "stack[3]: expected a mapping with card and controller, got 'bolt'",
        "stack[4]: 'source' is for abilities (add ability: true)",
    ]


def test_wrong_types_are_refused_not_read_as_empty():
    assert problems(stack={}) == ["stack: must be a list of objects, top first, got {}"]
    assert problems(mana_pool=[]) == ["mana_pool: must be a mapping from player to a list of mana, got []"]
    assert problems(lands_played=[]) == ["lands_played: must be a mapping from player to a number, got []"]
