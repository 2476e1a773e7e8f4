"""The card database: every card of the game by name, offline (issue 10).

``mtgkb cards import FILE...`` builds it (SQLite, :mod:`.store`) from MTGJSON or Scryfall files
(:mod:`.sources`), compiling every card once in a process pool (:mod:`.importer`); a snapshot's
``card:`` names are then resolved against it (:mod:`pyengine.cardlookup`) with the facts stored at
import time. ``mtgkb cards show|coverage|update`` read it (:mod:`.classify`, :mod:`.update`).
"""

# Where `mtgkb cards update` downloads from (MTGJSON publishes URL.sha256 beside it). Kept here, not
# in .update, so that `mtgkb --help` needs no network module.
DEFAULT_URL = "https://mtgjson.com/api/v5/AtomicCards.json.xz"
