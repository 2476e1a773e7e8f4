"""`mtgkb import forge`: a Forge puzzle (.pzl) or game-state file as a snapshot."""

import json
import os
from pathlib import Path
import tempfile

import click

from ..cli import handles_errors
from ..errors import InputError
from ..importers import forge


@click.group("import")
def command():
    """Convert game states written by other engines into snapshots."""


def write_atomically(path, text):
    """Write TEXT to PATH whole or not at all (a temporary file in the same folder, renamed)."""
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=f".{path.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise InputError(f"{path}: cannot write file ({e.strerror or e})")


@command.command("forge")
@click.argument("puzzle", metavar="PUZZLE.pzl", type=str)
@click.option("-o", "--out", "out", metavar="SNAP.yaml", help="Write the snapshot here (default: standard output).")
@click.option("--lenient", is_flag=True,
              help="Drop what the snapshot can't express, with a note each, instead of refusing the puzzle.")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"snapshot", "metadata", "notes", "unknown_cards"} as JSON instead of YAML.')
@handles_errors
def forge_command(puzzle, out, lenient, as_json):
    """Convert a Forge puzzle (.pzl) or game-state file into a snapshot.

    Converts the turn's active player and phase, life totals, hands, graveyards, libraries (top
    card first) and the battlefield with its modifiers: Tapped, SummonSick (a Forge card is not
    summoning sick unless marked), Counters (P1P1 -> "+1/+1", LOYALTY -> "loyalty", ...),
    FaceDown (:Manifested, :Cloaked, or morph/disguise when the card has one), PhasedOut, Owner,
    Id and AttachedTo. The line's player is the controller; ids are Forge's Id:N where given, else
    made from the card name. What the snapshot can't express (exile, tokens, mana pools, precast
    spells, scripts, combat, damage, chosen colors, ...) is refused, naming each, with exit status
    2 and nothing written; --lenient drops each with a note instead. Card names are not checked:
    the snapshot is written even with cards this installation doesn't know (a note names them),
    and every other command reports them when it reads the snapshot.
    """
    conv = forge.load(puzzle, lenient=lenient)
    if as_json:
        text = json.dumps({"snapshot": conv.snapshot, "metadata": conv.metadata, "notes": conv.notes,
                           "unknown_cards": conv.unknown_cards}, ensure_ascii=False) + "\n"
    else:
        text = forge.to_yaml(conv, puzzle)
    if out:
        write_atomically(out, text)
    else:
        click.echo(text, nl=False)
    for note in conv.notes:
        click.echo(f"note: {note}", err=True)
    if conv.unknown_cards:
        click.echo(f"note: {len(conv.unknown_cards)} card(s) not in the card library or the card database, "
                   f"which commands will report when they read the snapshot: {', '.join(conv.unknown_cards)}", err=True)
