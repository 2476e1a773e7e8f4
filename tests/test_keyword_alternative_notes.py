"""Keyword alternative costs (118.9) a card in a hand may be cast for (kb/alternative_costs.lp,
kb/keyword_alternative_costs.lp) are no note for what may be cast from the hand (`actions`) nor for
casting without paying the mana cost (`cast-free`, 118.9a excludes them): spectacle (702.137a), surge
(702.117a), emerge (702.119a) and web-slinging (702.188a) change nothing after the cast and are no
note at all; evoke, dash,
warp, blitz, overload, impending, awaken and mutate stay a note for what follows the cast (`apply`:
evoke's sacrifice, warp's exile, blitz's sacrifice, the overloaded text, the counters, the merge). The
cards are real ones, their Oracle text read from the scenario files that cast them."""

from pathlib import Path

import pytest
import yaml

from pyengine import cardlib
from pyengine.compiler import compile_card

SCENARIOS = Path(__file__).parent / "scenarios"


def _cards():
    out = {}
    for stem in ("keyword_alternative_costs", "alternative_costs"):
        for case in yaml.safe_load((SCENARIOS / f"{stem}.yaml").read_text(encoding="utf-8")):
            for c in case["snapshot"].get("cards", []):
                out[c["name"]] = c
    return out


CARDS = _cards()


def _notes(name):
    """{the keyword the noted line begins with (lower case): the note} of a card."""
    return {n.text.split(" ")[0].lower(): n for n in compile_card(cardlib.parse_card(CARDS[name])).not_modelled}


@pytest.mark.parametrize("name, keyword", [
    ("Blade Juggler", "spectacle"), ("Boulder Salvo", "surge"), ("Wretched Gryff", "emerge"),
    ("Amazing Spider-Girl", "web-slinging")])
def test_a_condition_or_a_sacrifice_the_kb_checks_is_no_note(name, keyword):
    assert keyword not in _notes(name)


@pytest.mark.parametrize("name, keyword", [
    ("Mulldrifter", "evoke"), ("Goblin Heelcutter", "dash"), ("All-Fates Stalker", "warp"),
    ("Caldaia Strongarm", "blitz"), ("Cyclonic Rift", "overload"), ("Overlord of the Balemurk", "impending"),
    ("Coastal Discovery", "awaken"), ("Archipelagore", "mutate")])
def test_what_follows_the_cast_is_a_note_for_apply_only_in_a_hand(name, keyword):
    note = _notes(name)[keyword]
    assert note.elsewhere == frozenset({"apply"})
    assert "actions" not in note.elsewhere and "cast-free" not in note.elsewhere
