"""Lines of mana cards (names M-Z) the grammar now parses (issue 11, "manaunp_b", round 6). Each
is a real card's Oracle text; each test checks the node (or verb, or keyword) the line is read as
and the answers its note is for: a line that cannot change what a permanent could produce or what
tapping it adds (a spell's instruction, a trigger that adds no mana, an activated ability that adds
no mana, a keyword of the graveyard) is no note for could-produce / produce."""

import pytest

import helpers
from pyengine.compiler import ir
from pyengine.compiler.text import names_of, normalise

SPELL = {"apply", "cast-free"}
ACTIVATED = {"actions", "apply"}
KEYWORD = {"actions", "apply", "cast-free", "show"}


@pytest.mark.parametrize("name,type,text,kind,affects", [
    # 810.1: a team of players: "Your team may sacrifice ..."
    ("Organ Harvest", "Sorcery",
     "Your team may sacrifice any number of creatures. For each creature sacrificed this way, you add {B}{B}.",
     "your_team", SPELL),
    # 202.3: "their total mana value" (summed over the cards just named); 721.2a / 706.2 threshold
    ("Song of Inspiration", "Instant",
     "15+ | Return those cards to your hand. You gain life equal to their total mana value.",
     "total_stat_of", SPELL),
    # 110.2: returned under an opponent's control (a mode of a triggered ability)
    ("Zuko, Conflicted", "Legendary Creature — Human Rogue",
     "• Exile Zuko, then return him to the battlefield under an opponent's control.",
     "mod_under_opponent_control", ACTIVATED),
    # 400.11a: cards you own outside the game
    ("Spawnsire of Ulamog", "Creature — Eldrazi",
     "{20}: Cast any number of Eldrazi spells from among cards you own outside the game without paying "
     "their mana costs.", "owns_phrase", ACTIVATED),
    # a creature type shared with a card in a zone (a trigger on casting: apply only)
    ("Menagerie Curator", "Creature — Human Citizen",
     "Whenever you cast a creature spell that doesn't share a creature type with a creature card in your "
     "library, draw a card.", "share_in_zone", {"apply"}),
    # 603.4: "if ~ started the turn untapped"; 201.5c: "Rasputin" is the card's shortened name
    ("Rasputin Dreamweaver", "Legendary Creature — Human Wizard",
     "At the beginning of your upkeep, if Rasputin started the turn untapped, put a dream counter on it.",
     "started_turn_status", {"apply"}),
    # 602.5b: an activation restriction on damage dealt this turn
    ("Temple of Power", "Land",
     "{2}{R}, {T}: Transform this land. Activate only if red sources you controlled dealt 4 or more noncombat "
     "damage this turn and only as a sorcery.", "dealt_at_least_this_turn", ACTIVATED),
    # 603.7: a delayed trigger on the next activation
    ("Pit Automaton", "Artifact Creature — Construct",
     "{2}, {T}: When you next activate an exhaust ability that isn't a mana ability this turn, copy it. You "
     "may choose new targets for the copy.", "activates_phrase", ACTIVATED),
    # 401.4: put into a library beneath the top X cards
    ("Underdark Rift", "Land",
     "{5}, {T}, Exile this land: Roll a d10. Put target artifact, creature, or planeswalker into its owner's "
     "library just beneath the top X cards of that library, where X is the result. Activate only as a "
     "sorcery.", "mod_beneath_top", ACTIVATED),
    # 103.5: an ability used while taking mulligans
    ("Serum Powder", "Artifact",
     "Any time you could mulligan and this card is in your hand, you may exile all the cards from your hand, "
     "then draw that many cards. (You can do this only once.)", "lead_any_time_mulligan", {"apply"}),
    # 608.2c: "the creature the opponent controls" (the opponent just named); a spell's mana
    ("The Last Agni Kai", "Instant",
     "Target creature you control fights target creature an opponent controls. If the creature the opponent "
     "controls is dealt excess damage this way, add that much {R}.", "controls_phrase", SPELL),
    # 701.38: a vote's option that is also a verb ("planeswalk", 701.31)
    ("Path of the Pyromancer", "Sorcery",
     "Will of the Planeswalkers — Starting with you, each player votes for planeswalk or chaos. If planeswalk "
     "gets more votes, planeswalk. If chaos gets more votes or the vote is tied, chaos ensues.",
     "lead_if_votes", SPELL),
    # 508.1d: an attack requirement on you or a planeswalker you control
    ("Trove of Temptation", "Enchantment",
     "Each opponent must attack you or a planeswalker you control with at least one creature each combat if "
     "able.", "attacks", ACTIVATED),
    # 106.4, 500.4: losing unspent mana as a step ends (an event: apply only)
    ("Yurlok of Scorch Thrash", "Legendary Creature — Lizard Shaman",
     "A player losing unspent mana causes that player to lose that much life.", "mana_loss_event", {"apply"}),
    # 701.38: "each opponent who voted for a choice you voted for"
    ("Model of Unity", "Artifact",
     "Whenever players finish voting, you and each opponent who voted for a choice you voted for may scry 2.",
     "rel_voted_as_you", {"apply"}),
    # 402.1: "exactly zero or seven cards in hand" (an activation restriction)
    ("The Biblioplex", "Land",
     "{2}, {T}: Look at the top card of your library. If it's an instant or sorcery card, you may reveal it "
     "and put it into your hand. If you don't put the card into your hand, you may put it into your "
     "graveyard. Activate only if you have exactly zero or seven cards in hand.", "have_either_count", ACTIVATED),
    # a card named with a plural possessive ("named Everflame, Heroes' Legacy")
    ("The Irencrag", "Legendary Artifact",
     "Whenever a legendary creature you control enters, you may have The Irencrag become a legendary Equipment "
     "artifact named Everflame, Heroes' Legacy. If you do, it gains equip {3} and \"Equipped creature gets "
     "+3/+3\" and loses all other abilities.", "named", {"apply"}),
    # 603.7: a delayed trigger after the mana (the mana is given); "{X} in its activation cost"
    ("Magus Lucea Kane", "Legendary Creature — Human Tyranid Wizard",
     "Psychic Stimulus — {T}: Add {C}{C}. When you next cast a spell with {X} in its mana cost or activate an "
     "ability with {X} in its activation cost this turn, copy that spell or ability. You may choose new "
     "targets for the copy. (A copy of a permanent spell becomes a token.)", "cast_or_activate_clause", ACTIVATED),
    # 702.5a: a token that has enchant and a quoted ability (113.1a: the mana ability is the land's
    # once the Aura grants it; the trigger itself adds none)
    ("Preston Garvey, Minuteman", "Legendary Creature — Human Soldier",
     "At the beginning of combat on your turn, create a green Aura enchantment token named Settlement attached "
     "to up to one target land you control. It has enchant land and \"Enchanted land has '{T}: Add one mana "
     "of any color.'\"", "have_enchant", {"apply"}),
    # 602.1: "with activated abilities"
    ("Tazri, Stalwart Survivor", "Legendary Creature — Human Warrior",
     "{W}{U}{B}{R}{G}, {T}: Mill five cards. Put all creature cards with activated abilities that aren't mana "
     "abilities from among the milled cards into your hand.", "with_activated_abilities", ACTIVATED),
])
def test_these_lines_parse_and_are_notes_for_what_they_change(name, type, text, kind, affects):
    helpers.assert_parsed_note(name, type, text, kind, affects)


@pytest.mark.parametrize("name,type,text,keyword,affects", [
    # 702.187c: "Mayhem" without a cost (Oscorp Industries, a land)
    ("Oscorp Industries", "Land", "Mayhem", "mayhem", KEYWORD),
    # 702.167a: craft's materials with activated abilities; "nonlands" is "non" "lands"
    ("The Enigma Jewel", "Legendary Artifact", "Craft with four or more nonlands with activated abilities {8}{U}",
     "craft", KEYWORD),
])
def test_these_keyword_lines_parse(name, type, text, keyword, affects):
    li = helpers.line_of(helpers.compiled(name, type, text), 1)
    assert li.parsed, li.line.error
    assert [k.name for k in li.line.ability.items] == [keyword]
    assert set(li.affects) == affects


def test_craft_materials_are_nonland_objects():
    """702.167a: "four or more nonlands" is a quantity of objects that are not lands."""
    li = helpers.line_of(helpers.compiled("The Enigma Jewel", "Legendary Artifact",
                                          "Craft with four or more nonlands with activated abilities {8}{U}"), 1)
    assert ir.Char("card_type", "land", True) in set(ir.walk(li.line.ability))


def test_the_name_after_named_keeps_its_possessive():
    """The Irencrag: "named Everflame, Heroes' Legacy" is one name (a NAME token)."""
    li = helpers.line_of(helpers.compiled(
        "The Irencrag", "Legendary Artifact",
        "Whenever a legendary creature you control enters, you may have The Irencrag become a legendary "
        "Equipment artifact named Everflame, Heroes' Legacy."), 1)
    assert any(isinstance(y, ir.Node) and y.kind == "named" and "Everflame, Heroes' Legacy" in y.args
               for y in ir.walk(li.line.ability))


def test_the_mana_before_a_delayed_trigger_is_given():
    """Magus Lucea Kane: the {C}{C} is the ability's mana (106.7); only the delayed trigger is a note."""
    c = helpers.compiled(
        "Magus Lucea Kane", "Legendary Creature — Human Tyranid Wizard",
        "Psychic Stimulus — {T}: Add {C}{C}. When you next cast a spell with {X} in its mana cost or activate an "
        "ability with {X} in its activation cost this turn, copy that spell or ability.")
    assert helpers.facts_of(c, "mana_option") == ['mana_option(ab("Magus Lucea Kane",1),1,c,2)']


def test_a_mode_chosen_with_another_instruction():
    """700.2 (Zuko, Conflicted): "choose one that hasn't been chosen and you lose 2 life —" is the
    modal header and the instruction done with it; a trigger that adds no mana: apply only."""
    li = helpers.line_of(helpers.compiled(
        "Zuko, Conflicted", "Legendary Creature — Human Rogue",
        "At the beginning of your first main phase, choose one that hasn't been chosen and you lose 2 life —"), 1)
    assert li.parsed, li.line.error
    (sentence,) = li.line.ability.effect
    assert sentence.kind == "modal"
    assert [c.verb_name for c in sentence.clauses if isinstance(c, ir.Clause)] == ["lose_life"]
    assert set(li.affects) == {"apply"}


def test_each_face_names_the_card():
    """709.1, 712.1 (Storm the Vault // Vault of Catlacan): the front face's name is the card itself."""
    li = helpers.line_of(helpers.compiled(
        "Storm the Vault // Vault of Catlacan", "Legendary Enchantment",
        "At the beginning of your end step, if you control five or more artifacts, transform Storm the Vault."), 1)
    assert li.parsed, li.line.error
    assert li.line.normalised.endswith("transform ~.")
    assert set(li.affects) == {"apply"}


@pytest.mark.parametrize("name,text,want", [
    # 201.5c: a legendary's shortened name (Rasputin Dreamweaver, Arcanis the Omnipotent, Jedit Ojanen of Efrava)
    ("Rasputin Dreamweaver", "Rasputin enters with seven dream counters on it.",
     "~ enters with seven dream counters on it."),
    ("Arcanis the Omnipotent", "{2}{U}{U}: Return Arcanis to its owner's hand.",
     "{2}{U}{U}: Return ~ to its owner's hand."),
    ("Jedit Ojanen of Efrava", "Whenever Jedit Ojanen attacks or blocks, create a 2/2 green Cat Warrior creature token.",
     "Whenever ~ attacks or blocks, create a 2/2 green Cat Warrior creature token."),
    # a word of the rules' vocabulary is never a short name (Sliver Queen)
    ("Sliver Queen", "{2}: Create a 1/1 colorless Sliver creature token.",
     "{2}: Create a 1/1 colorless Sliver creature token."),
    # a word followed by a capitalized word is another name (Mitotic Ultimus: "Mitotic Slime")
    ("Mitotic Ultimus", "When this creature dies, conjure two cards named Mitotic Slime onto the battlefield.",
     "When ~ dies, conjure two cards named Mitotic Slime onto the battlefield."),
    # ... or "the" and a capitalized word (Tuktuk the Explorer's token "Tuktuk the Returned")
    ("Tuktuk the Explorer", "When Tuktuk the Explorer dies, create Tuktuk the Returned, a legendary 5/5 "
     "colorless Goblin Golem artifact creature token.",
     "When ~ dies, create Tuktuk the Returned, a legendary 5/5 colorless Goblin Golem artifact creature token."),
    # a face's short name likewise (Hanweir Battlements // Hanweir, the Writhing Township: "Hanweir Garrison")
    ("Hanweir Battlements // Hanweir, the Writhing Township",
     "{3}{R}{R}, {T}: If you both own and control this land and a creature named Hanweir Garrison, exile them.",
     "{3}{R}{R}, {T}: If you both own and control this land and a creature named Hanweir Garrison, exile them."),
    # a face named by a word of the rules' vocabulary is that word (Coward // Killer: the Coward type)
    ("Coward // Killer", "Target creature can't block this turn and becomes a Coward in addition to its other types "
     "until end of turn.", "Target creature can't block this turn and becomes a Coward in addition to its other "
     "types until end of turn."),
])
def test_a_legendary_name_is_shortened_as_its_text_writes_it(name, text, want):
    assert normalise(text, names_of(name, legendary=True) | {"this creature"}) == want


def test_a_nonlegendary_name_is_not_shortened():
    """201.5c reads a shortened name only on legendary cards here: "Goblin" stays a word."""
    assert names_of("Goblin Guide") == {"Goblin Guide"}
    assert names_of("Storm the Vault // Vault of Catlacan") >= {"Storm the Vault", "Vault of Catlacan"}
