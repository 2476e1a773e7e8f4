"""More terms of the spend restriction language (106.6; docs/compiler.md, "Spend restriction
terms"): each wording is a real card's Oracle line, read as a term the KB evaluates where the
mana is spent (`pay --for`, the casts of `actions`). The mana is allowed, refused, or "not
modelled" (payable null) when the snapshot does not say what the KB would need: never a wrong
"can't pay"."""

import pytest

import helpers
from pyengine.terms import render
from helpers import snapshot_file

compiled = helpers.compiled
facts = helpers.facts_of

BEARS = {"name": "Grizzly Bears", "type": "Creature — Bear", "mana_cost": "{1}{G}", "power": "2", "toughness": "2"}
ELVES = {"name": "Llanowar Elves", "type": "Creature — Elf Druid", "mana_cost": "{G}", "power": "1", "toughness": "1",
         "text": "{T}: Add {G}."}
DREADMAW = {"name": "Colossal Dreadmaw", "type": "Creature — Dinosaur", "mana_cost": "{4}{G}{G}", "power": "6",
            "toughness": "6", "text": "Trample"}
BLAZE = {"name": "Blaze", "type": "Sorcery", "mana_cost": "{X}{R}", "text": "Blaze deals X damage to any target."}
LOOTING = {"name": "Faithless Looting", "type": "Sorcery", "mana_cost": "{R}",
           "text": "Draw two cards, then discard two cards.\nFlashback {2}{R}"}
SHOCK = {"name": "Shock", "type": "Instant", "mana_cost": "{R}", "text": "Shock deals 2 damage to any target."}
BONESPLITTER = {"name": "Bonesplitter", "type": "Artifact — Equipment", "mana_cost": "{1}",
                "text": "Equipped creature gets +2/+0.\nEquip {1}"}
PACIFISM = {"name": "Pacifism", "type": "Enchantment — Aura", "mana_cost": "{1}{W}",
            "text": "Enchant creature\nEnchanted creature can't attack or block."}
# an Assassin spell, and a spell with freerunning that is no Assassin
ASSASSIN = {"name": "Mary Read and Anne Bonny", "type": "Legendary Creature — Human Assassin Pirate",
            "mana_cost": "{2}{B}{R}", "power": "4", "toughness": "4"}
FREERUN = {"name": "Overpowering Attack", "type": "Instant", "mana_cost": "{1}{R}",
           "text": "Freerunning {R}\nTarget creature gets +2/+0 until end of turn."}

TROYAN = {"name": "Troyan, Gutsy Explorer", "type": "Legendary Creature — Vedalken Scout", "mana_cost": "{1}{G}{U}",
          "power": "1", "toughness": "3",
          "text": "{T}: Add {G}{U}. Spend this mana only to cast spells with mana value 5 or greater or spells "
                  "with {X} in their mana costs."}
ALTAR = {"name": "Altar of the Lost", "type": "Artifact", "mana_cost": "{3}",
         "text": "This artifact enters tapped.\n{T}: Add two mana in any combination of colors. Spend this mana only "
                 "to cast spells with flashback from a graveyard."}
JASMINE = {"name": "Jasmine Boreal of the Seven", "type": "Legendary Creature — Human Druid", "mana_cost": "{3}{G}{W}",
           "power": "4", "toughness": "5",
           "text": "{T}: Add {G}{W}. Spend this mana only to cast creature spells with no abilities."}
HQ = {"name": "Brotherhood Headquarters", "type": "Land",
      "text": "{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to cast an Assassin spell or a "
              "spell that has freerunning, or to activate an ability of an Assassin source."}
GOSSIP = {"name": "Tin Street Gossip", "type": "Creature — Lizard Advisor", "mana_cost": "{1}{R}{G}", "power": "2",
          "toughness": "2",
          "text": "Vigilance\n{T}: Add {R}{G}. Spend this mana only to cast face-down spells or to turn creatures "
                  "face up."}
FREYA = {"name": "Freya Crescent", "type": "Legendary Creature — Rat Knight", "mana_cost": "{R}", "power": "1",
         "toughness": "1",
         "text": "{T}: Add {R}. Spend this mana only to cast an Equipment spell or activate an equip ability."}
PEEPER = {"name": "Creeping Peeper", "type": "Creature — Eye", "mana_cost": "{1}{U}", "power": "2", "toughness": "1",
          "text": "{T}: Add {U}. Spend this mana only to cast an enchantment spell, unlock a door, or turn a "
                  "permanent face up."}
OBSERVER = {"name": "Unblinking Observer", "type": "Creature — Homunculus", "mana_cost": "{1}{U}", "power": "1",
            "toughness": "3",
            "text": "{T}: Add {U}. Spend this mana only to pay a disturb cost or cast an instant or sorcery spell."}
DRONE = {"name": "Cultivator Drone", "type": "Creature — Eldrazi Drone", "mana_cost": "{2}{U}", "power": "1",
         "toughness": "3",
         "text": "Devoid\n{T}: Add {C}. Spend this mana only to cast a colorless spell, activate an ability of a "
                 "colorless permanent, or pay a cost that contains {C}."}
RETREAT_LINE = ('Enchanted land has "{T}: Add two mana of any one color. Spend this mana only to cast outlaw spells '
                'or activate abilities of outlaw sources."')


def board(tmp_path, source, hand, cards, extra=()):
    """SOURCE (a card dict) on alice's battlefield (with EXTRA lands), HAND in her hand."""
    snap = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main",
            "cards": [source] + list(cards),
            "battlefield": [{"id": "src", "card": source["name"], "controller": "alice"}]
            + [{"id": f"land{i}", "card": c, "controller": "alice"} for i, c in enumerate(extra)],
            "hand": {"alice": list(hand)}}
    return snapshot_file(tmp_path, snap)


def payable(s, cost, card):
    """The `payable` of `pay COST --for CARD` (notes of the cards' other lines may be printed)."""
    code, out, _ = helpers.run_cli(["pay", s, cost, "--for", card, "--json"])
    assert code == 0
    return out["payable"]


def restriction(card, index):
    c = compiled(card["name"], card["type"], card["text"])
    li = helpers.line_of(c, index)
    assert li.parsed and li.modelled and not li.affects, li.affects
    [term] = [f[2] for f in c.facts if f[0] == "mana_spend_restriction"]
    return render(term)


def test_mana_value_n_or_greater(tmp_path):
    """Troyan, Gutsy Explorer: "spells with mana value 5 or greater or spells with {X} in their mana
    costs" (202.3): Colossal Dreadmaw (mana value 6) may use its {G}{U}, Grizzly Bears (2) not, Blaze
    ({X}{R}: 107.3) may."""
    assert restriction(TROYAN, 1) == "or(cast(mana_value(ge,5)),cast(x_cost))"
    s = board(tmp_path, TROYAN, ["Colossal Dreadmaw", "Grizzly Bears", "Blaze"], [DREADMAW, BEARS, BLAZE],
              ["Forest"] * 4)
    assert payable(s, "{4}{G}{G}", "Colossal Dreadmaw") is True     # {G}{U} + four Forests
    s = board(tmp_path, TROYAN, ["Grizzly Bears", "Blaze"], [BEARS, BLAZE])
    assert payable(s, "{1}{G}", "Grizzly Bears") is False
    assert payable(s, "{1}{R}", "Blaze") is False                   # {G}{U} pays no {R}
    assert payable(s, "{2}", "Blaze") is True                       # X = 2, say


def test_a_spell_with_flashback_from_a_graveyard(tmp_path):
    """Altar of the Lost: "spells with flashback from a graveyard" (702.34a): Faithless Looting cast
    from the hand may not use its mana; from elsewhere (--for a card not in the hand) the KB does not
    know how it is cast: not modelled, never refused."""
    assert restriction(ALTAR, 2) == "cast(and(printed_keyword(flashback),cast_from(graveyard)))"
    s = board(tmp_path, ALTAR, ["Faithless Looting"], [LOOTING])
    assert payable(s, "{R}", "Faithless Looting") is False
    s = board(tmp_path, ALTAR, [], [LOOTING])
    assert payable(s, "{2}{R}", "Faithless Looting") is None


def test_creature_spells_with_no_abilities(tmp_path):
    """Jasmine Boreal of the Seven: "creature spells with no abilities" (113.1): Grizzly Bears has none,
    Llanowar Elves has a mana ability, Colossal Dreadmaw trample (702.19)."""
    assert restriction(JASMINE, 1) == "cast(and(creature,no_abilities))"
    s = board(tmp_path, JASMINE, ["Grizzly Bears", "Llanowar Elves"], [BEARS, ELVES], ["Forest"])
    assert payable(s, "{G}{W}", "Grizzly Bears") is True            # Jasmine's {G}{W}
    assert payable(s, "{G}", "Llanowar Elves") is True              # the Forest pays it
    assert payable(s, "{G}{G}", "Llanowar Elves") is False          # Jasmine's {G} may not pay the other
    s = board(tmp_path, JASMINE, ["Colossal Dreadmaw"], [DREADMAW], ["Forest"] * 4)
    assert payable(s, "{4}{G}{G}", "Colossal Dreadmaw") is False


def test_an_assassin_spell_or_a_spell_that_has_freerunning(tmp_path):
    """Brotherhood Headquarters (702.173a): an Assassin spell, or one with freerunning printed, may use
    the mana; for any other spell the KB cannot tell (an effect could grant freerunning): not
    modelled."""
    assert restriction(HQ, 2) == 'or(cast(or(subtype("Assassin"),printed_keyword(freerunning))),' \
                                 'activate(subtype("Assassin")))'
    s = board(tmp_path, HQ, ["Mary Read and Anne Bonny", "Overpowering Attack", "Shock"], [ASSASSIN, FREERUN, SHOCK],
              ["Mountain"] * 3)
    assert payable(s, "{B}", "Mary Read and Anne Bonny") is True
    assert payable(s, "{R}{R}", "Overpowering Attack") is True       # one Mountain, HQ's red
    assert payable(s, "{B}", "Shock") is None


def test_face_down_spells_or_turning_creatures_face_up(tmp_path):
    """Tin Street Gossip: "cast face-down spells or to turn creatures face up" (708.2, 702.37e): a
    spell with a face is cast face up, and casting is not turning face up: Grizzly Bears may not
    use its mana."""
    assert restriction(GOSSIP, 2) == "or(cast(status(face_down)),turn_face_up)"
    s = board(tmp_path, GOSSIP, ["Grizzly Bears"], [BEARS])
    assert payable(s, "{1}{G}", "Grizzly Bears") is False
    assert payable(s, "{G}", "Grizzly Bears") is False


def test_an_equip_ability(tmp_path):
    """Freya Crescent: "cast an Equipment spell or activate an equip ability" (702.6a): Bonesplitter
    yes, Grizzly Bears no."""
    assert restriction(FREYA, 1) == 'or(cast(subtype("Equipment")),activate_keyword(equip))'
    s = board(tmp_path, FREYA, ["Bonesplitter", "Grizzly Bears"], [BONESPLITTER, BEARS])
    assert payable(s, "{1}", "Bonesplitter") is True
    assert payable(s, "{1}", "Grizzly Bears") is False


def test_unlocking_a_door(tmp_path):
    """Creeping Peeper: "cast an enchantment spell, unlock a door, or turn a permanent face up"
    (709.5e: unlocking is a special action, no spell): Pacifism yes, Grizzly Bears no."""
    assert restriction(PEEPER, 1) == "or(or(cast(enchantment),unlock_door),turn_face_up)"
    s = board(tmp_path, PEEPER, ["Pacifism", "Grizzly Bears"], [PACIFISM, BEARS], ["Plains"])
    assert payable(s, "{1}{W}", "Pacifism") is True
    assert payable(s, "{1}{G}", "Grizzly Bears") is False


def test_a_disturb_cost(tmp_path):
    """Unblinking Observer: "pay a disturb cost or cast an instant or sorcery spell" (702.146a: a
    disturb cost casts the card from a graveyard): Shock yes; Grizzly Bears from the hand no; a card
    named by --for that is not in the hand might be cast for its disturb cost: not modelled."""
    assert restriction(OBSERVER, 1) == "or(pay_cost(disturb),cast(or(instant,sorcery)))"
    s = board(tmp_path, OBSERVER, ["Shock", "Grizzly Bears"], [SHOCK, BEARS])
    assert payable(s, "{1}", "Shock") is True
    assert payable(s, "{1}", "Grizzly Bears") is False
    s = board(tmp_path, OBSERVER, [], [BEARS])
    assert payable(s, "{1}", "Grizzly Bears") is None


def test_a_cost_that_contains_colorless_mana(tmp_path):
    """Cultivator Drone: "cast a colorless spell, activate an ability of a colorless permanent, or pay a
    cost that contains {C}" (107.4c): Grizzly Bears ({1}{G}) is green and its cost has no {C}."""
    restriction(DRONE, 2)               # modelled: the term is tested by test_mana_lines_parsed_round4
    s = board(tmp_path, DRONE, ["Grizzly Bears"], [BEARS], ["Forest"])
    assert payable(s, "{1}{G}", "Grizzly Bears") is False


def test_outlaw_spells_and_sources():
    """Discreet Retreat (700.12: an outlaw is an Assassin, Mercenary, Pirate, Rogue or Warlock): the
    granted ability's restriction is modelled."""
    c = compiled("Discreet Retreat", "Enchantment — Aura", "Enchant land\n" + RETREAT_LINE)
    outlaw = ('or(or(or(or(subtype("Assassin"),subtype("Mercenary")),subtype("Pirate")),subtype("Rogue")),'
              'subtype("Warlock"))')
    assert facts(c, "mana_spend_restriction") == [
        f'mana_spend_restriction(granted("Discreet Retreat",2),or(cast({outlaw}),activate({outlaw})))']


@pytest.mark.parametrize("name,type,text,kind,term", [
    # 708.2, 701.40b, 702.37e: three uses, none a spell with a face
    ("Qarsi Deceiver", "Creature — Snake Wizard",
     "{T}: Add {C}. Spend this mana only to cast a face-down creature spell, pay a mana cost to turn a manifested "
     "creature face up, or pay a morph cost.", "spend_to_pay_turn_face_up",
     "or(or(cast(and(creature,status(face_down))),turn_manifested_face_up),pay_cost(morph))"),
    # 107.3: "a spell that's one or more colors without {X} in its mana cost"
    ("Titans' Nest", "Enchantment",
     "{T}: Add {C}. Spend this mana only to cast a spell that's one or more colors without {X} in its mana cost.",
     "without_q", "cast(and(non(status(colorless)),non(x_cost)))"),
    # 709.5e: "and" lists uses too (Smoky Lounge's Room spells and doors)
    ("Test Room Land", "Land",
     "{T}: Add {R}{R}. Spend this mana only to cast Room spells and unlock doors.", "spend_to_unlock",
     'or(cast(subtype("Room")),unlock_door)'),
])
def test_these_wordings_read_as_terms(name, type, text, kind, term):
    helpers.assert_parses_to(text, kind)
    c = compiled(name, type, text)
    assert [render(f[2]) for f in c.facts if f[0] == "mana_spend_restriction"] == [term]


def test_printed_keywords_the_kb_does_not_carry_out_are_facts_of_the_face():
    """702.1: Grapeshot has storm printed (card_keyword); Colossal Dreadmaw's trample and Faithless
    Looting's flashback (kb/graveyard_casting.lp) are keyword facts of their abilities (no card_keyword)."""
    c = compiled("Grapeshot", "Sorcery", "Grapeshot deals 1 damage to any target.\nStorm (When you cast this "
                 "spell, copy it for each spell cast before it this turn. You may choose new targets for the copies.)")
    assert facts(c, "card_keyword") == ['card_keyword("Grapeshot",storm)']
    c = compiled(LOOTING["name"], LOOTING["type"], LOOTING["text"])
    assert facts(c, "card_keyword") == [] and facts(c, "keyword") == ['keyword(ab("Faithless Looting",2),flashback)']
    c = compiled(DREADMAW["name"], DREADMAW["type"], DREADMAW["text"])
    assert facts(c, "card_keyword") == [] and facts(c, "keyword") == ['keyword(ab("Colossal Dreadmaw",1),trample)']
