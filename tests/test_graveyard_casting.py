"""Casting from a graveyard (kb/graveyard_casting.lp): what the compiler makes of the permission lines
(flashback 702.34a, escape 702.138a, jump-start 702.133a, retrace 702.81a, harmonize 702.180a), and that
none of them is a note for what may be done with the card in a hand, a graveyard, a library or exile:
a permission the KB models is facts; one it does not (a cost with {X}, harmonize's tapped creature) is
facts too, with permission_not_modelled(Ab), so that `actions` lists that cast as not modelled
(tests/scenarios/graveyard_casting.yaml checks the answers). The Oracle lines are real cards'."""

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import render_fact

REMINDER = " (You may cast this card from your graveyard for its flashback cost. Then exile it.)"

CARDS = [
    # (name, type, mana cost, permission line, the facts of that line)
    ("Think Twice", "Instant", "{1}{U}", "Flashback {2}{U}" + REMINDER,
     {'keyword(ab("Think Twice",2),flashback)', 'keyword_cost(ab("Think Twice",2),mana(generic,2))',
      'keyword_cost(ab("Think Twice",2),mana(u,1))'}),
    ("Firecat Blitz", "Sorcery", "{X}{R}{R}", "Flashback—{R}{R}, Sacrifice X Mountains." + REMINDER,
     {'keyword(ab("Firecat Blitz",2),flashback)', 'permission_not_modelled(ab("Firecat Blitz",2))'}),
    ("Devil's Play", "Sorcery", "{X}{R}", "Flashback {X}{R}{R}{R}" + REMINDER,
     {'keyword(ab("Devil\'s Play",2),flashback)', 'permission_not_modelled(ab("Devil\'s Play",2))'}),
    ("Visions of Glory", "Sorcery", "{4}{W}", "Flashback {8}{W}{W}. This spell costs {X} less to cast this way, "
     "where X is the greatest mana value of a commander you own on the battlefield or in the command zone." + REMINDER,
     {'keyword(ab("Visions of Glory",2),flashback)', 'permission_not_modelled(ab("Visions of Glory",2))'}),
    ("Radical Idea", "Instant", "{1}{U}", "Jump-start (You may cast this card from your graveyard by discarding a "
     "card in addition to paying its other costs. Then exile this card.)",
     {'keyword(ab("Radical Idea",2),jump_start)'}),
    ("Raven's Crime", "Sorcery", "{B}", "Retrace (You may cast this card from your graveyard by discarding a land "
     "card in addition to paying its other costs.)", {'keyword(ab("Raven\'s Crime",2),retrace)'}),
    ("Satyr's Cunning", "Sorcery", "{R}", "Escape—{2}{R}, Exile two other cards from your graveyard. (You may cast "
     "this card from your graveyard for its escape cost.)",
     {'keyword(ab("Satyr\'s Cunning",2),escape)', 'keyword_cost(ab("Satyr\'s Cunning",2),mana(generic,2))',
      'keyword_cost(ab("Satyr\'s Cunning",2),mana(r,1))',
      'alternative_cost_part(ab("Satyr\'s Cunning",2),exile_other_graveyard_cards(2))'}),
]


@pytest.mark.parametrize("name,type_line,cost,line,facts", CARDS, ids=[c[0] for c in CARDS])
def test_a_permission_line_is_facts_and_no_note(name, type_line, cost, line, facts):
    c = compile_card(cardlib.parse_card({"name": name, "type": type_line, "mana_cost": cost,
                                         "text": "Draw a card.\n" + line}))
    assert {render_fact(f) for f in c.facts if f[0] in ("keyword", "keyword_cost", "alternative_cost_part",
                                                        "permission_not_modelled")} == facts
    assert [n.line for n in c.not_modelled] == [1]            # only the spell's own instruction
    assert "actions" not in c.not_modelled[0].elsewhere
