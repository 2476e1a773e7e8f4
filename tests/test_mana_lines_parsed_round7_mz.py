"""Lines of mana cards (names M-Z) the grammar now parses (issue 11, "manaunp_b", round 7). Each
is a real card's Oracle text; each test checks the node (or verb, or keyword) the line is read as
and the answers its note is for: a line that cannot change what a permanent on the battlefield
could produce or what tapping it adds (an enters trigger, a trigger from the graveyard, an
activated or loyalty ability that adds no mana, a rule of the game's start) is no note for
could-produce / produce, so the card is note-free."""

import pytest

from helpers import tree_kinds
import helpers
from pyengine.terms import render

ACTIVATED = {"actions", "apply"}
KEYWORD = {"actions", "apply", "cast-free", "show"}


@pytest.mark.parametrize("name,type,text,kind,affects", [
    # 506.4, 508.1b: an enters trigger that changes what an attacking creature attacks
    ("Misleading Signpost", "Artifact",
     "When this artifact enters during the declare attackers step, you may reselect which player or permanent "
     "target attacking creature is attacking. (It can't attack its controller or their permanents.)",
     "reselect_attacked", {"apply"}),
    # 601.2b, 601.2f: a trigger on paying an additional cost (from the graveyard)
    ("Spare Changeling", "Artifact Creature — Shapeshifter Treasure",
     "Whenever you pay an additional cost while casting a spell, you may return this card from your graveyard "
     "to your hand.", "pay_additional_cost", {"apply"}),
    # 702.22c: "bands with other" abilities named in quotes
    ("Tolaria", "Legendary Land",
     "{T}: Target creature loses banding and all \"bands with other\" abilities until end of turn. Activate "
     "only during any upkeep step.", "lose_keywords", ACTIVATED),
    # Alchemy: "the topmost land card in your library" (a card in a library, not a permanent)
    ("Vigorous Farming", "Enchantment",
     "At the beginning of your end step, the topmost land card in your library perpetually gains \"Whenever "
     "this land is tapped for mana, add an additional {G}.\"", "gain_ability", {"apply"}),
    # 608.2c: "unless its controller has ~ deal 4 damage to them" (a loyalty ability)
    ("Tibalt, Wicked Tormentor", "Legendary Planeswalker — Tibalt",
     "[+1]: Tibalt, Wicked Tormentor deals 4 damage to target creature or planeswalker unless its controller "
     "has Tibalt deal 4 damage to them. If they do, you may discard a card. If you do, draw a card.",
     "tail_unless_has", ACTIVATED),
    # 103.5: done as the game begins
    ("Rift", "Legendary Land",
     "Before drawing your hand, you may start the game with Rift in your opening hand. If you do, draw one "
     "fewer card. (Mulligans continue as normal.)", "start_with_in_hand", {"apply"}),
])
def test_these_lines_parse_and_are_notes_for_what_they_change(name, type, text, kind, affects):
    helpers.assert_parsed_note(name, type, text, kind, affects)


@pytest.mark.parametrize("text", [
    "Lava Blister deals 6 damage to target nonbasic land unless its controller has Lava Blister deal 6 "
    "damage to them.",                                                              # Lava Blister
    "Skullscorch deals 4 damage to target player unless that player has Skullscorch deal 4 damage to them.",
    "~ deals 5 damage to target creature unless that creature's controller has ~ deal 5 damage to them.",  # Blazing Salvo
    "When a creature is put into an opponent's graveyard from the battlefield, return that card to your hand "
    "unless target opponent has this enchantment deal 3 damage to them.",               # Pia's Revolution
])
def test_the_player_has_the_object_deal_damage(text):
    helpers.assert_parses_to(text.replace("Lava Blister", "~").replace("Skullscorch", "~"), "tail_unless_has")


def test_rift_draws_one_fewer_card():
    helpers.assert_parses_to("If you do, draw one fewer card.", "draw_fewer")
    helpers.assert_parses_to("Before drawing your hand, you may start the game with ~ in your opening hand.",
                             "lead_before_opening_hand")


@pytest.mark.parametrize("name,type,text,keyword", [
    # as it enters, each opponent may pay {0} to create a token copy of it
    ("Mirrored Lotus", "Artifact",
     "Reflect {0} (As this enters, each opponent may pay {0}. When they do, they create a token copy of this "
     "except it lacks this ability.)", "reflect"),
    ("Maestros' Totally Safe Hideout", "Land",
     "Land casualty 2 (As this land enters, you may sacrifice a creature with power 2 or greater. If you do, "
     "create a token that's a copy of this land.)", "land casualty"),
    ("Urza's Hot Dog Stand", "Artifact Land — Urza's Vehicle",
     "Food Crew 2 (Tap two Foods you control: This Vehicle becomes an artifact creature until end of turn.)",
     "food crew"),
])
def test_these_keyword_lines_parse(name, type, text, keyword):
    li = helpers.line_of(helpers.compiled(name, type, text), 1)
    assert li.parsed, li.line.error
    assert [k.name for k in li.line.ability.items] == [keyword]
    assert set(li.affects) == KEYWORD


def test_mana_spent_only_on_power_up_abilities_is_not_spent_on_spells():
    """Quinjet Technician: "power-up" abilities are activated abilities (their lines are
    "Power-up — [Cost]: [Effect]"): the mana is not spent to cast a spell, as for equip abilities."""
    c = helpers.compiled("Quinjet Technician", "Creature — Human Artificer",
                         "{T}: Add {R}.\n{T}: Add {R}{R}. Spend this mana only to activate power-up abilities.")
    li = helpers.line_of(c, 2)
    assert li.parsed and li.modelled and not li.affects, li.affects
    assert "named_abilities" in tree_kinds(li.line.ability)
    [term] = [f[2] for f in c.facts if f[0] == "mana_spend_restriction"]
    assert render(term) == "activate_keyword(power_up)"
    assert not c.not_modelled
