"""Effects on mana production (CR 106.12, 614, 605.1b): replacement effects such as
Contamination, Pale Moon and Mana Reflection; triggered mana abilities such as Heartbeat of
Spring; and the continuous effects of Celestial Dawn and anthems (613).

Facts (see kb/schema.lp, section "Mana effects"):
``mana_replacement(Ab,Filter,Who,Change)``, ``mana_trigger(Ab,Filter,Who)``,
``sets_land_subtype(Ab,Scope,S)``, ``sets_color(Ab,Scope,Col)``, ``anthem(Ab,Scope,DP,DT)``.
"""

from ..terms import Const, fn
from .grammar import is_spell, sentence, static_or_spell
from .symbols import NotModelled, number_value

_COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
_FILTERS = {"a land": "land", "a nonbasic land": "nonbasic_land", "a permanent": "permanent"}


@sentence(r"If a land is tapped for mana, it produces \{([WUBRGC])\} instead of any other type and amount\.")
def _contamination(ctx, m):
    return [static_or_spell(ctx),
            ("mana_replacement", ctx.ab, Const("land"), Const("any"), fn("set", Const(m.group(1).lower()), 1))]


@sentence(r"(Until end of turn, )?if (a player|you) taps? (a nonbasic land|a land|a permanent) for mana, "
          r"it produces colorless mana instead of any other type\.")
def _pale_moon(ctx, m):
    if bool(m.group(1)) != is_spell(ctx):
        raise NotModelled("duration")
    who = "any" if m.group(2) == "a player" else "you"
    return [static_or_spell(ctx),
            ("mana_replacement", ctx.ab, Const(_FILTERS[m.group(3)]), Const(who), fn("set_type", Const("c")))]


@sentence(r"If (you tap|a player taps) (a permanent|a land|a nonbasic land) for mana, it produces twice as much of that mana instead\.")
def _reflection(ctx, m):
    who = "you" if m.group(1) == "you tap" else "any"
    return [static_or_spell(ctx),
            ("mana_replacement", ctx.ab, Const(_FILTERS[m.group(2)]), Const(who), fn("multiply", 2))]


@sentence(r"Whenever a player taps (a land|a permanent) for mana, that player adds one mana of any type that \w+ produced\.")
def _heartbeat(ctx, m):
    return [("triggered", ctx.ab), ("mana_trigger", ctx.ab, Const(_FILTERS[m.group(1)]), Const("any"))]


@sentence(r"Whenever you tap (a land|a permanent) for mana, add one mana of any type that \w+ produced\.")
def _wake_trigger(ctx, m):
    return [("triggered", ctx.ab), ("mana_trigger", ctx.ab, Const(_FILTERS[m.group(1)]), Const("you"))]


@sentence(r"Lands you control are (Plains|Islands|Swamps|Mountains|Forests)\.")
def _lands_are(ctx, m):
    sub = {"Plains": "Plains", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain",
           "Forests": "Forest"}[m.group(1)]
    return [static_or_spell(ctx), ("sets_land_subtype", ctx.ab, fn("you_control", Const("land")), sub)]


@sentence(r"Nonland permanents you control are (white|blue|black|red|green)\. The same is true for spells "
          r"you control and nonland cards you own that aren't on the battlefield\.")
def _permanents_are(ctx, m):
    # Only the battlefield part is modelled; spells and cards in other zones have no
    # characteristics in a snapshot, so the rest of the sentence changes no answer here.
    return [static_or_spell(ctx),
            ("sets_color", ctx.ab, fn("you_control", Const("nonland")), Const(_COLOR_WORDS[m.group(1)]))]


@sentence(r"Creatures you control get \+(\d+)/\+(\d+)\.")
def _anthem(ctx, m):
    return [static_or_spell(ctx),
            ("anthem", ctx.ab, fn("you_control", Const("creature")), number_value(m.group(1)),
             number_value(m.group(2)))]


@sentence(r"You may spend mana as though it were mana of any color\.")
def _spend_any(ctx, m):
    return [static_or_spell(ctx), ("spend_as_any_color", ctx.ab, Const("all"))]


@sentence(r"You may spend (white|blue|black|red|green) mana as though it were mana of any color\. "
          r"You may spend other mana only as though it were colorless mana\.")
def _spend_dawn(ctx, m):
    col = Const(_COLOR_WORDS[m.group(1)])
    return [static_or_spell(ctx), ("spend_as_any_color", ctx.ab, col),
            ("spend_other_as_colorless", ctx.ab, col)]


@sentence(r"Whenever ~ becomes tapped, it deals (\d+) damage to you\.")
def _city_of_brass(ctx, m):
    """A trigger on becoming tapped (603.2); it uses the stack, so it is reported, not resolved."""
    return [("triggered", ctx.ab), ("becomes_tapped_trigger", ctx.ab)]
