"""The kind of each line (pyengine/compiler/classify.py): what the card database's coverage
classifier reads through ``compile_text`` / ``line_kinds``."""

import pytest

from pyengine import cardlib
from pyengine.compiler import compile_text, line_kinds


def kinds(text, type_line="Artifact"):
    [li] = compile_text(text, "Test Card", type_line)
    return set(li.kinds)


@pytest.mark.parametrize("text,expected", [
    ("{T}: Add {G}.", {"activated", "mana_ability", "mana:fixed"}),
    ("{T}: Add {R} or {G}.", {"activated", "mana_ability", "mana:choice"}),
    ("{T}: Add one mana of any color.", {"activated", "mana_ability", "mana:any_color"}),
    ("{T}: Add two mana in any combination of colors.", {"activated", "mana_ability", "mana:any_color"}),
    ("{T}: Add one mana of any color that a land an opponent controls could produce.",
     {"activated", "mana_ability", "mana:reflector"}),
    ("{T}: Add one mana of the chosen color.", {"activated", "mana_ability", "mana:chosen_color"}),
    ("{T}: Add {G} for each Elf you control.", {"activated", "mana_ability", "mana:count_dependent"}),
    ("{T}, Pay 1 life: Add {B}.", {"activated", "mana_ability", "mana:fixed", "mana:costs_beyond_tap"}),
    ("{T}: Add {C}{C}. Spend this mana only to cast artifact spells.",
     {"activated", "mana_ability", "mana:fixed", "mana:spend_restriction"}),
    ("{T}: Add {G}. Activate only as a sorcery.",
     {"activated", "mana_ability", "mana:fixed", "mana:activation_restriction"}),
    ("{T}: Add {R}. This land deals 1 damage to you.",
     {"activated", "mana_ability", "mana:fixed", "mana:rider"}),
    ("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
     {"triggered", "mana_ability", "mana:reflector", "mana:mana_trigger"}),
    ("If a land is tapped for mana, it produces {B} instead of any other type and amount.",
     {"replacement", "mana_ability", "mana:mana_replacement"}),
    ('Lands you control have "{T}: Add one mana of any color."',
     {"static", "mana_ability", "mana:any_color", "mana:granted"}),
    ("Nonbasic lands are Mountains.", {"static", "mana_ability", "mana:type_change"}),
    ("Flying, haste", {"keyword"}),
    ("When this creature enters, draw a card.", {"triggered"}),
    ("This land enters tapped.", {"replacement"}),
    ("Frobnicate the widget.", {"unparsed"}),
])
def test_kinds(text, expected):
    assert kinds(text) == expected


def test_a_spell_that_adds_mana_is_a_ritual():
    assert kinds("Add {R}{R}{R}.", "Instant") == {"spell", "mana_ability", "mana:fixed", "mana:ritual"}


def test_line_kinds_of_a_card():
    """(key, line, kinds, parsed, modelled) for every line: Llanowar Elves' one line is a
    modelled mana ability of fixed mana."""
    [(key, line, k, parsed, modelled)] = line_kinds(cardlib.bundled()["Llanowar Elves"])
    assert (key, line, parsed, modelled) == ("Llanowar Elves", 1, True, True)
    assert k == {"activated", "mana_ability", "mana:fixed"}
