"""Lines of mana cards the grammar now parses (issue 11, "manaunp_a", round 6: cards A-L). Each is
a real card's Oracle text; each test checks the node (or verb) the line is read as and the answers
its note is for: a line that cannot change what a permanent could produce or what tapping adds is
no note for could-produce / produce."""

import pytest

from helpers import tree_kinds
import helpers
from pyengine.compiler import parse_line

MANA = {"could-produce", "produce"}
ALL = {"actions", "apply", "cast-free", "could-produce", "produce", "show", "untap"}


@pytest.mark.parametrize("name,type,text,kind,affects", [
    # 113.1: "creatures with abilities" (a blocking restriction: actions and apply)
    ("Jasmine Boreal of the Seven", "Legendary Creature — Human Druid",
     "Creatures you control with no abilities can't be blocked by creatures with abilities.",
     "with_abilities", {"actions", "apply", "cast-free"}),
    # 107.1: a list of numbers "4, 5, or 6"; 603.2: a cast trigger (mana of the tokens is theirs)
    ("Kozilek's Unsealing", "Enchantment",
     "Whenever you cast a creature spell with mana value 4, 5, or 6, create two 0/1 colorless Eldrazi Spawn "
     "creature tokens with \"Sacrifice this token: Add {C}.\"", "number_list", {"apply"}),
    # 107.3: "the number of A plus the number of B is three or greater" (an activation condition)
    ("Cavernous Maw", "Land — Cave",
     "{2}: This land becomes a 3/3 Elemental creature until end of turn. It's still a Cave land. Activate only "
     "if the number of other Caves you control plus the number of Cave cards in your graveyard is three or "
     "greater.", "plus", {"actions", "apply"}),
    # 100.6: a rule of deck construction (no answer)
    ("Gleemox", "Artifact", "This card is banned.", "banned", set()),
    # 614.1c: enters tapped on a condition (apply only)
    ("Fetching Garden", "Land — Forest Plains",
     "Fetching Garden enters the battlefield tapped if it was played from your hand.", "passive", {"apply"}),
    ("Captivating Crossroads", "Land",
     "During your first three turns of the game, Captivating Crossroads enters tapped if you were the starting "
     "player.", "turn_ref", {"apply"}),
    # 702.14: "loses all landwalk abilities" (an activated ability that adds no mana)
    ("Hammerheim", "Legendary Land", "{T}: Target creature loses all landwalk abilities until end of turn.",
     "lose_landwalk", {"actions", "apply"}),
    # 122.1: two kinds of counters; 113.6m: an ability of a card in a graveyard (the answers that pay, show)
    ("Kheru Goldkeeper", "Creature — Dragon",
     "Renew — {2}{B}{G}{U}, Exile this card from your graveyard: Put two +1/+1 counters and a flying counter "
     "on target creature. Activate only as a sorcery.", "put_counters", {"actions", "apply", "cast-free", "show"}),
    # 903.5c: deck construction (no answer)
    ("Hadran, Naya Sunseeder", "Legendary Creature — Cat Warrior",
     "Rulebreaker — If Hadran is your Commander, you may include creature cards of power 4 or greater of any "
     "color in your deck regardless of color identity.", "deck_include", set()),
    ("Daxiver, Izzet Electromancer", "Legendary Creature — Goblin Wizard",
     "Rulebreaker — If Daxiver is your Commander, you may include instant and sorcery cards of any color in "
     "your deck regardless of color identity.", "deck_include", set()),
    # 702.139a: a companion's condition (outside the game)
    ("Jegantha, the Wellspring", "Legendary Creature — Elemental Elk",
     "Companion — No card in your starting deck has more than one of the same mana symbol in its mana cost.",
     "have_same_symbols", set()),
    # 105.2: "the number of colors that spell is" (a cast trigger)
    ("Crystal, Inhuman Princess", "Legendary Creature — Inhuman Noble Hero",
     "Whenever you cast a noncreature spell, Crystal deals X damage to each opponent, where X is the number of "
     "colors that spell is.", "colors_of", {"apply"}),
    # 702.138a: escape granted, its cost "plus" a cost (casting from the graveyard)
    ("Jurassic Park", "Legendary Land",
     "Each Dinosaur card in your graveyard has escape. The escape cost is equal to the card's mana cost plus "
     "exile three other cards from your graveyard.", "keyword_cost_is",
     {"actions", "apply", "cast-free", "show"}),
    # 106.3: a ritual of the colors chosen (a spell: casting and apply only)
    ("Guild Pact", "Instant", "Choose two colors. Add a mana of each of the chosen colors.",
     "mana_each_chosen", {"apply", "cast-free"}),
    # (a delayed triggered ability, 603.7: apply only)
    ("Guild Pact", "Instant",
     "At the beginning of your next upkeep, pay one mana of each of the chosen colors. If you don't, you lose "
     "the game.", "pay_each_chosen", {"apply"}),
    # 122.1: "... and a loyalty counter on it if it's a planeswalker"
    ("Forge of Heroes", "Land",
     "{T}: Choose target commander that entered this turn. Put a +1/+1 counter on it if it's a creature and a "
     "loyalty counter on it if it's a planeswalker.", "counters_conj", {"actions", "apply"}),
    # seek (Alchemy): "of the most prevalent creature type" (an enters trigger)
    ("Adherent's Heirloom", "Artifact",
     "When this artifact enters, seek a creature card of the most prevalent creature type in your library.",
     "of_most_prevalent_type", {"apply"}),
    # 113.2c: keywords and an ability in quotes, the list ending ', and "..."'
    ("Dragonbroods' Relic", "Artifact",
     "{3}{W}{U}{B}{R}{G}, Sacrifice this artifact: Create a 4/4 Dragon creature token named Reliquary Dragon "
     "that's all colors. It has flying, lifelink, and \"When this token enters, it deals 3 damage to any "
     "target.\" Activate only as a sorcery.", "quoted_and", {"actions", "apply"}),
    # 700.2: a mode naming a token with its ability in quotes (the token's mana is its own, 113.1a)
    ("Item Crate", "Artifact", "• Banana with \"{T}, Sacrifice this token: Add {R} or {G}. You gain 2 life.\"",
     "mode_object", {"actions", "apply"}),
    ("Item Crate", "Artifact",
     "• Best Shell with \"{T}, Sacrifice this token: Destroy target creature with the greatest power.\"",
     "with_greatest", {"actions", "apply"}),
    ("Item Crate", "Artifact",
     "{1}, {T}, Sacrifice this artifact: Create a tapped colorless token at random with the listed name and "
     "ability.", "with_listed", {"actions", "apply"}),
    # 706: rolling X dice, a result per die, how many times a result was rolled
    ("Luck Bobblehead", "Artifact — Bobblehead",
     "{1}, {T}: Roll X six-sided dice, where X is the number of Bobbleheads you control. Create a tapped "
     "Treasure token for each even result. If you rolled 6 exactly seven times, you win the game.",
     "rolled_times", {"actions", "apply"}),
    # 614.1a: a replacement of putting counters
    ("Doc Samson, Super Psychiatrist", "Legendary Creature — Gamma Doctor Hero",
     "If you would put one or more counters on a permanent you control, put that many plus one of each of "
     "those kinds of counters on that permanent instead.", "counters_of_each_kind", {"apply"}),
    # 614.12: a choice as it enters
    ("Desert Cenote", "Land", "As this land enters, choose up to two colors from among cards in your hand.",
     "choice", {"apply"}),
    # 701.42a: meld (the melded permanent's name is one word of the lexer)
    ("Hanweir Battlements", "Land",
     "{3}{R}{R}, {T}: If you both own and control this land and a creature named Hanweir Garrison, exile them, "
     "then meld them into Hanweir, the Writhing Township.", "keyword_action", {"actions", "apply"}),
    # 601.2h: noting the mana spent (an activated ability that adds no mana)
    ("Jeweled Amulet", "Artifact",
     "{1}, {T}: Put a charge counter on this artifact. Note the type of mana spent to pay this activation "
     "cost. Activate only if there are no charge counters on this artifact.", "note_mana_spent",
     {"actions", "apply"}),
    # the mana of a type noted earlier: not modelled, so a note for the mana answers
    ("Jeweled Amulet", "Artifact",
     "{T}, Remove a charge counter from this artifact: Add one mana of this artifact's last noted type.",
     "mana_noted_type", {"actions", "apply", "could-produce", "produce", "show"}),
    # stickers (Unfinity): placing one triggers (apply only)
    ("Goblin Airbrusher", "Creature — Goblin Employee",
     "Whenever you place a sticker, create a Treasure token. If it's an art sticker, instead create two Treasure "
     "tokens.", "its_sticker", {"apply"}),
    # 706.3b: the rows of the results table decide what the ability does, adding mana among them:
    # every answer
    ("Jack-in-the-Mox", "Artifact", "{T}: Roll a six-sided die. This ability has the indicated effect.",
     "indicated_effect", ALL),
    # 113.1a: a granted mana ability (its mana is not modelled: every answer of the enchanted permanent)
    ("Bigger on the Inside", "Enchantment — Aura",
     "Enchanted permanent has \"{T}: Target player adds two mana of any one color. The next spell they cast this "
     "turn has cascade.\"", "quoted_ability", ALL),
])
def test_these_lines_parse_and_are_notes_for_what_they_change(name, type, text, kind, affects):
    helpers.assert_parsed_note(name, type, text, kind, affects)


@pytest.mark.parametrize("name,type,text", [
    ("Hammerheim", "Legendary Land",
     "{T}: Add {R}.\n{T}: Target creature loses all landwalk abilities until end of turn."),
    ("Gleemox", "Artifact", "{T}: Add one mana of any color.\nThis card is banned."),
    ("Luck Bobblehead", "Artifact — Bobblehead",
     "{T}: Add one mana of any color.\n{1}, {T}: Roll X six-sided dice, where X is the number of Bobbleheads you "
     "control. Create a tapped Treasure token for each even result. If you rolled 6 exactly seven times, you win "
     "the game."),
    ("Forge of Heroes", "Land",
     "{T}: Add {C}.\n{T}: Choose target commander that entered this turn. Put a +1/+1 counter on it if it's a "
     "creature and a loyalty counter on it if it's a planeswalker."),
])
def test_these_mana_cards_have_no_note_for_the_mana_answers(name, type, text):
    """Their other lines cannot change what the permanent could produce (106.7) or what tapping it
    for mana adds (605.1a): no note for could-produce or produce."""
    c = helpers.compiled(name, type, text)
    assert all(li.parsed for li in c.lines)
    assert not [n for n in c.not_modelled if MANA & set(n.affects)]


@pytest.mark.parametrize("text,kind", [
    # "between 0 and 13": two numbers joined by "and" stay the literal (By Invitation Only)
    ("Choose a number between 0 and 13. Each player sacrifices that many creatures of their choice.", "choose"),
    # "first" after "your" stays the status word of a spell (Tuvasa the Sunlit)
    ("Whenever you cast your first enchantment spell each turn, draw a card.", "draw"),
    # the kinds of counters a permanent enters with are still read (Dust Animus)
    ("If you control five or more untapped lands, this creature enters with two +1/+1 counters and a lifelink "
     "counter on it.", "mod_with_counters"),
    # two numbers joined by "or" are a list too (Founding the Third Path)
    ("I — You may cast an instant or sorcery spell with mana value 1 or 2 from your hand without paying its "
     "mana cost.", "number_list"),
])
def test_neighbouring_wordings_are_read_as_before(text, kind):
    li = parse_line(text)
    assert li.parsed, li.error
    assert kind in tree_kinds(li.ability)


def test_a_meld_target_is_one_name():
    """701.42a: "meld them into Hanweir, the Writhing Township": the name (with its comma) is one
    word of the lexer, so the sentence ends after it."""
    from pyengine.compiler.lexer import raw_tokens
    raws = raw_tokens("exile them, then meld them into Hanweir, the Writhing Township.")
    assert [r.text for r in raws if r.kind == "name"] == ["Hanweir, the Writhing Township"]
