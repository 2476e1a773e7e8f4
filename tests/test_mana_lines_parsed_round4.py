"""Lines of mana cards the grammar now parses (issue 11, "manaparse", round 4). Each is a real
card's Oracle text; each test checks the node (or verb) the line is read as and the answers its
note is for: a line that cannot change what a permanent could produce or what tapping adds is no
note for could-produce / produce, one that could is."""

import pytest
import yaml

from helpers import run_cli, tree_kinds
import helpers
from pyengine.compiler import parse_line

MANA = {"could-produce", "produce"}


compiled = helpers.compiled
line = helpers.line_of
facts = helpers.facts_of


@pytest.mark.parametrize("name,type,text,kind,affects", [
    # 113.1a: a quote within a quote (single quotes): the emblem's ability grants a mana ability
    ("Liliana of the Dark Realms", "Legendary Planeswalker — Liliana",
     "[−6]: You get an emblem with \"Swamps you control have '{T}: Add {B}{B}{B}{B}.'\"", "quoted_ability",
     {"actions", "apply"}),
    ("Koth of the Hammer", "Legendary Planeswalker — Koth",
     "[−5]: You get an emblem with \"Mountains you control have '{T}: This land deals 1 damage to any "
     "target.'\"", "quoted_ability", {"actions", "apply"}),
    # 714.2b: a chapter ability (not a mana ability) that grants one: a note for apply only
    ("Roar of the Fifth People", "Enchantment — Saga",
     "II — This Saga gains \"Creatures you control have '{T}: Add {R}, {G}, or {W}.'\"", "gain_ability", {"apply"}),
    # (Minimus Containment's type change, a quoted ability written with the comma of the sentence that
    # goes on, is carried out now: tests/test_type_changes.py)
    # 614.12: an option chosen as the permanent entered, written as a mode: the triggered ability
    # it has if chosen (kb/gates.lp reads the snapshot's `chosen: {option: ...}`; not told, every
    # option's mana counts in what the Siege could produce, 106.7): a note for show, which lists
    # the abilities it has, and apply
    ("Frontier Siege", "Enchantment",
     "• Khans — At the beginning of each of your main phases, add {G}{G}.", "chosen_option",
     {"show", "apply"}),
    ("Frontier Siege", "Enchantment",
     "• Dragons — Whenever a creature you control with flying enters, you may have it fight target creature "
     "you don't control.", "chosen_option", {"apply"}),
    # 702.186b: "∞ — [Ability]": had only as long as the permanent is harnessed
    ("The Soul Stone", "Legendary Artifact — Infinity Stone",
     "∞ — At the beginning of your upkeep, return target creature card from your graveyard to the battlefield.",
     "infinity_ability", {"apply"}),
    # 122.1: "coin" is a kind of counter before "counter(s)"
    ("Noble's Purse", "Artifact", "{T}, Remove a coin counter from this artifact: Create a Treasure token.",
     "remove_counters", {"actions", "apply"}),
    # 107.3a: X of "Add X {G} or X {W}" is the sentence's tail; "other creatures" is relative to
    # the ability's own permanent (others(you_control(creature)), counted per permanent by
    # kb/game_amounts.lp): a note only for the answers that pay with that mana
    ("Brigid, Doun's Mind", "Legendary Creature — Faerie Druid",
     "{T}: Add X {G} or X {W}, where X is the number of other creatures you control.", "mana_counted_choice",
     {"actions", "apply", "cast-free"}),
    # 601.2b: X counted as the ability is activated
    ("Endurance Bobblehead", "Artifact — Bobblehead",
     "{3}, {T}: Up to X target creatures you control get +1/+0 and gain indestructible until end of turn, "
     "where X is the number of Bobbleheads you control as you activate this ability. Activate only as a "
     "sorcery.", "tail_where_on_activation", {"actions", "apply"}),
    # 106.6: a list of the mana's uses; "Un-costs" (an Un-card's own notion): produce shows the
    # restriction (un_cost), payment does not evaluate it: a note for actions and apply only
    ("Underdome", "Land",
     "{T}: Add one mana of any color. Spend this mana only to pay Un-costs.", "spend_to_pay",
     {"actions", "apply"}),
    # 602.5b: an activation condition comparing what two players control
    ("Isolated Watchtower", "Land",
     "{2}, {T}: Scry 1, then you may reveal the top card of your library. If a basic land card is revealed "
     "this way, put it onto the battlefield tapped. Activate only if an opponent controls at least two more "
     "lands than you.", "control_more", {"actions", "apply"}),
    # 903.8: the times the commander was cast from the command zone
    ("Study Hall", "Land",
     "{1}, {T}: Add one mana of any color. When you spend this mana to cast your commander, scry X, where X "
     "is the number of times it's been cast from the command zone this game.", "commander_casts",
     {"actions", "apply"}),
    # 603.4: an intervening "if" about what this ability did this turn, which the snapshot does not
    # record: both cases (kb/conditional_mana.lp, unrecorded), so the mana it adds counts in what the
    # enchantment could produce (106.7); what it does as it resolves is apply's
    ("Carpet of Flowers", "Enchantment",
     "At the beginning of each of your main phases, if you haven't added mana with this ability this turn, "
     "you may add X mana of any one color, where X is the number of Islands target opponent controls.",
     "added_mana_with_this", {"apply"}),
    # 702.167c: the cards exiled to craft it
    ("Sunbird Effigy", "Artifact Creature — Bird Construct",
     "{T}: For each color among the exiled cards used to craft this creature, add one mana of that color.",
     "used_to_craft", {"actions", "apply", "could-produce", "produce", "show"}),
    # 113.2c: two quoted abilities of a token
    ("Roxanne, Starfall Savant", "Legendary Creature — Cat Druid",
     'Whenever ~ enters or attacks, create a tapped colorless artifact token named Meteorite with "When this '
     'token enters, it deals 2 damage to any target" and "{T}: Add one mana of any color."', "with_quoted",
     {"apply"}),
])
def test_these_lines_parse_and_are_notes_for_what_they_change(name, type, text, kind, affects):
    assert kind in tree_kinds(parse_line(text.replace(name, "~")).ability)
    c = compiled(name, type, text)
    li = line(c, 1)
    assert li.parsed, li.line.error
    assert not li.modelled
    assert set(li.affects) == affects


def test_a_named_option_gives_its_ability_only_while_it_was_chosen():
    """Frontier Siege: the Khans trigger is had only if Khans was chosen (614.12): the ability is
    the permanent's while the chosen option is Khans (kb/gates.lp), never unconditionally."""
    c = compiled("Frontier Siege", "Enchantment", "As this enchantment enters, choose Khans or Dragons.\n"
                 "• Khans — At the beginning of each of your main phases, add {G}{G}.")
    assert facts(c, "ability_while") == ['ability_while(ab("Frontier Siege",2),chosen_option("Khans"),granted("Frontier Siege",2))']
    assert not [f for f in facts(c, "mana_option") + facts(c, "triggered") if 'ab("Frontier Siege",2)' in f]


def test_a_spend_list_keeps_the_uses_the_kb_reads():
    """Cultivator Drone: cast(colorless spell) or activate(ability of a colorless permanent), or a cost
    that contains {C} (cost_with_c, 107.4c): every use is one the KB reads."""
    c = compiled("Cultivator Drone", "Creature — Eldrazi Drone",
                 "{T}: Add {C}. Spend this mana only to cast a colorless spell, activate an ability of a colorless "
                 "permanent, or pay a cost that contains {C}.")
    assert facts(c, "mana_option") == ['mana_option(ab("Cultivator Drone",1),1,c,1)']
    assert facts(c, "mana_spend_restriction") == [
        'mana_spend_restriction(ab("Cultivator Drone",1),or(or(cast(status(colorless)),'
        'activate(status(colorless))),cost_with_c))']


METEOR_CRATER = {"name": "Meteor Crater", "type": "Land",
                 "text": "{T}: Choose a color of a permanent you control. Add one mana of that color."}


def crater_board(tmp_path, perms):
    snap = {"players": ["alice", "bob"], "active": "alice", "cards": [METEOR_CRATER],
            "battlefield": [dict(zip(("id", "card", "controller"), p)) for p in perms]}
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(snap))
    return str(p)


def test_meteor_crater_adds_a_color_of_a_permanent_you_control(tmp_path):
    """Meteor Crater (105.1, 608.2d): the color chosen is one a permanent you control has; the
    opponent's Birds of Paradise and your colorless Mountain give none."""
    s = crater_board(tmp_path, [("crater", "Meteor Crater", "alice"), ("elves", "Llanowar Elves", "alice"),
                                ("mountain", "Mountain", "alice"), ("birds", "Birds of Paradise", "bob")])
    code, out, err = run_cli(["could-produce", s, "--json"])
    assert (code, err) == (0, "")
    assert out["crater"] == ["G"]
    code, out, err = run_cli(["produce", s, "crater", "--json"])
    assert (code, err) == (0, "")
    assert out["amounts"] == [{"G": 1}]


def test_meteor_crater_adds_nothing_without_a_colored_permanent(tmp_path):
    """Ruling (Meteor Crater): if you control no colored permanents, its ability produces no mana
    (105.2c: lands are colorless; 106.5)."""
    s = crater_board(tmp_path, [("crater", "Meteor Crater", "alice"), ("mountain", "Mountain", "alice")])
    code, out, err = run_cli(["could-produce", s, "--json"])
    assert (code, err) == (0, "")
    assert out["crater"] == []


@pytest.mark.parametrize("text", [
    # a plural possessive ("opponents'") is no quote within a quote, even after "~'s"
    "~'s power and toughness are each equal to the number of cards in your opponents' graveyards.",  # Consuming Aberration
    "~'s power is equal to 1 plus the number of card types among cards in your opponents' graveyards.",  # Nighthawk Scavenger
])
def test_a_plural_possessive_is_not_a_quote(text):
    assert parse_line(text).parsed, parse_line(text).error
