"""The compiler's reading of alternative costs (118.9, pyengine/compiler/lower_alt.py): each line a
real card's, with the facts kb/alternative_costs.lp reads, or the answers its note concerns."""

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_card
from pyengine.terms import render_fact

ALT = ("alternative_cost", "alternative_cost_mana", "alternative_cost_part", "alternative_cost_if", "keyword",
       "keyword_cost")



CASES = [
    # 118.9, 119.4: life and another card of the hand (601.2a)
    ("Force of Will", "Instant", "{3}{U}{U}",
     "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.",
     ['alternative_cost(ab("Force of Will",1))',
      'alternative_cost_part(ab("Force of Will",1),exile_from_hand(color(u),1))',
      'alternative_cost_part(ab("Force of Will",1),pay_life(1))']),
    # 701.21a: sacrificed permanents are the caster's
    ("Fireblast", "Instant", "{4}{R}{R}", "You may sacrifice two Mountains rather than pay this spell's mana cost.",
     ['alternative_cost(ab("Fireblast",1))',
      'alternative_cost_part(ab("Fireblast",1),sacrifice(subtype("Mountain"),2))']),
    # a condition on what you control, and a cost that taps (118.3)
    ("Sivvi's Valor", "Instant", "{2}{W}",
     "If you control a Plains, you may tap an untapped creature you control rather than pay this spell's mana cost.",
     ['alternative_cost(ab("Sivvi\'s Valor",1))',
      'alternative_cost_if(ab("Sivvi\'s Valor",1),you_control_at_least(subtype("Plains"),1))',
      'alternative_cost_part(ab("Sivvi\'s Valor",1),tap_untapped(creature,1))']),
    # mana and a returned permanent
    ("Wildfield Borderpost", "Artifact", "{1}{G}{W}",
     "You may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's mana cost.",
     ['alternative_cost(ab("Wildfield Borderpost",1))',
      'alternative_cost_mana(ab("Wildfield Borderpost",1),mana(generic,1))',
      'alternative_cost_part(ab("Wildfield Borderpost",1),return_to_hand(and(supertype(basic),land),1))']),
    # 500.1: whose turn it is
    ("Force of Negation", "Instant", "{1}{U}{U}",
     "If it's not your turn, you may exile a blue card from your hand rather than pay this spell's mana cost.",
     ['alternative_cost(ab("Force of Negation",1))',
      'alternative_cost_if(ab("Force of Negation",1),not_your_turn)',
      'alternative_cost_part(ab("Force of Negation",1),exile_from_hand(color(u),1))']),
    # 702.109a: dash, a mana alternative cost
    ("Goblin Heelcutter", "Creature — Goblin Berserker", "{3}{R}",
     "Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from "
     "the battlefield to its owner's hand at the beginning of the next end step.)",
     ['keyword(ab("Goblin Heelcutter",1),dash)', 'keyword_cost(ab("Goblin Heelcutter",1),mana(generic,2))',
      'keyword_cost(ab("Goblin Heelcutter",1),mana(r,1))']),
]


@pytest.mark.parametrize("name,type_,cost,text,facts", CASES, ids=[c[0] for c in CASES])
def test_alternative_cost_facts(name, type_, cost, text, facts):
    c = compile_card(cardlib.parse_card({"name": name, "type": type_, "mana_cost": cost, "text": text,
                                         **({"power": "3", "toughness": "2"} if "Creature" in type_ else {})}))
    assert sorted(render_fact(f) for f in c.facts if f[0] in ALT) == facts


# Lines of the shape the KB does not carry out: a note for casting (actions), performing it (apply)
# and what cast-free excludes (118.9a), never for mana or characteristics; dash also for what a
# permanent whose dash cost was paid may do and has (702.109a: haste), which a snapshot doesn't record.
NOTED = [
    ("Abolish", "Instant", "{1}{W}{W}", "You may discard a Plains card rather than pay this spell's mana cost.",
     {"actions", "apply", "cast-free"}),
    ("Invigorate", "Instant", "{2}{G}",
     "If you control a Forest, rather than pay this spell's mana cost, you may have an opponent gain 3 life.",
     {"actions", "apply", "cast-free"}),
    ("Blazing Shoal", "Instant", "{X}{R}{R}",
     "You may exile a red card with mana value X from your hand rather than pay this spell's mana cost.",
     {"actions", "apply", "cast-free"}),
    ("Goblin Heelcutter", "Creature — Goblin Berserker", "{3}{R}",
     "Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from "
     "the battlefield to its owner's hand at the beginning of the next end step.)",
     {"actions", "apply", "show"}),
]


@pytest.mark.parametrize("name,type_,cost,text,affects", NOTED, ids=[c[0] for c in NOTED])
def test_alternative_cost_notes(name, type_, cost, text, affects):
    c = compile_card(cardlib.parse_card({"name": name, "type": type_, "mana_cost": cost, "text": text,
                                         **({"power": "3", "toughness": "2"} if "Creature" in type_ else {})}))
    [note] = [n for n in c.not_modelled if n.line == 1]
    assert set(note.affects) == affects
