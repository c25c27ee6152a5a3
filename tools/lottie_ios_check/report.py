"""The checker's table and pass rates.

Rates, each over the references that have a sample file:
- pass: share of references that pass lottie-ios's comparison;
- headline: pass share over only the references a transparent image of
  the right size fails (an empty render passes about a fifth of all
  references; those say nothing about a renderer);
- within 1%: share of references whose failing-pixel share is at most 1%
  (over the headline references).
Groups: dev (Tests/Samples/Issues/ and the top-level Tests/Samples/*.json),
other (Nonanimating/, TypeFace/, DotLottie/, DotLotExtension/),
LottieFiles/ (apart: its licence differs), all; and the dev list
(dev_samples.txt) when its samples were run.
"""
import json

GROUPS = ("dev", "other", "LottieFiles")


def _pct(x):
    return "%6.2f" % (100.0 * x) if x is not None else "     -"


def table(rows, out):
    width = max([len(r["sample"]) for r in rows] + [6])
    out.write("%-*s %8s %4s %7s %7s  %s\n" % (width, "sample", "progress", "pass", "fail%", "white%",
                                            "notes"))
    for r in rows:
        if r["error"] is not None or r["passed"] is None:
            verdict = "err"
        else:
            verdict = "yes" if r["passed"] else "no"
        notes = list(r["notes"])
        out.write("%-*s %8s %4s %7s %7s  %s\n" % (
            width, r["sample"], r["progress"], verdict, _pct(r["share"]),
            _pct(r["white_share"]), "; ".join(notes)))


def _rates(rows):
    n = len(rows)
    head = [r for r in rows if r["empty_fails"]]
    passed = sum(1 for r in rows if r["passed"])
    head_passed = sum(1 for r in head if r["passed"])
    within = sum(1 for r in head if r["share"] is not None and r["share"] <= 0.01)
    white = sum(1 for r in head if r["white_passed"])
    return {"references": n, "passed": passed, "pass_rate": passed / n if n else None,
            "headline_references": len(head), "headline_passed": head_passed,
            "headline_rate": head_passed / len(head) if head else None,
            "headline_within_1pct": within / len(head) if head else None,
            "headline_white_rate": white / len(head) if head else None,
            "errors": sum(1 for r in rows if r["error"] is not None)}


def summarize(rows, dev_list=None):
    usable = [r for r in rows if r["group"] is not None]
    groups = {g: [r for r in usable if r["group"] == g] for g in GROUPS}
    summary = {g: _rates(v) for g, v in groups.items() if v}
    summary["all"] = _rates(usable)
    if dev_list:
        listed = [r for r in usable if r["sample"] in dev_list]
        if listed:
            summary["dev list"] = _rates(listed)
    summary["missing_sample"] = sum(1 for r in rows if r["group"] is None)
    summary["unreproducible_config"] = sum(1 for r in usable if r["config_notes"])
    return summary


def print_summary(summary, out, renderer=""):
    out.write("\nPass rates%s (headline: over the references an empty image fails)\n"
              % (" of " + renderer if renderer else ""))
    out.write("%-12s %6s %7s %9s %8s %9s %10s %6s\n" % (
        "group", "refs", "pass%", "headline", "pass%", "<=1%fail", "white-pass", "errors"))
    for g in list(GROUPS) + ["all", "dev list"]:
        s = summary.get(g)
        if not s:
            continue
        out.write("%-12s %6d %7s %9d %8s %9s %10s %6d\n" % (
            g, s["references"], _pct(s["pass_rate"]), s["headline_references"],
            _pct(s["headline_rate"]), _pct(s["headline_within_1pct"]),
            _pct(s["headline_white_rate"]), s["errors"]))
    if summary.get("missing_sample"):
        out.write("%d reference(s) have no sample file and are left out\n" % summary["missing_sample"])
    if summary.get("unreproducible_config"):
        out.write("%d reference(s) are of samples configured with providers or a viewport "
                  "the plain file lacks (in the rates; see notes)\n" % summary["unreproducible_config"])


def write_json(path, document):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1)
