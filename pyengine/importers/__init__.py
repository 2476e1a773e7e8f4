"""Importers: game states written by other engines, converted into snapshots (README, "The
snapshot"). Each importer refuses, naming it, whatever the snapshot cannot express, so that an
imported snapshot never says less than its source without saying so."""
