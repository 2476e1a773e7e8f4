"""Wordings of triggered abilities and of mana cards' lines the grammar reads (issue 11,
"parseA": the lines of mana cards, and the lines that start with When/Whenever/At).

Each wording is real Oracle text (the card is named in a comment); the test checks it parses to
the node the rules give it and, where the KB does not carry it out, that the line stays a note
for exactly the answers it could change. A last group checks that no new word of the grammar
takes words that other rules read (the lexer's literals, docs/compiler.md).
"""

import pytest

from pyengine.compiler import compile_text, parse_line

from helpers import assert_parses_to


@pytest.mark.parametrize("text, kind", [
    # 613.4b: base power and toughness
    ("Whenever this creature attacks, if you attacked with exactly one other creature this combat, you may "
     "have that creature's base power and toughness become 4/3 until end of turn.", "base_pt_np"),  # Creepy Puppeteer
    ("Whenever another colorless creature you control enters, you may change this creature's base power and "
     "toughness to that creature's power and toughness until end of turn.", "change_base_pt"),     # Eldrazi Mimic
    ("Whenever ~ attacks, you may have the base power and toughness of other creatures you control become "
     "equal to ~'s power and toughness until end of turn.", "become_equal"),                      # Tanazir Quandrix
    # 613.4d
    ("At the beginning of combat on your turn, switch the power and toughness of each of any number of "
     "target creatures until end of turn.", "switch_pt"),                                         # Inversion Behemoth
    # 201.2: names
    ("At the beginning of your upkeep, create a token that's a copy of enchanted artifact. Then if you "
     "control eight or more artifacts with the same name as one another, you win the game.",
     "with_same_name"),                                                                           # Mechanized Production
    ("Whenever a nontoken creature you control enters, if it doesn't have the same name as another creature "
     "you control or a creature card in your graveyard, draw a card.", "have_same_name"),          # Guardian Project
    # 707.9b: a copy with another name
    ("Whenever this creature attacks, you may have it become a copy of another target Dinosaur you control, "
     "except its name is ~ and it has this ability.", "name_is"),                                 # Sunfrill Imitator
    # 701.54: the Ring tempts you
    ("Whenever the Ring tempts you, if you chose a creature other than ~ as your Ring-bearer, draw a card.",
     "past_clause"),                                                                              # Gandalf, Friend of the Shire
    # 107.1a: halves, rounded as the sentence says
    ("When you cast this spell, any player may pay half their life, rounded up. If a player does, counter ~.",
     "pay"),                                                                                      # Temporal Extortion
])
def test_characteristics_names_and_halves(text, kind):
    assert_parses_to(text, kind)


@pytest.mark.parametrize("text, kind", [
    # 603.2: one trigger, two events, the second subject inside the first object list
    ("Whenever you cast a black spell or a Swamp you control enters, you gain 1 life.",
     "cast_or_enters"),                                                                           # Staff of the Death Magus
    # 122.1: kinds of counters
    ("When this creature enters, for each kind of counter on target permanent, put another counter of that "
     "kind on it or remove one from it.", "lead_for_each_kind"),                                  # Quarry Hauler
    ("Whenever a creature you control deals combat damage to an opponent, put a point counter on this "
     "artifact. Then if it has ten or more point counters on it, remove them all and that player loses the "
     "game.", "remove_counters"),                                                                 # Strixhaven Stadium
    # 101.4
    ("At the beginning of your second main phase, the player to your left gains control of ~.",
     "player_to_side"),                                                                           # Elusen, the Giving
    # 702.41
    ("[+1]: The next spell you cast this turn has affinity for artifacts.", "have_affinity"),    # Saheeli, the Gifted
    ("At the beginning of your upkeep, destroy target nonland permanent with the lowest mana value.",
     "with_least"),                                                                               # Culling Scales
    # 107.14
    ("When this creature dies, you may pay an amount of {E} equal to target nonland permanent's mana value. "
     "When you do, destroy that permanent.", "pay"),                                              # Behemoth of Vault 0
    # repeated actions
    ("Whenever you investigate for the first time each turn, investigate an additional time.", "tail_again"),  # Erdwal Illuminator
    ("When ~ dies, proliferate, then proliferate again.", "tail_again"),                          # Roalesk, Apex Hybrid
    # 705.3
    ("Warp Vortex — When this creature enters, flip a coin for each opponent you have. For each flip you "
     "win, draw a card. For each flip you lose, this creature deals 3 damage to that player.",
     "lead_for_each_flip"),                                                                       # Mutalith Vortex Beast
    ("When this creature enters, draw three cards, then discard two cards at random. If two cards that share "
     "a card type are discarded this way, put two +1/+1 counters on this creature.", "rel_share"),  # Rowdy Crew
    # 603.4: what a player did earlier
    ("At the beginning of each end step, if you cycled two or more cards this turn, return this card from "
     "your graveyard to your hand.", "past_clause"),                                              # Spellpyre Phoenix
    ("At the beginning of your upkeep, if you drew a card last turn, abandon this scheme.", "past_clause"),  # Mine Is the Only Truth
    ("At the beginning of your end step, put a soul counter on this Equipment for each player who lost life "
     "this turn.", "rel_lost_life"),                                                              # Reaper's Scythe
    # Alchemy
    ("At the beginning of your upkeep, sacrifice ~ unless you discard a card. If you discard a card this "
     "way, ~ intensifies by 1.", "intensifies"),                                                  # Great Desert Hellion
    ("When ~ leaves the battlefield, you may discard your hand. If you do, draw cards equal to ~'s "
     "intensity.", "intensity"),                                                                  # Great Desert Hellion
    ("When ~ enters, you may choose a creature card in your hand. If you do, that card perpetually "
     "incorporates {1}{G} and gets +4/+4.", "incorporates"),                                      # Guildpact Greenwalker
    ("When this creature enters, conjure a card named Flametongue Kavu into the top eight cards of your "
     "library at random.", "conjure"),                                                            # Mine Security
])
def test_triggered_wordings(text, kind):
    assert_parses_to(text, kind)


@pytest.mark.parametrize("text, kind", [
    # lines of mana cards
    ("Other creatures you control enter with an additional +1/+1 counter on them for each mana from a "
     "Treasure spent to cast them.", "mana_from_spent_np"),                                       # Kalain, Reclusive Painter
    ("As this land enters, you may reveal a Dragon card from your hand. This land enters tapped unless you "
     "revealed a Dragon card this way or you control a Dragon.", "past_clause"),                  # Temple of the Dragon Queen
    ("Each other Angel you control enters with an additional +1/+1 counter on it for each Angel you already "
     "control.", "controls_phrase"),                                                              # Giada, Font of Hope
    ("{2}, {T}, Sacrifice this land: Search your library for up to two basic land cards that share a land "
     "type, put them onto the battlefield tapped, then shuffle.", "rel_share"),                   # Myriad Landscape
    ("{T}: Add {R}. Spend this mana only to cast an Equipment spell or activate an equip ability.",
     "keyword_ability"),                                                                          # Freya Crescent
    ("{T}: Add {U}. Spend this mana only to pay a disturb cost or cast an instant or sorcery spell.",
     "spend_to_pay"),                                                                             # Unblinking Observer
])
def test_mana_card_lines(text, kind):
    assert_parses_to(text, kind)


@pytest.mark.parametrize("text, type_line, affects", [
    # a triggered ability that adds no mana and is no mana ability (605.1b): what follows only
    ("Whenever you cast a black spell or a Swamp you control enters, you gain 1 life.", "Artifact", {"apply"}),
    ("At the beginning of your upkeep, destroy target nonland permanent with the lowest mana value.",
     "Enchantment", {"apply"}),
    # 106.6: a spending rule payment does not evaluate (produce shows it: un_cost) is a note for paying;
    # never for what the permanent could produce (Underdome)
    ("{T}: Add one mana of any color. Spend this mana only to pay Un-costs.",
     "Land", {"actions", "apply"}),
])
def test_parsed_lines_stay_notes(text, type_line, affects):
    (li,) = compile_text(text, "X", type_line)
    assert li.parsed and not li.modelled
    assert set(li.affects) == affects


@pytest.mark.parametrize("text", [
    # a keyword's name is also a counter's kind ("a plot counter") and an ability's ("Ward abilities")
    "{2}: Put a plot counter on this enchantment. Any player may activate this ability.",
    "Creatures your opponents control can be the targets of spells and abilities as though they didn't have "
    "hexproof. Ward abilities of those creatures don't trigger.",
    # "lost life" is two words other rules read one by one
    "At the beginning of your end step, if an opponent lost life this turn, put a +1/+1 counter on this creature.",
    # "third time this ability has resolved" (parseother) is not taken apart
    "{R}: Target creature you control gains trample until end of turn. If this is the third time this ability "
    "has resolved this turn, add {R}{R}{R}{R}.",
    # "additional", "chosen at random", "Ring-bearer" and "cards" stay words of their own phrases
    "At the beginning of your draw step, draw two additional cards.",
    "{T}: This creature deals 2 damage to any target chosen at random.",
    "As long as ~ is your Ring-bearer, it must be blocked if able.",
    "Whenever ~ attacks, exile the top five cards of your library.",
    "When ~ enters the battlefield, conjure the Power Nine into your library, then shuffle.",
])
def test_new_words_take_nothing_from_other_rules(text):
    assert parse_line(text).parsed, parse_line(text).error
