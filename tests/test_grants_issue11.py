"""Issue 11, granted and shaped mana abilities: which lines the compiler now carries out, and the
notes that stay (a note only for the answers the part not carried out could change). The answers
themselves are scenarios: tests/scenarios/granted_filters.yaml and mana_kinds_issue11.yaml."""

import pytest

from pyengine import cardlib, snapshot
from pyengine.compiler import compile_card


def _card(name, type_line, text):
    return compile_card(cardlib.parse_card({"name": name, "type": type_line, "text": text}))


def _notes(c):
    return {n.line: (n.reason, set(n.affects)) for n in c.not_modelled}


@pytest.mark.parametrize("name,type_line,text", [
    ("Forgotten Monument", "Land — Cave",
     '{T}: Add {C}.\nOther Caves you control have "{T}, Pay 1 life: Add one mana of any color."'),
    ("Rishkar, Peema Renegade", "Legendary Creature — Elf Druid",
     'Each creature you control with a counter on it has "{T}: Add {G}."'),
    ("Lotus Ring", "Artifact — Equipment",
     'Equipped creature gets +3/+3 and has vigilance and "{T}, Sacrifice this creature: Add three mana of any one color."'),
    ("Leyline Immersion", "Enchantment — Aura",
     'Enchant creature\nEnchanted creature has ward {2} and "{T}: Add five mana in any combination of colors. '
     'Spend this mana only to cast spells."'),
    ("Firemind Vessel", "Artifact", "{T}: Add two mana of different colors."),
    ("Mox Amber", "Legendary Artifact",
     "{T}: Add one mana of any color among legendary creatures and planeswalkers you control."),
    ("Jaheira, Friend of the Forest", "Legendary Creature — Human Elf Druid", 'Tokens you control have "{T}: Add {G}."'),
])
def test_lines_now_modelled(name, type_line, text):
    assert _notes(_card(name, type_line, text)) == {}


def test_keyword_and_quoted_ability_are_separate_granted_abilities():
    """113.2c: vigilance and the quoted mana ability are two abilities of the equipped creature."""
    c = _card("Lotus Ring", "Artifact — Equipment",
              'Equipped creature gets +3/+3 and has vigilance and "{T}, Sacrifice this creature: Add three mana of any one color."')
    grants = sorted(str(f[3]) for f in c.facts if f[0] == "grants_filter")
    assert grants == ['granted("Lotus Ring",1)', 'granted(ab("Lotus Ring",1),vigilance)']
    assert [f[2:] for f in c.facts if f[0] == "attached_pt"] == [(3, 3)]          # 613.4c


def test_pt_while_the_permanent_is_a_creature_is_attached_pt():
    """"As long as enchanted permanent is a creature, it gets +1/+3 and has ...": a noncreature has no
    power or toughness (208.3), so the P/T change is attached_pt (613.4c) and the grants are to
    attached(creature) (Careful Cultivation)."""
    c = _card("Careful Cultivation", "Enchantment — Aura",
              'Enchant artifact or creature\nAs long as enchanted permanent is a creature, it gets +1/+3 and has reach '
              'and "{T}: Add {G}{G}."')
    assert 2 not in _notes(c)
    assert [f[2:] for f in c.facts if f[0] == "attached_pt"] == [(1, 3)]
    assert {str(f[2]) for f in c.facts if f[0] == "grants_filter"} == {"attached(creature)"}


def test_grant_of_an_unknown_keyword_is_a_note_for_that_keyword_only():
    """The quoted mana ability is carried out; an unmodelled granted keyword changes only what the
    keyword changes (here: 'flanking', a combat keyword: not could-produce / produce)."""
    c = _card("Test Banner", "Artifact — Equipment",
              'Equipped creature has flanking and "{T}: Add {G}."')
    reason, answers = _notes(c)[1]
    assert "granted keyword" in reason
    assert not answers & {"could-produce", "produce"}


@pytest.mark.parametrize("text,answers", [
    ("Whenever a player taps a land for mana, that player adds one mana of any type that land produced, "
     "and this enchantment deals 1 damage to the player.", {"apply"}),
    ("Whenever a player taps a snow land for mana, that player adds one mana of any type that land produced. "
     "That land doesn't untap during its controller's next untap step.", {"apply", "untap"}),
])
def test_mana_trigger_rider_is_a_note_for_what_it_changes(text, answers):
    c = _card("Test Trigger", "Enchantment", text)
    reason, got = _notes(c)[1]
    assert got == answers, reason
    assert any(f[0] == "mana_trigger" for f in c.facts)


def test_token_flag_round_trips_and_is_checked():
    snap = snapshot.load({"players": ["alice"], "battlefield": [
        {"id": "t", "card": "Grizzly Bears", "controller": "alice", "token": True},
        {"id": "c", "card": "Grizzly Bears", "controller": "alice"}]})
    assert [p.token for p in snap.battlefield] == [True, False]
    d = snap.to_dict()["battlefield"]
    assert d[0]["token"] is True and "token" not in d[1]
    with pytest.raises(Exception) as e:
        snapshot.load({"players": ["alice"], "battlefield": [
            {"id": "t", "card": "Grizzly Bears", "controller": "alice", "token": 1}]})
    assert "'token' must be true or false" in str(e.value)
