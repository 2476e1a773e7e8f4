"""Lines of mana cards the grammar now parses (issue 11, "manaunp_a", round 7: cards A-L, and the
meld lines). Each is a real card's Oracle text; each test checks the node (or verb) the line is
read as and the answers its note is for: a line that cannot change what a permanent could produce
or what tapping adds is no note for could-produce / produce."""

import pytest

from helpers import tree_kinds
import helpers
from pyengine.compiler import parse_line
from pyengine.compiler.text import names_of, normalise

MANA = {"could-produce", "produce"}


@pytest.mark.parametrize("name,type,text,kind,affects", [
    # 706.1, 614.1a: a replacement of rolling dice (an event as it happens: apply only)
    ("Ichor Elixir", "Artifact",
     "If you would roll one or more planar dice, instead roll that many planar dice plus one and ignore one.",
     "roll_extra", {"apply"}),
    ("Barbarian Class", "Enchantment — Class",
     "If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest roll.",
     "roll_ignore", {"apply"}),
    # Alchemy: drafting from a named spellbook, then putting the card onto the battlefield (an
    # enters trigger: apply only)
    ("Brood Astronomer", "Creature — Human Wizard",
     "When this creature enters, you may sacrifice a land. If you do, draft a card from the Planets Spellbook "
     "and put it onto the battlefield tapped.", "draft", {"apply"}),
    # 614.1a: what adding mana becomes (a sorcery's effect: casting it and apply only)
    ("False Dawn", "Sorcery",
     "Until end of turn, spells and abilities you control that would add colored mana instead add that much "
     "white mana. Until end of turn, you may spend white mana as though it were mana of any color.",
     "rel_would_add", {"apply", "cast-free"}),
    # 113.2c: an ability in quotes after the qualifiers "with enchant Forest you control" (a dies
    # trigger: the mana is that of the Aura's ability, granted later: apply only)
    ("Harold and Bob, First Numens", "Legendary Creature — Treefolk Mutant",
     "When Harold and Bob dies, if it was a creature, return it to the battlefield. It's an Aura enchantment "
     "with enchant Forest you control and \"Enchanted Forest has '{T}: Add three mana of any one color. You get "
     "two rad counters.'\" Harold and Bob loses all other abilities.", "rel_control_quoted", {"apply"}),
    # 113.2c: "with base power and toughness 1/1 and "{T}: Add {C}"": a mana ability granted to the
    # enchanted creature (not modelled: every answer)
    ("Honest Work", "Enchantment — Aura",
     "Enchanted creature loses all abilities and is a Citizen with base power and toughness 1/1 and "
     "\"{T}: Add {C}\" named Humble Merchant.", "with_base_pt_quoted",
     {"actions", "apply", "cast-free", "could-produce", "produce", "show", "untap"}),
])
def test_these_lines_parse_and_are_notes_for_what_they_change(name, type, text, kind, affects):
    helpers.assert_parsed_note(name, type, text, kind, affects)


def test_adding_mana_replaced_on_a_permanent_is_a_note_for_every_answer():
    """614.1a: "<objects> that would add colored mana instead add that much white mana" on a
    permanent changes what the mana abilities of those objects add: every answer."""
    c = helpers.compiled("Test Shrine", "Enchantment",
                         "Lands you control that would add colored mana instead add that much white mana.")
    li = helpers.line_of(c, 1)
    assert li.parsed, li.line.error
    assert {"add_mana", "mana_that_much_color"} <= tree_kinds(li.line.ability)
    assert MANA <= set(li.affects)
    clause = li.line.ability.effect[0].clauses[0]
    assert clause.aux == "instead" and clause.verb_name == "add_mana"


@pytest.mark.parametrize("name,type,text", [
    ("Ichor Elixir", "Artifact",
     "If you would roll one or more planar dice, instead roll that many planar dice plus one and ignore one.\n"
     "{T}: Add {C}{C}."),
    ("Hanweir Battlements // Hanweir, the Writhing Township", "Land",
     "{T}: Add {C}.\n{R}, {T}: Target creature gains haste until end of turn.\n"
     "{3}{R}{R}, {T}: If you both own and control this land and a creature named Hanweir Garrison, exile them, "
     "then meld them into Hanweir, the Writhing Township."),
])
def test_these_mana_cards_have_no_note_for_the_mana_answers(name, type, text):
    c = helpers.compiled(name, type, text)
    assert all(li.parsed for li in c.lines), [li.line.error for li in c.lines]
    assert not [n for n in c.not_modelled if MANA & set(n.affects)]


@pytest.mark.parametrize("name,text,melded", [
    ("Hanweir Battlements // Hanweir, the Writhing Township",
     "{3}{R}{R}, {T}: If you both own and control this land and a creature named Hanweir Garrison, exile them, "
     "then meld them into Hanweir, the Writhing Township.", "Hanweir, the Writhing Township"),
    ("Titania, Voice of Gaea // Titania, Gaea Incarnate",
     "At the beginning of your upkeep, if there are four or more land cards in your graveyard and you both own "
     "and control Titania, Voice of Gaea and a land named Argoth, Sanctum of Nature, exile them, then meld them "
     "into Titania, Gaea Incarnate.", "Titania, Gaea Incarnate"),
])
def test_the_melded_card_keeps_its_name(name, text, melded):
    """712.4, 701.42a: the melded permanent is another card than either half: after "meld them
    into" its name stays a name (not "~"), and the line parses."""
    norm = normalise(text, names_of(name, legendary=True))
    assert norm.endswith("meld them into " + melded + ".")
    assert "~" in norm or "this land" in norm
    c = helpers.compiled(name, "Legendary Creature — Human Druid" if "Titania" in name else "Land", text)
    assert helpers.line_of(c, 1).parsed, helpers.line_of(c, 1).line.error


def test_a_name_with_an_elided_word_is_one_name():
    """"a creature named Fang, Fearless l'Cie": a lowercase elision before a capitalized word is
    part of the name (Vanille, Cheerful l'Cie)."""
    from pyengine.compiler.lexer import raw_tokens
    raws = raw_tokens("if you both own and control ~ and a creature named Fang, Fearless l'Cie, you may pay {3}.")
    assert [r.text for r in raws if r.kind == "name"] == ["Fang, Fearless l'Cie"]
    li = parse_line("At the beginning of your first main phase, if you both own and control ~ and a creature "
                    "named Fang, Fearless l'Cie, you may pay {3}{B}{G}. If you do, exile them, then meld them "
                    "into Ragnarok, Divine Deliverance.")
    assert li.parsed, li.error


@pytest.mark.parametrize("text,kind", [
    ("If you would roll one or more dice, draw a card instead.", "roll"),
    ("If you would draw a card, instead draw two cards.", "lead_instead"),
    ("Draft a card from ~'s spellbook.", "draft"),
    # "one or more" is still read as before (a new phrase must not take these words)
    ("If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters "
     "are put on it instead.", "passive"),
    ("Whenever one or more tokens you control enter, draw a card.", "draw"),
    ("Until end of turn, you may spend white mana as though it were mana of any color.", "spend_as_any"),
])
def test_neighbouring_wordings_are_read_as_before(text, kind):
    li = parse_line(text)
    assert li.parsed, li.error
    assert kind in tree_kinds(li.ability)
