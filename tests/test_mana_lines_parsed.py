"""Lines of mana cards the grammar now parses (issue 11, "manaparse"): each is a real card's Oracle
text. Parsing is not modelling: what the KB does not carry out stays a note, but a precise one,
for the answers it could change, and the mana the KB does carry out is given (or, where another
player adds it, withheld). The golden files of tests/golden/mana_lines_parsed/ hold more.
"""

import pytest

import helpers


compiled = helpers.compiled
line = helpers.line_of
facts = helpers.facts_of


@pytest.mark.parametrize("name,type,text,index", [
    # 500.4 / 106.4: mana that does not empty from the pool; "that player adds" (not you)
    ("Shizuko, Caller of Autumn", "Legendary Creature — Snake Shaman",
     "At the beginning of each player's upkeep, that player adds {G}{G}{G}. Until end of turn, they don't lose "
     "this mana as steps and phases end.", 1),
    # 603.7: a delayed instruction to add mana
    ("Conduit of Emrakul", "Creature — Eldrazi Werewolf",
     "Whenever this creature attacks, add {C}{C} at the beginning of your next main phase this turn.", 1),
    # 106.6: a restriction phrased as what the mana can't be spent on
    ("Thran Turbine", "Artifact",
     "At the beginning of your upkeep, you may add {C}{C}. You can't spend this mana to cast spells.", 1),
    # 602.5b: what the player did earlier this turn
    ("Minas Tirith", "Legendary Land",
     "{1}{W}, {T}: Draw a card. Activate only if you attacked with two or more creatures this turn.", 1),
    # 601.2h: the mana that paid a spell
    ("Hired Hexblade", "Creature — Elf Rogue",
     "When this creature enters, if mana from a Treasure was spent to cast it, you draw a card and you lose "
     "1 life.", 1),
    ("The Myriad Pools", "Legendary Land",
     "Whenever you cast a permanent spell using mana produced by The Myriad Pools, up to one other target "
     "permanent you control becomes a copy of that spell until end of turn.", 1),
    # 205.3m / 702.73a: every creature type
    ("Soulstone Sanctuary", "Land",
     "{4}: This land becomes a 3/3 creature with vigilance and all creature types. It's still a land.", 1),
    # 402: an exact number of cards in hand
    ("Magus of the Library", "Creature — Human Wizard",
     "{T}: Draw a card. Activate only if you have exactly seven cards in hand.", 1),
])
def test_these_wordings_parse_and_stay_notes(name, type, text, index):
    c = compiled(name, type, text)
    li = line(c, index)
    assert li.parsed, li.line.error
    assert not li.modelled
    assert li.affects                                   # a note for the answers it could change


def test_a_creature_land_with_all_creature_types_is_a_note_only_where_activating_it_matters():
    """Mutavault's {1} ability (613.1d: a type-changing effect) is not carried out: a note for
    actions and apply; its {T}: Add {C} is modelled, so could-produce and produce need no note."""
    c = compiled("Mutavault", "Land", "{T}: Add {C}.\n{1}: This land becomes a 2/2 creature with all creature "
                 "types until end of turn. It's still a land.")
    assert line(c, 1).modelled
    assert line(c, 2).parsed and sorted(line(c, 2).affects) == ["actions", "apply"]
    assert facts(c, "mana_option") == ['mana_option(ab("Mutavault",1),1,c,1)']


def test_mana_another_player_adds_is_not_the_controllers():
    """Spectral Searchlight: the chosen player adds the mana and chooses its color (106.3). Its
    controller may choose themselves, so the mana is what it could produce (106.7, mana_option), but
    choosing another player adds nothing to its controller's pool: produce lists that outcome too (no
    mana, 608.2d), and the other player's pool is apply's: a note for apply only."""
    c = compiled("Spectral Searchlight", "Artifact",
                 "{T}: Choose a player. That player adds one mana of any color they choose.")
    li = line(c, 1)
    assert li.parsed and not li.modelled
    assert set(li.affects) == {"apply"}
    assert len(facts(c, "mana_option")) == 5


@pytest.mark.parametrize("text,term", [
    ("{T}: Add two mana of any one color. Spend this mana only to turn permanents face up.", "turn_face_up"),
    ("{T}: Add {U} or {C}{U}. Spend this mana only to pay cumulative upkeep costs.", "upkeep"),
    ("{T}: Add {G}{U}. Spend this mana only to cast spells with {X} in their mana costs.", "cast(x_cost)"),
])
def test_restrictions_of_the_language_are_modelled(text, term):
    """106.6: the mana is given (could-produce is exact) and its restriction is a term of
    docs/compiler.md that payment honours (kb/spend_restrictions.lp): the line is modelled, no note."""
    c = compiled("Test Card", "Creature — Elf", text)
    li = line(c, 1)
    assert li.parsed and li.modelled and not li.affects
    assert facts(c, "mana_option")
    assert facts(c, "mana_spend_restriction") == \
        [f'mana_spend_restriction(ab("Test Card",1),{term})']


def test_a_restriction_payment_cannot_evaluate_is_a_note_for_paying():
    """Jeweled Lotus: "Spend this mana only to cast your commander": produce shows the restriction
    exactly (cast(commander), 903.3d), but which card is a player's commander (903.3) is not in a
    snapshot: the mana is given, the line is a note for the answers that spend mana only, never for
    could-produce or produce."""
    c = compiled("Test Card", "Artifact",
                 "{T}, Sacrifice this artifact: Add three mana of any one color. Spend this mana only to cast "
                 "your commander.")
    li = line(c, 1)
    assert li.parsed and not li.modelled
    assert set(li.affects) == {"actions", "apply"}
    assert facts(c, "mana_option")
    assert facts(c, "mana_spend_restriction") == ['mana_spend_restriction(ab("Test Card",1),cast(commander))']
