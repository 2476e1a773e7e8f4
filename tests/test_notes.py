"""Notes are precise: a line the KB does not carry out is a note only for the answers it could
change (pyengine/compiler/affects.py); a line the grammar does not parse always is.

Each case is a real Oracle wording and the answers the CR says it can change for a permanent
already on the battlefield (could-produce, 106.7, is about abilities resolving now, ignoring
costs; untap, 502.3; show, 613; actions, 117/602; apply performs events)."""

import re
from pathlib import Path

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.compiler.affects import ALL

ROOT = Path(__file__).resolve().parent.parent


def notes(text, type_line="Creature — Elf"):
    card = cardlib.parse_card({"name": "Test Card", "type": type_line, "text": text})
    return compile_card(card).not_modelled


def affects(text, type_line="Creature — Elf"):
    [n] = notes(text, type_line)
    return set(n.affects)


@pytest.mark.parametrize("text,expected", [
    # 614.1c, 614.12: replacing how the permanent enters; it already has
    ("This land enters tapped.", {"apply"}),
    ("This creature enters with two +1/+1 counters on it if you control a Forest.", {"apply"}),
    # 603.2: triggers use the stack when their event happens; none happens while could-produce
    # or show looks at the permanent now
    ("When this creature enters, draw a card.", {"apply"}),
    ("When this creature dies, you gain 2 life.", {"apply"}),
    ("Whenever this creature attacks, scry 1.", {"apply"}),
    ("At the beginning of your upkeep, you lose 1 life.", {"apply"}),
    # 614.12: a choice or payment made as the permanent entered is behind a permanent already on
    # the battlefield (the choice is a field of the snapshot); 614.1c: entering tapped
    ("As this land enters, you may pay 2 life. If you don't, it enters tapped.", {"apply"}),
    ("As this creature enters, choose a color.", {"apply"}),
    ("As this creature enters, choose a creature type.", {"apply"}),
    # 502.3: what untaps in the untap step
    ("This creature doesn't untap during your untap step.", {"untap", "apply"}),
    # 613.4c: power and toughness
    ("Other creatures you control get +1/+1.", {"show", "apply"}),
    # 508.1: whether it may attack
    ("This creature can't attack.", {"actions", "apply"}),
    # 601.2f: costs of spells
    ("Creature spells you cast cost {1} less to cast.", {"actions", "cast-free", "apply"}),
    # 602: an activated ability whose effect is not modelled: whether to list it, and what it does
    ("{2}, {T}: Draw a card.", {"actions", "apply"}),
    # 605.1b: a trigger that does not trigger on a mana ability or on mana being added is not a
    # mana ability, so never part of what tapping for mana adds (produce); it acts once it
    # triggers (603.2). If it adds mana itself, 106.7 ("an ability of that permanent") counts it
    # in could-produce (kb/ability_mana.lp carries that out: resolving it is apply's); the mana
    # ability of a token it creates is the token's (Carrier Thrall).
    ("When this creature enters, add {R}{G}.", {"apply"}),                      # Burning-Tree Emissary
    # 603.4: an intervening "if" is checked as the ability resolves; the KB does not evaluate this
    # one, so whether it would add mana now is unknown: could-produce keeps the note
    ("When this creature enters, if you cast it from your hand, add {R}{R}{R}.",
     {"could-produce", "apply"}),                                                # Coal Stoker
    ("When this creature dies, create a 1/1 colorless Eldrazi Scion creature token. It has "
     '"Sacrifice this token: Add {C}."', {"apply"}),                            # Carrier Thrall
    ("Firebending 1", {"apply"}),                                                # 702.189a
    # 605.1b, 106.7: the other instructions of the sentence neither add nor change mana
    ("Whenever a creature enters, you lose 1 life and add {B}.", {"apply"}),     # Carnival of Souls
    # 608.2b: a target that became illegal makes the ability not resolve: could-produce keeps the note
    ("Whenever you cast an instant or sorcery spell, this creature deals 1 damage to target opponent. Add {R}.",
     {"could-produce", "apply"}),
    # 702.189a with an amount of the creature itself: counted for mana abilities only (a note)
    ("Firebending X, where X is this creature's power.", {"could-produce", "apply"}),   # Firebending Student
    # 605.1a, 106.7: an activated ability that creates tokens with a mana ability adds no mana
    # itself (the tokens' mana is theirs): whether to list it and what it does, not what this
    # permanent could produce (Spawnsire of Ulamog's first ability)
    ("{4}: Create two 0/1 colorless Eldrazi Spawn creature tokens with \"Sacrifice this creature: "
     'Add {C}."', {"actions", "apply"}),
])
def test_what_a_parsed_line_could_change(text, expected):
    assert affects(text) == expected


@pytest.mark.parametrize("text", [
    "Creatures you control have haste.",                       # 702.10: summoning sickness (302.6)
    "Other creatures you control have haste.",
])
def test_haste_for_others_changes_actions_and_show(text):
    a = affects(text)
    assert {"actions", "show"} <= a


@pytest.mark.parametrize("text", [
    # (lands selected by card types and grants to a known filter are carried out: no note)
    "All Mountains are Plains.",                               # 305.7: land types selected by subtype
    'Lands with the chosen name have "{T}: Add {C}."',          # 613.1f: a filter on a chosen name
    "{T}: Add X mana in any combination of colors.",            # mana the KB does not add yet
    # 605.1b: a triggered mana ability whose amount counts (107.3a) is designed only
    "Whenever enchanted land is tapped for mana, its controller adds an additional {G} for each Elf on the battlefield.",
])
def test_what_could_change_what_a_permanent_could_produce(text):
    assert {"could-produce", "produce"} <= affects(text)


def test_entering_as_a_copy_could_change_anything():
    """707.2, 614.1c: what the permanent copied decides all its characteristics."""
    assert affects("You may have this creature enter as a copy of any creature on the battlefield.") == set(ALL)


def test_abilities_of_a_level_are_not_given_as_if_always_there():
    """711.2a: "{T}: Add {G}{G}" printed in a LEVEL 1-4 striation is had only with 1 to 4 level
    counters; the KB has no levels, so the mana is not given and the note concerns everything."""
    text = ("Level up {1}{G}\nLEVEL 1-4\n1/2\n{T}: Add {G}{G}.\nLEVEL 5+\n1/4\n"
            'Elves you control have "{T}: Add {G}{G}."')
    card = cardlib.parse_card({"name": "Test Card", "type": "Creature — Elf Druid", "text": text})
    c = compile_card(card)
    assert not any(f[0] in ("mana_option", "activated", "grants_filter") for f in c.facts)
    by_line = {n.line: n for n in c.not_modelled}
    assert by_line[4].affects == ALL and by_line[7].affects == ALL
    assert "711.2" in by_line[4].reason


def test_abilities_of_a_class_level_are_not_given_as_if_always_there():
    """716.2a: an ability after "[Cost]: Level 2" is had only from level 2 on; 716.3: the
    abilities before the first class level bar are had at all times."""
    text = "{T}: Add {G}.\n{1}{G}: Level 2\n{T}: Add {R}."
    card = cardlib.parse_card({"name": "Test Card", "type": "Enchantment — Class", "text": text})
    c = compile_card(card)
    options = {(f[1].args[1], f[3].name) for f in c.facts if f[0] == "mana_option"}
    assert options == {(1, "g")}
    assert {n.line for n in c.not_modelled} >= {3}


def test_a_line_the_grammar_does_not_parse_could_change_anything():
    assert affects("Frobnicate the widget with great enthusiasm.") == set(ALL)


def test_a_spend_restriction_is_about_paying_not_about_types():
    """106.6: "Spend this mana only ..." restricts how the mana is spent, not its type: the mana
    is modelled (could-produce is right), `produce` names the restriction it carries (spend_only)
    and payment honours it (kb/spend_restrictions.lp): no note. A restriction whose words the
    restriction language lacks concerns produce (which shows it) and the answers that pay, never
    could-produce; an effect of the mana on the spell it pays for concerns apply only."""
    assert notes("{T}: Add {G}. Spend this mana only to cast creature spells.") == []
    assert affects("{T}: Add {G}. Spend this mana only to cast a spell with devoid.") == {"produce", "actions", "apply"}
    assert affects("{T}: Add {G}. If that mana is spent on a creature spell, it gains haste until end of "
                   "turn.") == {"apply"}
    # an effect of the mana the KB does not read ("When that mana is spent ..., copy that spell")
    # stays a note for produce too
    [n] = notes("{T}: Add {G}. Spend this mana only to cast creature spells. When that mana is spent "
                "to cast a creature spell, that creature enters with an additional +1/+1 counter on it.")
    assert {"produce", "actions", "apply"} <= n.affects and "could-produce" not in n.affects


def test_every_fact_the_compiler_gives_is_declared_in_the_schema():
    """Every predicate the compiler emits for the bundled library and for the designed mana
    vocabulary is #defined in kb/schema.lp (documented once, tests/test_kb_conventions.py)."""
    schema = (ROOT / "kb" / "schema.lp").read_text(encoding="utf-8")
    declared = set(re.findall(r"#defined (\w+)/(\d+)\.", schema))
    texts = ["{T}: Add two mana in any combination of colors.", "{T}: Add one mana of the chosen color.",
             "{T}: Add {G} for each Elf you control.", "{T}: Add one mana of any type that a land your opponents control could produce.",
             "{T}: Add {C}. Spend this mana only to cast artifact spells.", "{T}: Add {G}. Activate only as a sorcery.",
             "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
             "Whenever a player taps a Swamp for mana, that player adds one mana of any type that land produced.",
             "Whenever enchanted land is tapped for mana, its controller adds one mana of any type that land produced.",
             "Nonbasic lands are Mountains.", 'Creatures you control have "{T}: Add {G}."',
             "{T}: Add one mana of any color in your commander's color identity."]
    spells = ["Add {R}{R}{R}."]
    cards = list(cardlib.bundled().values()) + [
        cardlib.parse_card({"name": f"T{i}", "type": "Artifact", "text": t}) for i, t in enumerate(texts)] + [
        cardlib.parse_card({"name": f"S{i}", "type": "Instant", "text": t}) for i, t in enumerate(spells)]
    emitted = {(f[0], str(len(f) - 1)) for c in cards for f in compile_card(c).facts}
    assert emitted - declared == set()
    assert {("mana_combination", "2"), ("mana_chosen", "3"), ("mana_amount", "4"),
            ("mana_reflect_filter", "4"), ("mana_spend_restriction", "2"), ("activation_restriction", "2"),
            ("mana_trigger_on", "4"), ("mana_produced", "3"), ("land_types", "4"), ("grants_filter", "3"),
            ("spell_mana", "1"), ("mana_commander_identity", "2")} <= emitted


def test_an_ability_had_only_at_max_speed_is_not_given_as_if_always_there():
    """702.178a: "Max speed — [Ability]" means "As long as your speed is 4, this object has
    [Ability]"; the KB does not track speed, so the mana ability must not be given (Howlsquad
    Heavy: "Max speed — {T}: Add {R} for each Goblin you control."). Not an ability word."""
    card = cardlib.parse_card({"name": "Howlsquad Heavy", "type": "Creature — Goblin Mercenary",
                               "text": "Max speed — {T}: Add {R} for each Goblin you control."})
    c = compile_card(card)
    [n] = c.not_modelled
    assert n.affects == ALL and "702.178a" in n.reason
    assert not any(f[0] in ("mana_amount", "mana_option", "activated") for f in c.facts)
