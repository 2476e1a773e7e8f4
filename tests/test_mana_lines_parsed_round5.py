"""Lines of mana cards the grammar now parses (issue 11, "manalines", round 5). Each is a real
card's Oracle text; each test checks the node (or verb) the line is read as and the answers its
note is for: a line that cannot change what a permanent could produce or what tapping adds is no
note for could-produce / produce, one that could is."""

import pytest

from helpers import tree_kinds
import helpers
from pyengine.compiler import parse_line
from pyengine.compiler.lexer import literal_of

ALL = {"actions", "apply", "cast-free", "could-produce", "produce", "show", "untap"}


@pytest.mark.parametrize("name,type,text,kind,affects", [
    # 701.22 scry: "scries" is the -s form of "scry" (a verb ending in consonant + y)
    ("Kozilek's Command", "Kindred Instant — Eldrazi", "• Target player scries X, then draws a card.",
     "scry", {"apply", "cast-free"}),
    # 401.1: "the top card" of the library just named
    ("Urza, Lord High Artificer", "Legendary Creature — Human Artificer",
     "{5}: Shuffle your library, then exile the top card. Until end of turn, you may play that card without "
     "paying its mana cost.", "top_of_library", {"actions", "apply"}),
    # 608.2c: "up to two of them" (of the cards looked at)
    ("The Mana Rig", "Artifact",
     "{X}{X}{X}, {T}: Look at the top X cards of your library. Put up to two of them into your hand and the "
     "rest on the bottom of your library in a random order.", "up_to_of_them", {"actions", "apply"}),
    # 511.1: "At end of combat on your turn"
    ("Rose, Cutthroat Raider", "Legendary Creature — Human Pirate",
     "Raid — At end of combat on your turn, if you attacked this turn, create a Junk token for each opponent "
     "you attacked.", "time_point", {"apply"}),
    # 122.1: "two additional +1/+1 counters" (a delayed trigger after the mana: the mana is given)
    ("Yuna, Grand Summoner", "Legendary Creature — Human Cleric",
     "Grand Summon — {T}: Add one mana of any color. When you next cast a creature spell this turn, that "
     "creature enters with two additional +1/+1 counters on it.", "counter_quantity", {"actions", "apply"}),
    ("Runadi, Behemoth Caller", "Legendary Creature — Elf Shaman",
     "Whenever you cast a creature spell with mana value 5 or greater, that creature enters with X additional "
     "+1/+1 counters on it, where X is its mana value minus 4.", "counter_quantity", {"apply"}),
    # 122.1: "that number of +1/+1 counters"
    ("Yuna, Grand Summoner", "Legendary Creature — Human Cleric",
     "Whenever another permanent you control is put into a graveyard from the battlefield, if it had one or "
     "more counters on it, you may put that number of +1/+1 counters on target creature.", "put_counters",
     {"apply"}),
    # 608.2c: "If it's the second time, add ..." (a triggered ability: could-produce counts its mana)
    ("Omnath, Locus of Creation", "Legendary Creature — Elemental",
     "Landfall — Whenever a land you control enters, you gain 4 life if this is the first time this ability "
     "has resolved this turn. If it's the second time, add {R}{G}{W}{U}. If it's the third time, Omnath, "
     "Locus of Creation deals 4 damage to each opponent and each planeswalker you don't control.",
     "nth_resolution", {"apply"}),
    # 120.1: "if it hasn't dealt damage yet"
    ("Oyaminartok, Polar Werebear", "Legendary Creature — Human Werewolf",
     "Oyaminartok has hexproof if it hasn't dealt damage yet.", "past_event",
     {"actions", "apply", "cast-free", "show"}),
    # 122: a leading "for each <kind> counter on it,"
    ("Eumidian Hatchery", "Land",
     "When this land is put into a graveyard from the battlefield, for each hatchling counter on it, create a "
     "1/1 black Insect creature token with flying.", "lead_for_each_counter", {"apply"}),
    # 202.1: "with mana cost {0} or {1}"
    ("Urza's Saga", "Enchantment Land — Urza's Saga",
     "III — Search your library for an artifact card with mana cost {0} or {1}, put it onto the battlefield, "
     "then shuffle.", "with_mana_cost", {"apply"}),
    # 115.1: "each of up to two targets"
    ("Chandra, Hope's Beacon", "Legendary Planeswalker — Chandra",
     "[−X]: Chandra deals X damage to each of up to two targets.", "up_to_targets", {"actions", "apply"}),
    # 122.1: "they get a number of poison counters equal to the difference"
    ("Vraska, Betrayal's Sting", "Legendary Planeswalker — Vraska",
     "[−9]: If target player has fewer than nine poison counters, they get a number of poison counters equal "
     "to the difference.", "get_counters_equal", {"actions", "apply"}),
    # (208.1: Selvala, Eager Trailblazer's "for each different power among creatures you control" is
    # now carried out: tests/test_noted_mana_a.py)
    # (205.3m: Undercover Skrull's "... gets +2/+2 and is all creature types" is now carried out:
    # tests/test_noted_static.py)
    # 106.6: the spell named by a relative clause; the rider after the mana is no note for
    # could-produce (the mana of the ability is given)
    ("Path of Ancestry", "Land",
     "{T}: Add one mana of any color in your commander's color identity. When that mana is spent to cast a "
     "creature spell that shares a creature type with your commander, scry 1.", "spent_to_cast_rel",
     {"actions", "apply", "produce"}),
    # 605.1b: a triggered mana ability on adding mana: every answer
    ("Caged Sun", "Artifact",
     "Whenever a land's ability causes you to add one or more mana of the chosen color, add an additional one "
     "mana of that color.", "mana_one_or_more_chosen", ALL),
    # 601.2h: "three or more mana from creatures was spent to cast it"
    ("Inga and Esika", "Legendary Creature — Human Druid",
     "Whenever you cast a creature spell, if three or more mana from creatures was spent to cast it, draw a "
     "card.", "mana_from_spent", {"apply"}),
    # 702.142: "rather than once" (a rule the KB lacks: every answer)
    ("Birgi, God of Storytelling", "Legendary Creature — God",
     "Creatures you control can boast twice during each of your turns rather than once.",
     "tail_rather_than_once", {"actions", "apply"}),
    # 502.3: "During your next untap step, as you untap your permanents, ..."
    ("Undiscovered Paradise", "Land",
     "{T}: Add one mana of any color. During your next untap step, as you untap your permanents, return this "
     "land to its owner's hand.", "lead_during", {"actions", "apply"}),
    # (205.3m: White Lotus Tile's "the greatest number of creatures you control that have a creature
    # type in common" is now carried out: tests/test_noted_mana_a.py)
    # relative clauses of what happened this turn
    ("Wreck Hunter", "Artifact Creature — Robot",
     "When this creature enters, choose target player. You create a tapped Powerstone token for each nonland "
     "card in that player's graveyard that was put there from the battlefield this turn.",
     "rel_put_there_this_turn", {"apply"}),
    ("Azula, Ruthless Firebender", "Legendary Creature — Human Noble",
     "Whenever Azula attacks, you may discard a card. Then you get an experience counter for each player who "
     "discarded a card this turn.", "rel_discarded_this_turn", {"apply"}),
    # 106.6: "When you spend this mana to cast a spell or activate an ability, copy ..."
    ("Sunken Palace", "Land — Cave",
     "{1}{U}, {T}, Exile seven cards from your graveyard: Add {U}. When you spend this mana to cast a spell or "
     "activate an ability, copy that spell or ability. You may choose new targets for the copy.",
     "spend_clause", {"actions", "apply"}),
    # 106.4, 500.4: a player losing the mana in their pool; "the mana lost this way" (a spell)
    ("Drain Power", "Sorcery",
     "Target player activates a mana ability of each land they control. Then that player loses all unspent "
     "mana and you add the mana lost this way.", "lose_unspent_mana", {"apply", "cast-free"}),
    # 605.3a: "any time you could activate a mana ability," a permission of a spell
    ("Channel", "Sorcery",
     "Until end of turn, any time you could activate a mana ability, you may pay 1 life. If you do, add {C}.",
     "lead_any_time", {"apply", "cast-free"}),
    # 117.1: "Any time you could cast a sorcery, ..." as the first sentence of a static ability
    ("Talon Gates", "Land",
     "Any time you could cast a sorcery, you may exile a nonland card from your hand with X time counters on "
     "it, where X is its mana value. If the exiled card doesn't have suspend, it gains suspend.",
     "lead_any_time", None),
    # 105.1: "two mana of any one color and two mana of any other color" (a mode of a spell)
    ("Open the Omenpaths", "Instant",
     "• Add two mana of any one color and two mana of any other color. Spend this mana only to cast creature "
     "or enchantment spells.", "mana_two_colors", {"apply", "cast-free"}),
    # 706.2: "roll a d20 and add <amount>": the roll's result plus an amount, never mana
    ("Gale's Redirection", "Instant",
     "Exile target spell, then roll a d20 and add that spell's mana value.", "roll_plus", {"apply", "cast-free"}),
])
def test_these_lines_parse_and_are_notes_for_what_they_change(name, type, text, kind, affects):
    c = helpers.compiled(name, type, text)
    li = helpers.line_of(c, 1)
    assert li.parsed, li.line.error
    assert kind in tree_kinds(li.line.ability)
    assert not li.modelled
    if affects is not None:
        assert set(li.affects) == affects


def test_a_verb_in_ies_is_read_as_its_base_form():
    """"scries" is "scry" (701.22), "carries" no literal of the grammar."""
    assert literal_of("scries", {"scry"}) == "scry"
    assert literal_of("carries", {"scry"}) is None


def test_the_second_time_is_the_same_reading_as_this_is_the_second_time():
    """608.2c: "If it's the second time," and "If this is the second time this ability has
    resolved this turn," are one node (Omnath, Locus of Creation; Ashling, Flame Dancer)."""
    for text in ("If it's the second time, add {R}{G}{W}{U}.",
                 "If this is the second time this ability has resolved this turn, add {R}{G}{W}{U}."):
        assert "nth_resolution" in tree_kinds(parse_line(text).ability)


def test_a_roll_plus_an_amount_adds_no_mana():
    """706.2 (Diviner's Portent): "Roll a d20 and add the number of cards in your hand." adds to the
    result of the roll: no add-mana verb in the line."""
    kinds = tree_kinds(parse_line("Roll a d20 and add the number of cards in your hand.").ability)
    assert "roll_plus" in kinds and "add_mana" not in kinds


@pytest.mark.parametrize("text,parsed", [
    # Runadi, Behemoth Caller: "X additional +1/+1 counters"
    ("~ enters with two additional +1/+1 counters on it.", True),
    # a status word other than "additional" is no quantity of counters
    ("~ enters with two tapped +1/+1 counters on it.", False),
    # "additional" of other objects is read as before (Summer Bloom, Well of Ideas)
    ("You may play up to three additional lands this turn.", True),
    ("At the beginning of your draw step, draw two additional cards.", True),
])
def test_only_additional_counters_are_read_after_enters_with(text, parsed):
    assert parse_line(text).parsed is parsed


def test_if_you_discarded_a_card_this_turn_stays_a_clause():
    """Ragged Recluse: "if you discarded a card this turn" is a condition, while "who discarded a card
    this turn" (Azula, Ruthless Firebender) is a relative clause."""
    assert "rel_discarded_this_turn" not in tree_kinds(parse_line(
        "At the beginning of your end step, if you discarded a card this turn, transform this creature.").ability)
