"""Every limit on input, in one place (docs/snapshot-and-cards.md, "Limits"; `mtgkb --help`).

Each limit is far beyond any real game, and input beyond one is refused with one ``error:`` line
(exit status 2) before anything is computed. Numbers in card text beyond MAX_NUMBER make that
line of text "not modelled" instead (the card itself stays usable; see below).

Arithmetic in the knowledge base is on 32-bit integers (clingo). The bounds below keep every sum
of power and toughness inside them: a creature's power is its base power (at most MAX_NUMBER),
plus its counters (at most MAX_NUMBER in all, checked per permanent), plus the changes of every
source on the board (a permanent, an effect or a command-zone object), and each card changes power, and toughness, by at
most MAX_PT_CHANGE in all (the sum over its faces and abilities; more is "not modelled"). So
|power| is at most 2 * MAX_NUMBER + (MAX_PERMANENTS + MAX_EFFECTS + MAX_COMMAND) * MAX_PT_CHANGE < 2**31
(asserted below).
Amounts of mana (multiplied by replacement effects) are bounded in the KB itself.
"""

MAX_BYTES = 20_000_000        # a snapshot file, or standard input
MAX_DEPTH = 16                # nesting of lists and mappings (a snapshot needs 6)
MAX_PLAYERS = 100             # players in a game
MAX_PERMANENTS = 200_000      # permanents on the battlefield
MAX_ZONE_CARDS = 10_000       # cards in one player's hand, library or graveyard
MAX_EFFECTS = 10_000          # entries of `effects:`
MAX_STACK = 10_000            # objects on the stack
MAX_COMMAND = 1_000           # objects in the command zone (`command:`)
MAX_POOL = 10_000             # mana in one player's mana pool
MAX_TARGETS = 1_000           # targets of one effect
MAX_CARDS = 50_000            # card definitions under `cards:`
MAX_COUNTER_KINDS = 100       # kinds of counters on one permanent
MAX_ID = 64                   # characters of a permanent id or a player name
MAX_NAME = 200                # characters of a card or face name, or of a type line
MAX_COUNTER_NAME = 64         # characters of a counter kind
MAX_TEXT = 10_000             # characters of the rules text of one card face
MAX_NUMBER = 1_000_000        # any whole number: life, counters, x, power, toughness, numbers in text
MAX_PT_CHANGE = 10_000        # power (and toughness) change of one card, summed over its abilities
MAX_PROBLEMS = 50             # error lines for one input; then one line says how many more

SOLVER_INT = 2**31            # clingo numbers are 32-bit
assert 2 * MAX_NUMBER + (MAX_PERMANENTS + MAX_EFFECTS + MAX_COMMAND) * MAX_PT_CHANGE < SOLVER_INT


def describe():
    """The limits as lines of at most 96 characters (`mtgkb --help`, docs/snapshot-and-cards.md)."""
    import textwrap                       # only for the help: a query does not need it
    rows = [
        ("snapshot size", f"{MAX_BYTES:,} bytes (a regular file or standard input)"),
        ("nesting", f"{MAX_DEPTH} levels of lists and mappings"),
        ("players", f"{MAX_PLAYERS:,}"),
        ("permanents", f"{MAX_PERMANENTS:,}"),
        ("cards in one zone", f"{MAX_ZONE_CARDS:,} per player and zone (hand, library, graveyard)"),
        ("effects", f"{MAX_EFFECTS:,}, each with at most {MAX_TARGETS:,} targets"),
        ("stack", f"{MAX_STACK:,} objects"),
        ("command zone", f"{MAX_COMMAND:,} objects"),
        ("mana pool", f"{MAX_POOL:,} mana per player"),
        ("card definitions", f"{MAX_CARDS:,} under 'cards:'"),
        ("counter kinds", f"{MAX_COUNTER_KINDS} on one permanent, names of at most {MAX_COUNTER_NAME} characters"),
        ("ids and players", f"{MAX_ID} characters: letters, digits, '_' and '-'"),
        ("card and face names", f"{MAX_NAME} characters; type lines too"),
        ("rules text", f"{MAX_TEXT:,} characters per card face"),
        ("whole numbers", f"-{MAX_NUMBER:,} to {MAX_NUMBER:,}: life, counters, x, power, toughness "
                          f"(the counters of one permanent change power and toughness by at most "
                          f"{MAX_NUMBER:,}); a larger number in rules text makes that line not modelled"),
        ("power/toughness changes", f"{MAX_PT_CHANGE:,} to power and {MAX_PT_CHANGE:,} to toughness per "
                                    "card, summed over its abilities (more is not modelled)"),
        ("characters", "no control characters (Unicode Cc, except a line break in rules text), "
                       "format characters (Cf), surrogates (Cs) or line/paragraph separators "
                       "(U+2028, U+2029) in names, ids, counter kinds or card text"),
    ]
    width = max(len(k) for k, _ in rows) + 2
    out = []
    for k, v in rows:
        out += textwrap.wrap(v, 96, initial_indent=f"{k + ':':<{width}}", subsequent_indent=" " * width)
    return out
