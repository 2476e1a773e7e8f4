"""The card database: every card of the game by name, offline (issue 10).

``mtgkb cards import FILE...`` builds it (SQLite, :mod:`.store`) from MTGJSON or Scryfall files
(:mod:`.sources`), compiling every card once in a process pool (:mod:`.importer`); a snapshot's
``card:`` names are then resolved against it (:mod:`pyengine.cardlookup`) with the facts stored at
import time. ``mtgkb cards show|coverage|update`` read it (:mod:`.classify`, :mod:`.update`).
"""
