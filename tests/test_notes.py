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
from pyengine.terms import render_fact

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
    # 613.1f, 614.12: a grant to the lands with the chosen name is carried out with the snapshot's
    # card_name (none recorded: every land gets it, each choice covered); only paying keeps a note
    ('Lands with the chosen name have "{T}: Add {C}."', {"actions", "apply", "cast-free", "show"}),
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
    ("Creature spells you cast cost {G} less to cast.", {"actions", "cast-free", "apply"}),   # 118.7c: colored, a note
    # 602: an activated ability whose effect is not modelled: whether to list it, and what it does
    ("{2}, {T}: Draw a card.", {"actions", "apply"}),
    # 605.1b: a trigger that does not trigger on a mana ability or on mana being added is not a
    # mana ability, so never part of what tapping for mana adds (produce); it acts once it
    # triggers (603.2). If it adds mana itself, 106.7 ("an ability of that permanent") counts it
    # in could-produce (kb/ability_mana.lp carries that out: resolving it is apply's); the mana
    # ability of a token it creates is the token's (Carrier Thrall).
    ("When this creature enters, add {R}{G}.", {"apply"}),                      # Burning-Tree Emissary
    # 603.4: an intervening "if" is checked as the ability resolves; a permanent that was not cast was
    # not bargained (702.166b), and whether a cast one was is not recorded: both cases count
    # (kb/turn_history.lp, tests/scenarios/noted_d.yaml), so could-produce has no note
    ("When this creature enters, if it was bargained, add four mana in any combination of colors.",
     {"apply"}),                                                                 # Realm-Scorcher Hellkite
    # ... one the KB does not evaluate keeps it
    ("When this creature enters, if a creature died this turn, add {G}.", {"could-produce", "apply"}),
    # ... one the KB evaluates (the snapshot's `cast_from`, kb/turn_history.lp) is no note for it
    ("When this creature enters, if you cast it from your hand, add {R}{R}{R}.", {"apply"}),   # Coal Stoker
    ("When this creature dies, create a 1/1 colorless Eldrazi Scion creature token. It has "
     '"Sacrifice this token: Add {C}."', {"apply"}),                            # Carrier Thrall
    ("Firebending 1", {"apply"}),                                                # 702.189a
    # 605.1b, 106.7: the other instructions of the sentence neither add nor change mana
    ("Whenever a creature enters, you lose 1 life and add {B}.", {"apply"}),     # Carnival of Souls
    # 603.3d, 608.2b: an ability with no legal target is not put on the stack / does not resolve: its
    # only target is "target opponent", which kb/ability_mana.lp checks (target_available/1), so
    # could-produce counts its mana while there is an opponent (tests/scenarios/noted_b.yaml)
    ("Whenever you cast an instant or sorcery spell, this creature deals 1 damage to target opponent. Add {R}.",
     {"apply"}),
    # ... a target of another kind stays a note for could-produce
    ("Whenever you cast an instant or sorcery spell, this creature deals 1 damage to target creature. Add {R}.",
     {"could-produce", "apply"}),
    # 702.189a with an amount of the creature itself (its power, 208.1): counted for triggered
    # abilities too (kb/ability_mana.lp), so only resolving the trigger is left
    ("Firebending X, where X is this creature's power.", {"apply"}),                  # Firebending Student
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
    "{T}: Add X mana in any combination of colors.",            # mana the KB does not add yet
    # 605.1b: a triggered mana ability whose amount counts on "you" (107.3a: whose?) is designed only
    # (one counting the permanents on the battlefield is carried out: tests/scenarios/noted_b.yaml)
    "Whenever enchanted land is tapped for mana, its controller adds an additional {G} for each Elf you control.",
])
def test_what_could_change_what_a_permanent_could_produce(text):
    assert {"could-produce", "produce"} <= affects(text)


def test_entering_as_a_copy_could_change_anything():
    """707.2, 614.1c: what the permanent copied decides all its characteristics."""
    assert affects("You may have this creature enter as a copy of any creature on the battlefield.") == set(ALL)


def test_abilities_of_a_level_are_had_only_at_those_levels():
    """711.2a-b: "{T}: Add {G}{G}" printed in a LEVEL 1-4 striation is had only with 1 to 4 level
    counters, the P/T box sets the base P/T then (Joraga Treespeaker): the level symbol's static
    ability gives them (ability_while) under a condition on the snapshot's level counters; the
    mana ability is never the permanent's own printed ability."""
    text = ("Level up {1}{G}\nLEVEL 1-4\n1/2\n{T}: Add {G}{G}.\nLEVEL 5+\n1/4\n"
            'Elves you control have "{T}: Add {G}{G}."')
    card = cardlib.parse_card({"name": "Test Card", "type": "Creature — Elf Druid", "text": text})
    c = compile_card(card)
    facts = {render_fact(f) for f in c.facts}
    assert not any(f[0] in ("mana_option", "activated", "grants_filter") and f[1].name == "ab" for f in c.facts)
    one_to_four = 'and(self_counters("level",1),non(self_counters("level",5)))'
    assert {f'ability_while(ab("Test Card",4),{one_to_four},granted("Test Card",4))',
            'mana_option(granted("Test Card",4),1,g,2)',
            f'ability_while(ab("Test Card",3),{one_to_four},granted("Test Card",3))',
            'sets_base_pt(granted("Test Card",3),1,2)',
            'ability_while(ab("Test Card",7),self_counters("level",5),granted("Test Card",7))',
            'grants_filter(granted("Test Card",7),you_control(subtype("Elf")),granted(granted("Test Card",7),1))'} <= facts
    # only "Level up" (a keyword the KB does not carry out) is a note
    assert [n.line for n in c.not_modelled] == [1]


def test_abilities_of_a_class_level_are_had_from_that_level_on():
    """716.2a: an ability after "[Cost]: Level 2" is had only from level 2 on; 716.3: the
    abilities before the first class level bar are had at all times."""
    text = "{T}: Add {G}.\n{1}{G}: Level 2\n{T}: Add {R}."
    card = cardlib.parse_card({"name": "Test Card", "type": "Enchantment — Class", "text": text})
    c = compile_card(card)
    options = {(f[1].name, f[1].args[1], f[3].name) for f in c.facts if f[0] == "mana_option"}
    assert options == {("ab", 1, "g"), ("granted", 3, "r")}
    assert 'ability_while(ab("Test Card",3),class_level(2),granted("Test Card",3))' in {render_fact(f) for f in c.facts}
    # the class level bar is an activated ability the KB does not carry out (716.2a)
    [n] = c.not_modelled
    assert n.line == 2 and n.affects == {"actions", "apply"}


def test_a_line_the_grammar_does_not_parse_could_change_anything():
    assert affects("Frobnicate the widget with great enthusiasm.") == set(ALL)


def test_a_spend_restriction_is_about_paying_not_about_types():
    """106.6: "Spend this mana only ..." restricts how the mana is spent, not its type: the mana
    is modelled (could-produce is right), `produce` names the restriction it carries (spend_only)
    and payment honours it (kb/spend_restrictions.lp): no note. A restriction whose words the
    restriction language lacks concerns produce (which shows it) and the answers that pay, never
    could-produce; one it states exactly but payment does not evaluate ("your commander": cast(commander))
    concerns the answers that pay only; an effect of the mana on the spell it pays for concerns apply only."""
    assert notes("{T}: Add {G}. Spend this mana only to cast creature spells.") == []
    assert affects("{T}: Add {G}. Spend this mana only to cast spells that aren't from your starting deck.") \
        == {"produce", "actions", "apply"}
    assert affects("{T}: Add {G}. Spend this mana only to cast your commander.") == {"actions", "apply"}
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


def test_an_ability_had_only_at_max_speed_is_had_while_the_speed_is_4():
    """702.178a: "Max speed — [Ability]" means "As long as your speed is 4, this object has
    [Ability]" (Howlsquad Heavy: "Max speed — {T}: Add {R} for each Goblin you control."): the
    mana ability is given under the condition max_speed, never as the permanent's own printed
    ability. Not an ability word."""
    card = cardlib.parse_card({"name": "Howlsquad Heavy", "type": "Creature — Goblin Mercenary",
                               "text": "Max speed — {T}: Add {R} for each Goblin you control."})
    c = compile_card(card)
    facts = {render_fact(f) for f in c.facts}
    assert 'ability_while(ab("Howlsquad Heavy",1),max_speed,granted("Howlsquad Heavy",1))' in facts
    assert 'ability_text(granted("Howlsquad Heavy",1),"{T}: Add {R} for each Goblin you control.")' in facts
    assert not any(f[0] in ("mana_each", "mana_option", "activated") and f[1].name == "ab" for f in c.facts)
    assert c.not_modelled == []


# --- issue 11: a note only where the text could change the answer ----------------------------
# Real Oracle text (copied from the card database). Each class of line that cannot change what a
# permanent on the battlefield could produce (106.7: what its abilities would produce now) nor
# what tapping it for mana adds (605.1a-b: mana abilities) has a case, next to a similar line
# that can and keeps its note for those answers.

MANA = {"could-produce", "produce"}


def card_notes(name, type_line, text, **chars):
    card = cardlib.parse_card({"name": name, "type": type_line, "text": text, **chars})
    return {n.line: n for n in compile_card(card).not_modelled}


@pytest.mark.parametrize("text,expected", [
    # 605.5a: a trigger on tapping for mana that couldn't add mana is not a mana ability: it uses
    # the stack (apply), the mana added is unchanged
    ("Whenever you tap this land for mana, target opponent creates a 1/1 colorless Spirit creature "
     "token.", {"apply"}),                                                       # Forbidden Orchard
    ("Whenever you tap this creature for mana, it deals 1 damage to each opponent.", {"apply"}),  # Zhur-Taa Druid
    # 605.5a, 502.3: "doesn't untap" still matters to the untap step
    ("Whenever an opponent taps a land for mana, that land doesn't untap during its controller's "
     "next untap step.", {"apply", "untap"}),                                   # Vorinclex, Voice of Hunger
    # 605.1b: triggers on casting a spell ("mana value", "{X} in its mana cost") are never mana
    # abilities; a counter put when one resolves is not on the permanent now
    ("Whenever you cast a spell with {X} in its mana cost, put two charge counters on this artifact.",
     {"apply"}),                                                                 # Elementalist's Palette
    ("Whenever you cast a spell with mana value 4 or greater, untap this creature.", {"apply"}),  # Spider Manifestation
    ("Whenever this creature becomes tapped, exile target card from a graveyard and put an oil counter "
     "on this creature.", {"apply"}),                                            # Armored Scrapgorger
    # 402.2, 514.1: the maximum hand size matters in the cleanup step only
    ("You have no maximum hand size.", {"apply"}),                               # Reliquary Tower
    # 500.5, 106.4: when unspent mana empties, not what is added
    ("You don't lose unspent red mana as steps and phases end.", {"apply"}),     # Ashling, Flame Dancer
    # 614.1a, 119.5: replacing losing the game or gaining life
    ("Arcane Life-support — If you would lose the game, instead exile The Golden Throne and your life "
     "total becomes 1.", {"apply"}),                                             # The Golden Throne
    ("If you would gain life while you have 5 or less life, you gain twice that much life instead.",
     {"apply"}),                                                                 # Phial of Galadriel
    # 614.1a, 122.1: more counters put as an event happens; the counters on it now are the snapshot's
    ("If one or more +1/+1 counters would be put on a permanent you control, that many plus one +1/+1 "
     "counters are put on that permanent instead.", {"apply"}),                # Kami of Whispered Hopes
    # 730.1: the game's day/night designation, as the permanent enters
    ("If it's neither day nor night, it becomes day as The Celestus enters.", {"apply"}),  # The Celestus
    # 613.4c P/T and 701.15b goad: what it shows, whether and whom it attacks
    ("Enchanted creature gets +2/+2 and is goaded.", {"show", "actions", "apply"}),  # Shiny Impetus
    # 302.6, 602.5: whether a {T} ability may be activated now, not what it adds
    ("You may activate abilities of creatures you control as though those creatures had haste.",
     {"actions", "apply"}),                                                      # Shang-Chi, Master of Kung Fu
])
def test_a_line_that_cannot_change_the_mana_answers(text, expected):
    assert affects(text, "Legendary Artifact") == expected


@pytest.mark.parametrize("text", [
    # 707.2: a copy has the copied object's mana abilities
    "You may have this artifact enter as a copy of any creature on the battlefield, except it's an "
    'artifact and it has "{T}: Add {U}."',                                       # Machine God's Effigy
    # 205.3: creature types counted by "for each Elf you control"
    "Stonework Packbeast is also a Cleric, Rogue, Warrior, and Wizard.",         # Stonework Packbeast
])
def test_a_similar_line_that_can_change_them_keeps_its_note(text):
    assert MANA <= affects(text, "Artifact Creature — Beast")


def test_a_trigger_that_adds_mana_keeps_its_could_produce_note():
    """106.7: a trigger on something else than mana is not a mana ability, but what it would add
    counts in what the permanent could produce; an amount that is not modelled ("for each creature
    that died this turn": no snapshot field says so) keeps the note for could-produce (a similar
    trigger that only puts counters, above, does not). Neheb, the Eternal's amount is the
    snapshot's `life_lost_this_turn` (kb/turn_history.lp): a note for apply only."""
    a = affects("At the beginning of each of your postcombat main phases, add {R} for each creature that "
                "died this turn.", "Legendary Creature — Zombie Minotaur Warrior")
    assert "could-produce" in a and "produce" not in a
    assert affects("At the beginning of each of your postcombat main phases, add {R} for each 1 life your "
                   "opponents have lost this turn.", "Legendary Creature — Zombie Minotaur Warrior") == {"apply"}


def test_a_mode_that_adds_mana_of_a_modal_trigger_is_counted():
    """700.2: a mode ("• Add {R}.") is part of the modal ability its "choose" line begins. Of a
    triggered ability that is not a mana ability (605.1b), the mana it adds counts in what the
    permanent could produce (106.7, as for any trigger that adds mana): the compiler reads the
    header line with its modes, and resolving the trigger is the one note left. Zuko, Conflicted:
    "At the beginning of your first main phase, choose one that hasn't been chosen and you lose 2
    life — ... • Add {R}." Galadriel, Light of Valinor: "• Add {G}{G}{G}." A mode that creates a
    token with a mana ability adds none itself (113.1a)."""
    text = ("At the beginning of your first main phase, choose one that hasn't been chosen and you lose 2 life —\n"
            "• Draw a card.\n• Add {R}.")
    by_line = {n.line: set(n.affects) for n in notes(text, "Legendary Creature — Human Rogue")}
    assert by_line[3] == {"apply"}
    assert by_line[2] == {"actions", "apply"}
    by_line = {n.line: set(n.affects) for n in notes(
        "Whenever this creature attacks, choose one —\n• Create a Treasure token.\n• Add {G}{G}{G}.")}
    assert by_line[2] == {"actions", "apply"} and by_line[3] == {"apply"}


def test_a_mode_that_adds_mana_of_another_ability_keeps_every_note():
    """605.1a: a mode of an activated ability may make it a mana ability; "choose one or more" may add
    the mana of several modes at once (700.2d): neither is read, the note holds for every answer."""
    by_line = {n.line: set(n.affects) for n in notes("{1}, {T}: Choose one —\n• Add {R}.\n• Draw a card.")}
    assert by_line[2] == set(ALL)
    by_line = {n.line: set(n.affects) for n in notes(
        "Whenever this creature attacks, choose one or more —\n• Add {R}.\n• Add {G}.")}
    assert by_line[2] == set(ALL) and by_line[3] == set(ALL)
    spell = {n.line: set(n.affects) for n in notes("Choose one —\n• Add {R}{R}{R}.\n• Draw a card.", "Instant")}
    assert spell[2] == {"cast-free", "apply"}


def test_can_be_your_commander_functions_before_the_game():
    """903.3a, 113.6n: "~ can be your commander" modifies deck construction: no answer about a game
    in progress (The Goblin Sparring Grounds)."""
    by_line = card_notes("The Goblin Sparring Grounds", "Legendary Land",
                         "The Goblin Sparring Grounds enters tapped.\n{T}: Add {B} or {R}.\n"
                         "The Goblin Sparring Grounds can be your commander.")
    assert by_line[3].affects == frozenset()


def test_an_alternative_cost_is_about_casting():
    """118.9, 601.2b: an alternative cost is chosen as the spell is cast (one the KB does not carry out,
    Abolish's, on a permanent card: never about its mana or characteristics)."""
    assert affects("You may discard a Plains card rather than pay this spell's mana cost.",
                   "Artifact") == {"actions", "cast-free", "apply"}


@pytest.mark.parametrize("text", [
    "Offspring {2}",                                    # 702.175a: an additional cost, an enters trigger
    "More Than Meets the Eye {3}{U}",                   # 702.162a: an alternative cost
])
def test_casting_keywords_do_not_change_the_mana_answers(text):
    assert not MANA & affects(text)


def test_die_results_that_add_no_mana():
    """706.3b: the rows of a results table are part of the ability that rolls (Hoarding Ogre's
    attack trigger): Treasure tokens are new objects (their mana is theirs, 113.1a), not what this
    permanent could produce. A row that adds mana (Jack-in-the-Mox) is part of a mana ability (605.1a)
    whose mana, every result's, is the rolling ability's (706.2; compiler/lower_results.py): the rows
    then change only what is paid or done with it, not what it could produce or produce."""
    ogre = card_notes("Hoarding Ogre", "Creature — Ogre",
                      "Whenever this creature attacks, roll a d20.\n1—9 | Create a Treasure token.\n"
                      "10—19 | Create two Treasure tokens.\n20 | Create three Treasure tokens.")
    assert all(not MANA & ogre[i].affects and "apply" in ogre[i].affects for i in (2, 3, 4))
    mox = card_notes("Jack-in-the-Mox", "Artifact",
                     "{T}: Roll a six-sided die. This ability has the indicated effect.\n"
                     "1 — Sacrifice this artifact and you lose 5 life.\n2 — Add {W}.\n3 — Add {U}.")
    assert not MANA & mox[2].affects
    assert not MANA & mox[3].affects and not MANA & mox[4].affects
    assert mox[1].affects == {"actions", "cast-free", "apply"}


def test_a_station_ability_changes_what_the_ability_could():
    """721.2a: "12+ | [ability]" is had with 12 or more charge counters, which the KB does not
    read: had or not, it changes what that ability could (Adagia's token-making ability, no mana;
    Evendo's mana ability, the mana answers)."""
    adagia = card_notes("Adagia, Windswept Bastion", "Land — Planet",
                        "{T}: Add {W}.\n12+ | {3}{W}, {T}: Create a token that's a copy of target artifact or "
                        "enchantment you control, except it's legendary. Activate only as a sorcery.")
    assert adagia[2].affects == {"actions", "apply"}
    evendo = card_notes("Evendo, Waking Haven", "Land — Planet",
                        "{T}: Add {G}.\n12+ | {G}, {T}: Add {G} for each creature you control.")
    assert MANA <= evendo[2].affects


def test_max_speed_and_class_levels_change_what_the_ability_could():
    """702.178a: a max speed ability is had only at speed 4 (Amonkhet Raceway's haste ability: no
    mana answer; Muraganda Raceway's "{T}: Add {C}{C}": carried out under the speed of the
    snapshot). 716.2a: a class level bar is an activated ability; the abilities of a level are had
    from that level on (Sorcerer Class: a grant of a mana ability, carried out under the level of
    the snapshot; a spell-cast trigger only `apply`)."""
    amonkhet = card_notes("Amonkhet Raceway", "Land",
                          "{T}: Add {C}.\nMax speed — {T}: Target creature gains haste until end of turn.")
    assert amonkhet[2].affects == {"actions", "apply"} and "702.178a" in amonkhet[2].reason
    muraganda = card_notes("Muraganda Raceway", "Land", "{T}: Add {C}.\nMax speed — {T}: Add {C}{C}.")
    assert 2 not in muraganda                       # carried out: had while its controller's speed is 4
    sorcerer = card_notes("Sorcerer Class", "Enchantment — Class",
                          "When this Class enters, draw two cards, then discard two cards.\n{U}{R}: Level 2\n"
                          'Creatures you control have "{T}: Add {U} or {R}. Spend this mana only to cast an instant '
                          'or sorcery spell or to gain a Class level."\n{3}{U}{R}: Level 3\n'
                          "Whenever you cast an instant or sorcery spell, that spell deals damage to each opponent "
                          "equal to the number of instant and sorcery spells you've cast this turn.")
    assert sorcerer[2].affects == {"actions", "apply"}
    assert 3 not in sorcerer                        # carried out: had from level 2 on (kb/gates.lp)
    assert sorcerer[5].affects == {"apply"} and "716.2a" in sorcerer[5].reason


def test_notes_on_the_characteristics_say_why():
    """A note on the card's characteristics (line 0) names its reason: a type the KB does not
    know (a dungeon: 309.2c, never a permanent, and venturing is not modelled), a power defined by
    the text the KB does not carry out (208.2a: Tarmogoyf). A plane's type line is no note (Krosa:
    its abilities function from the command zone, 113.6p, kb/command_zone.lp). Karn, Legacy
    Reforged's characteristic-defining ability the KB carries out (kb/pt_cda.lp, 604.3): no note on
    its '*'."""
    tomb = card_notes("Tomb of Annihilation", "Dungeon", "Oubliette — Discard a card and sacrifice an artifact, "
                      "a creature, and a land.")
    assert "309.2c" in tomb[0].reason and tomb[0].affects == ALL
    assert 0 not in card_notes("Krosa", "Plane — Dominaria", "All creatures get +2/+2.")
    goyf = compile_card(cardlib.parse_card({
        "name": "Tarmogoyf", "type": "Creature — Lhurgoyf", "power": "*", "toughness": "1+*",
        "text": "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and "
                "its toughness is equal to that number plus 1."})).not_modelled
    assert all(n.reason for n in goyf if n.line == 0) and any(n.line == 0 for n in goyf)
    karn = compile_card(cardlib.parse_card({
        "name": "Karn, Legacy Reforged", "type": "Legendary Artifact Creature — Golem", "power": "*",
        "toughness": "*", "text": "Karn's power and toughness are each equal to the greatest mana value "
                                  "among artifacts you control."})).not_modelled
    assert karn == []


def test_a_granted_ability_changes_what_that_ability_could():
    """613.1f, 113.1a: an object that has an ability in quotes has it as its own. A granted attack
    trigger that creates a Treasure (Diamond Pick-Axe) changes what the creature shows and does,
    not what it could produce (the Treasure's mana is the Treasure's); a granted mana ability whose
    rider is not modelled ("Activate only once each turn") keeps its note for the mana answers."""
    pick = affects('Equipped creature gets +1/+1 and has "Whenever this creature attacks, create a Treasure '
                   'token."', "Artifact — Equipment")
    assert pick == {"show", "apply"}
    granted = affects('Equipped creature has "{T}: Add one mana of any color that a land an opponent controls '
                      'could produce. Activate only once each turn."', "Artifact — Equipment")
    assert MANA <= granted


def test_the_mana_of_a_token_a_loyalty_ability_creates_is_the_tokens():
    """113.1a, 106.6: the spending restriction of the token's mana ability (Commodore Guff) is the
    token's, not a restriction of mana this ability adds: no note for produce."""
    a = affects('[+1]: Create a 1/1 red Wizard creature token with "{T}: Add {R}. Spend this mana only to '
                'cast a planeswalker spell."', "Legendary Planeswalker — Guff")
    assert not MANA & a and "actions" in a


def test_a_restriction_the_kb_cannot_evaluate_stays_a_produce_note_when_more_follows_the_mana():
    """106.6: produce shows the restriction the mana carries; one the KB can't evaluate
    (cast(not_modelled)) is a note for produce and for paying, also when another sentence the KB
    doesn't carry out follows the mana (Second City: that sentence had replaced the restriction's
    note, and produce printed the unevaluated restriction with no note)."""
    text = ("{T}: Add one mana of any color. Spend this mana only to cast your second spell in a turn. "
            "When that mana is spent, create a Food token.")
    [n] = notes(text, "Land — Town")
    assert {"produce", "actions", "apply"} <= set(n.affects)
    assert "could-produce" not in n.affects
    assert "restriction on spending the mana is not modelled (106.6)" in n.reason
