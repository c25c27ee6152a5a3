"""tools/lottie-ios-check: renders lottie-ios's sample animations and
compares them with Core Animation's snapshots as lottie-ios's snapshot tests
do (swift-snapshot-testing's perceptual comparison, compare.py), then prints
a table and the pass rates (report.py).

  tools/lottie-ios-check PATH_TO_LOTTIE_IOS [--renderer lamina|thorvg|rlottie|empty|mainthread]
      [--lamina PATH] [--backend cpu|gl] [--samples dev|all|GLOB...] [--jobs N]
      [--json OUT] [--keep DIR]
  tools/lottie-ios-check PATH_TO_LOTTIE_IOS --census
  tools/lottie-ios-check PATH_TO_LOTTIE_IOS --propose-dev [N]

--samples: "all" (default), "dev" (the samples listed in
tools/lottie_ios_check/dev_samples.txt) or shell globs over sample names
("Issues/issue_1*", "LottieLogo1"); several may be given.
--keep DIR: writes each render as DIR/<reference name>.png and, where a
reference fails, DIR/<reference name>.fail.png (the reference in grey, its
failing pixels red).
"""
import argparse
import collections
import concurrent.futures
import datetime
import multiprocessing.util
import os
import sys
import time

import numpy as np

from . import compare, features, images, renderers, report, samples

_STATE = {}


def _init_worker(renderer_name, lamina, backend, keep, child=True):
    _STATE["renderer"] = renderers.make(renderer_name, lamina, backend)
    _STATE["workdir"] = renderers.WorkDir()
    _STATE["keep"] = keep
    if child:  # a pool process: clean up when it exits
        multiprocessing.util.Finalize(None, _close_worker, exitpriority=10)


def _close_worker():
    if "renderer" in _STATE:
        _STATE["renderer"].close()
        _STATE["workdir"].cleanup()
        _STATE.clear()


def _fail_image(reference, failing):
    grey = reference[..., :3].astype(np.float32).mean(axis=-1) * reference[..., 3] / 255.0
    grey = (64 + grey * 0.5).astype(np.uint8)
    out = np.empty(reference.shape, dtype=np.uint8)
    out[..., 0] = grey
    out[..., 1] = grey
    out[..., 2] = grey
    out[..., 3] = 255
    out[failing] = (255, 0, 0, 255)
    return out


def _run_sample(refs):
    renderer = _STATE["renderer"]
    workdir = _STATE["workdir"].path
    keep = _STATE["keep"]
    sample = refs[0].sample
    references = [images.load(r.path) for r in refs]
    sizes = [(a.shape[1], a.shape[0]) for a in references]
    notes = []
    try:
        animation, _ = sample.animation()
        expected = samples.snapshot_geometry(animation["w"], animation["h"], sample.config.max_dimension)[:2]
        if any(s != expected for s in sizes):
            notes.append("reference size differs from snapshotSize %dx%d" % expected)
    except Exception as e:  # noqa: BLE001
        notes.append("cannot read sample: %s" % e)
    start = time.perf_counter()
    try:
        renders = renderer.render_sample(sample, refs, sizes, workdir)
    except Exception as e:  # noqa: BLE001
        renders = [(None, "%s: %s" % (type(e).__name__, e))] * len(refs)
    seconds = (time.perf_counter() - start) / max(len(refs), 1)
    rows = []
    for r, reference, (image, note) in zip(refs, references, renders):
        config = sample.config
        empty = compare.compare(reference, images.transparent(reference.shape[1], reference.shape[0]),
                                config.precision, backdrop=False)
        row = {"sample": sample.name, "progress": r.progress_label(), "reference": os.path.basename(r.path),
               "group": sample.group, "precision": config.precision, "empty_fails": not empty.passed,
               "config_notes": config.unreproducible(), "render_s": seconds, "error": None,
               "passed": False, "share": None, "white_share": None, "white_passed": False,
               "max_delta_e": None, "identical": False}
        row_notes = list(notes)
        if image is None:
            row["error"] = note or "no image"
            row_notes.insert(0, row["error"])
        else:
            if note:
                row_notes.append(note)
            c = compare.compare(reference, image, config.precision)
            row.update(passed=c.passed, share=c.share, white_share=c.white_share,
                       white_passed=c.white_passed, max_delta_e=c.max_delta_e, identical=c.identical)
            if c.size_mismatch:
                row_notes.append("size %dx%d, reference %dx%d" % (image.shape[1], image.shape[0],
                                                                  reference.shape[1], reference.shape[0]))
            if keep:
                stem = os.path.join(keep, row["reference"][len(samples.CA_PREFIX):-4])
                images.save(stem + ".png", image)
                if not c.passed and not c.size_mismatch:
                    failing = _failing_mask(reference, image)
                    images.save(stem + ".fail.png", _fail_image(reference, failing))
        if config.precision != compare.DEFAULT_PRECISION:
            row_notes.append("precision %g" % config.precision)
        row_notes.extend(config.unreproducible())
        row["notes"] = row_notes
        rows.append(row)
    return rows


def _failing_mask(reference, image):
    a = compare.premultiplied_float(reference)
    b = compare.premultiplied_float(image)
    differs = np.any(a != b, axis=-1)
    mask = np.zeros(differs.shape, dtype=bool)
    if differs.any():
        de = compare.delta_e94(a[differs], b[differs]).astype(np.float16).astype(np.float32)
        mask[differs] = de > compare.threshold()
    return mask


def _missing_rows(refs):
    return [{"sample": r.name, "progress": r.progress_label(), "reference": os.path.basename(r.path),
             "group": None, "precision": None, "empty_fails": None, "config_notes": [],
             "render_s": None, "error": "sample file missing", "passed": None, "share": None,
             "white_share": None, "white_passed": None, "max_delta_e": None, "identical": False,
             "notes": ["sample file missing"]} for r in refs]


def propose_dev(lottie_ios, all_samples, refs, limit, out):
    """Candidates: Issues/ and top-level samples, no providers or viewport in
    their configuration, snapshot at the five default progresses, of which
    an empty image fails at least three."""
    by_sample = collections.defaultdict(list)
    for r in refs:
        if r.sample is not None:
            by_sample[r.sample.name].append(r)
    candidates = []
    for name, rs in sorted(by_sample.items()):
        s = all_samples[name]
        if s.group != "dev" or s.config.unreproducible() or s.config.exclude_core_animation:
            continue
        if len(rs) != 5 or any(r.frame is not None for r in rs):
            continue
        fails = 0
        for r in rs:
            ref = images.load(r.path)
            c = compare.compare(ref, np.zeros_like(ref), s.config.precision, backdrop=False)
            fails += not c.passed
        if fails < 3:
            continue
        candidates.append((s, features.features(s.animation()[0])))
    out.write("# %d candidates\n" % len(candidates))
    for s, tags in features.propose(candidates, limit):
        out.write("%-44s # %s\n" % (s.name, features.summary(tags)))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tools/lottie-ios-check", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lottie_ios", metavar="PATH_TO_LOTTIE_IOS")
    parser.add_argument("--renderer", default="lamina",
                        choices=["lamina", "thorvg", "rlottie", "empty", "mainthread"])
    parser.add_argument("--lamina", help="the lamina executable (default .build/release/lamina)")
    parser.add_argument("--backend", default="cpu", choices=["cpu", "gl"])
    parser.add_argument("--samples", nargs="+", default=["all"], metavar="dev|all|GLOB")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", metavar="OUT")
    parser.add_argument("--keep", metavar="DIR")
    parser.add_argument("--census", action="store_true", help="print the feature census and exit")
    parser.add_argument("--propose-dev", type=int, nargs="?", const=40, metavar="N",
                        help="propose N development samples (default 40) and exit")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)

    if not os.path.isdir(os.path.join(args.lottie_ios, "Tests", "Samples")):
        parser.error("%s has no Tests/Samples" % args.lottie_ios)
    configs = samples.read_configurations(args.lottie_ios)
    all_samples = samples.find_samples(args.lottie_ios, configs)
    all_refs = samples.find_references(args.lottie_ios, all_samples)
    if args.census:
        features.print_census(all_samples.values(), sys.stdout)
        return 0
    if args.propose_dev:
        propose_dev(args.lottie_ios, all_samples, all_refs, args.propose_dev, sys.stdout)
        return 0

    refs = samples.select(all_refs, args.samples)
    if not refs:
        parser.error("no reference matches --samples " + " ".join(args.samples))
    groups = collections.OrderedDict()
    missing = []
    for r in refs:
        if r.sample is None:
            missing.append(r)
        else:
            groups.setdefault(r.sample.name, []).append(r)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    if args.renderer in ("thorvg", "rlottie"):
        from . import peers_venv
        peers_venv.ensure([args.renderer])

    _init_worker(args.renderer, args.lamina, args.backend, args.keep, child=False)
    version = _STATE["renderer"].version()
    rows_by_sample = {}
    started = time.perf_counter()
    try:
        work = list(groups.values())
        if args.jobs <= 1:
            results = map(_run_sample, work)
            pool = None
        else:
            pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=args.jobs, initializer=_init_worker,
                initargs=(args.renderer, args.lamina, args.backend, args.keep))
            results = pool.map(_run_sample, work)
        for i, rows in enumerate(results):
            rows_by_sample[rows[0]["sample"]] = rows
            if not args.quiet:
                print("[%d/%d] %s: %s" % (i + 1, len(work), rows[0]["sample"],
                                          " ".join(("ok" if r["passed"] else ("err" if r["error"] else "no"))
                                                   for r in rows)), file=sys.stderr, flush=True)
        if pool is not None:
            pool.shutdown()
    finally:
        _close_worker()
    elapsed = time.perf_counter() - started

    rows = []
    for name in groups:
        rows.extend(rows_by_sample[name])
    rows.extend(_missing_rows(missing))
    report.table(rows, sys.stdout)
    dev_list = set(samples.read_dev_list()) if os.path.exists(samples.DEV_LIST) else None
    summary = report.summarize(rows, dev_list)
    report.print_summary(summary, sys.stdout, version)
    print("%d references in %.1f s (%d job%s)" % (len(rows), elapsed, args.jobs, "s" if args.jobs > 1 else ""))
    if args.json:
        report.write_json(args.json, {
            "renderer": args.renderer, "version": version, "backend": args.backend,
            "lottie_ios": os.path.abspath(args.lottie_ios), "samples": args.samples,
            "date": datetime.date.today().isoformat(), "seconds": elapsed,
            "summary": summary, "rows": rows})
    return 0
