"""`mtgkb coverage`: each source sentence and each cited CR rule -> KB rules -> tests."""

import click

from .. import coverage as coverage_mod
from ..cli import emit, handles_errors, json_option


def _short(text, n=70):
    return text if len(text) <= n else text[:n - 1] + "…"


def human(r):
    lines = ["Source sentences (docs/sources/*.txt) -> CR -> KB rules -> tests", ""]
    lines.append(f"{'#':>3}  {'status':<22} {'CR':<18} {'rules':>5} {'tests':>5}  sentence")
    for i, row in enumerate(r["sentences"], 1):
        status = ("outside the model" if "outside_model" in row else
                  "ok" if not row["gap"] else "GAP: " + ", ".join(row["gap"]))
        lines.append(f"{i:>3}  {status:<22} {' '.join(row['cr']) or '-':<18} {len(row['rules']):>5} "
                     f"{len(row['tests']):>5}  {_short(row['sentence'])}")
    lines += ["", "CR rules cited by the KB -> KB rules -> tests", ""]
    lines.append(f"{'CR':<10} {'status':<10} {'rules':>5} {'tests':>5}  where")
    for c in r["cr_rules"]:
        where = ", ".join(sorted({x["source"] for x in c["rules"]}))
        lines.append(f"{c['cr']:<10} {'ok' if not c['gap'] else 'GAP: ' + ', '.join(c['gap']):<10} "
                     f"{len(c['rules']):>5} {len(c['tests']):>5}  {_short(where, 60)}")
    t = r["totals"]
    notes = [f"  outside the model: {_short(row['sentence'], 50)} -- {row['outside_model']}"
             for row in r["sentences"] if "outside_model" in row]
    lines += ["", f"sentences: {t['sentences']}, covered: {t['covered']}, "
                  f"outside the model: {t['outside_model']}, gaps: {t['gaps']} "
                  f"(without rule: {t['without_rule']}, without test: {t['without_test']}, "
                  f"unmapped: {t['unmapped']})",
              f"CR rules cited by the KB: {t['cr_rules_cited']}, tested: {t['cr_rules_tested']}"] + notes
    return "\n".join(lines)


@click.command("coverage")
@click.option("--gaps", is_flag=True, help="List only the sentences and CR rules with a gap.")
@json_option
@handles_errors
def command(gaps, as_json):
    """Which source sentences and CR rules are encoded by KB rules and checked by tests?

    Every sentence of the three seed documents (docs/sources/*.txt; identical sentences are listed
    once, with their documents) is shown with the CR rules it maps to (cited in it, or assigned
    by docs/sources/sentence-map.yaml), the KB rules tagged with them (@cr / @ruling), and the
    tests that quote it or cite those rules. A sentence with no rule or no test is a gap. Then the
    same for each CR rule number the KB cites.
    """
    r = coverage_mod.report()
    if gaps:
        r["sentences"] = [s for s in r["sentences"] if s["gap"]]
        r["cr_rules"] = [c for c in r["cr_rules"] if c["gap"]]
    emit(r, as_json, human)
