"""Prints Lamina's and the peers' times side by side, from the JSON files of
`lamina bench --suite peers --json` and of the peer scripts (`--json`) of
one run.

Each row: the median ms per frame of Lamina GL, Lamina CPU and each peer,
and each one's ratio to Skia's (below 1: faster than Skia). A scene a
renderer did not draw shows a dash. A second table gives the first frame
(fonts opened, text shaped and laid out, drawn) of the scenes whose
renderers report one (`first_frame_ms`: S7 and S7-flat for the text
peers, S6 for ThorVG; every scene for Lamina). S6 has no Skia peer, so its
ratios are to ThorVG's (marked †); where a renderer reports frames drawn
and encoded as PNG (`to_png_median_ms`), a third table shows those. Two
files of one backend (skia_peers.py and skia_text.py are both "skia-cpu")
share its column. Where a renderer drew both S8 and S8-none, a line gives
S8's time over S8-none's: what the 15 blend modes cost over drawing the
same cards source-over (the issue's bound: under 2× on LaminaCPU).

Lamina's S6, S6-one and S10 come from the `sequences` rows of `lamina
bench --suite sequences --json` (any file given that has no `renderer` is
Lamina's, so the peers' run and the sequences' run may be two files). In
the main table Lamina's S6 cell is a frame from the model drawn whole
(`lower_ms + full_ms`: presenting and lowering, then drawing), what
ThorVG's frame is (set_frame, update, draw); a table of the sequences
follows with Lamina's incremental frame (`lower_ms + incremental_ms`)
beside it, and the share of the drawing alone (incremental / full).
S10 ("changing paths", 120 frames) has both a Skia and a ThorVG peer,
each frame drawn from scratch: its ratios are to Skia's, and a table of
its own gives each renderer's median ms a frame and frames per second
(1000 / ms), Lamina's drawn whole and incrementally.
LaminaCPU has two columns: its cold frame (`cold_median_ms`: the plan
drawn by a new renderer, nothing cached), which does what a peer does in
every frame it is timed on, and its steady frame (cached coverage, stamps
and textures), which shows what caching adds; compare the peers with the
cold column.
Usage: python compare.py LAMINA.json SKIA.json [PEER.json | LAMINA-SEQUENCES.json ...]
"""
import json
import sys


def medians(path, key="median_ms"):
    with open(path) as f:
        document = json.load(f)
    return document, {(r["scene"], r["backend"]): r[key] for r in document["results"] if key in r}


def table(times, columns, only=None):
    header = f"{'scene':13s}" + "".join(f" {name:>11s} {'×':>6s}" for _, name in columns)
    print(header)
    print("-" * len(header))
    scenes = []
    for (scene, _) in times:
        if scene not in scenes and (only is None or scene in only):
            scenes.append(scene)
    footnote = False
    for scene in scenes:
        base, mark = times.get((scene, "skia-cpu")), "×"
        if base is None and times.get((scene, "thorvg-cpu")):
            # S6 has no Skia peer (skia-python has no Skottie): ratios to ThorVG's Lottie player.
            base, mark, footnote = times[(scene, "thorvg-cpu")], "†", True
        cells = [f"{scene:13s}"]
        for backend, _ in columns:
            ms = times.get((scene, backend))
            cells.append(f" {ms:11.2f}" if ms is not None else f" {'—':>11s}")
            cells.append(f" {ms / base:5.2f}{mark}" if ms is not None and base else f" {'—':>6s}")
        print("".join(cells))
    if footnote:
        print("†: ratio to ThorVG's where Skia has no time (S6 has no Skia peer: skia-python has no Skottie)")


def blend_cost(times, columns):
    """S8 over S8-none per renderer that drew both, or None when none did."""
    cells, any_pair = [f"{'S8 / S8-none':13s}"], False
    for backend, _ in columns:
        blend, none = times.get(("S8", backend)), times.get(("S8-none", backend))
        if blend is not None and none:
            cells.append(f" {blend / none:10.2f}× {'':6s}")
            any_pair = True
        else:
            cells.append(f" {'—':>11s} {'':6s}")
    return "".join(cells) if any_pair else None


def sequence_rows(document):
    """Lamina's sequence rows by (scene, backend) (`lamina bench --json`)."""
    return {(r["scene"], r["backend"]): r for r in document.get("sequences", [])}


def sequences_table(sequences, times):
    """Lamina's frames of S6 and S6-one, whole and incremental, beside ThorVG's."""
    header = (f"{'scene':9s} {'backend':7s} {'lower':>7s} {'full':>7s} {'incr':>7s} {'share':>7s}"
              f" {'whole':>8s} {'†':>5s} {'+incr':>8s} {'†':>5s} {'ThorVG':>8s}")
    print(header)
    print("-" * len(header))
    for (scene, backend), r in sequences.items():
        thorvg = times.get((scene, "thorvg-cpu"))
        whole, incremental = r["lower_ms"] + r["full_ms"], r["lower_ms"] + r["incremental_ms"]
        ratio = (lambda ms: f" {ms / thorvg:4.2f}†" if thorvg else f" {'—':>5s}")
        print(f"{scene:9s} {backend:7s} {r['lower_ms']:7.2f} {r['full_ms']:7.2f} {r['incremental_ms']:7.2f}"
              f" {r['share'] * 100:6.1f}% {whole:8.2f}{ratio(whole)} {incremental:8.2f}{ratio(incremental)}"
              + (f" {thorvg:8.2f}" if thorvg else f" {'—':>8s}"))
    print("lower: presenting and lowering a frame; full / incr: drawing it whole / only what changed since")
    print("the frame before (drawing alone; share: incr / full); whole = lower + full, +incr = lower + incr;")
    print("†: ratio to ThorVG's frame (set_frame, update, draw)")


SEQUENCE_PEERS = ["S10"]  # sequences with a Skia peer: compared in ms a frame and frames/s


def s10_table(times, sequences, columns, scene="S10"):
    """One sequence scene's renderers as ms a frame and frames/s, with the
    ratio of the ms to Skia's; None when no renderer drew it."""
    rows = []
    for backend, name in columns:
        if backend == "cpu-cold":
            continue
        r = sequences.get((scene, backend))
        if r is not None:
            rows.append((f"{name} whole", r["lower_ms"] + r["full_ms"]))
            rows.append((f"{name} +incr", r["lower_ms"] + r["incremental_ms"]))
        elif times.get((scene, backend)) is not None:
            rows.append((name, times[(scene, backend)]))
    if not rows:
        return None
    skia = times.get((scene, "skia-cpu"))
    header = f"{'renderer':16s} {'ms/frame':>9s} {'frames/s':>9s} {'×':>6s}"
    lines = [header, "-" * len(header)]
    for name, ms in rows:
        lines.append(f"{name:16s} {ms:9.2f} {1000 / ms if ms else float('inf'):9.1f}"
                     + (f" {ms / skia:5.2f}×" if skia else f" {'—':>6s}"))
    lines.append("whole: lower + full (a frame from the model drawn whole); +incr: lower + incremental;"
                 " the peers draw every frame from scratch; ×: ratio to Skia's ms")
    return "\n".join(lines)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    lamina_doc, times = medians(sys.argv[1])
    _, colds = medians(sys.argv[1], "cold_median_ms")
    times.update({(scene, backend + "-cold"): ms for (scene, backend), ms in colds.items()})
    _, firsts = medians(sys.argv[1], "first_frame_ms")
    sequences = sequence_rows(lamina_doc)
    renderers = []
    for path in sys.argv[2:]:
        doc, peer = medians(path)
        times.update(peer)
        firsts.update(medians(path, "first_frame_ms")[1])
        if "renderer" in doc:
            renderers.append(doc)
        else:
            sequences.update(sequence_rows(doc))  # another run of lamina bench
    for (scene, backend), r in sequences.items():
        times[(scene, backend)] = r["lower_ms"] + r["full_ms"]
    columns = [("gl", "LaminaGL")] + ([("cpu-cold", "CPU cold")] if colds else []) + [("cpu", "LaminaCPU")]
    for doc in renderers:
        if doc["results"] and all(doc["results"][0]["backend"] != b for b, _ in columns):
            columns.append((doc["results"][0]["backend"], doc["results"][0]["backend"]))
    print(f"machine: {lamina_doc['machine'].get('cpu', lamina_doc['machine']['uname'])}, "
          f"{lamina_doc['machine']['cores']} cores; GL: {lamina_doc.get('gl_renderer')}")
    for doc in renderers:
        print(f"peer: {doc['renderer']}")
    print("median ms per steady frame; ×: ratio to Skia (below 1: faster than Skia);"
          " Lamina's S6, S6-one, S10: a frame from the model, drawn whole (lower + full)")
    print("CPU cold: LaminaCPU's plan drawn by a new renderer, nothing cached (what the peers do every frame);"
          " LaminaCPU: its steady frame\n")
    table(times, columns)
    cost = blend_cost(times, columns)
    if cost:
        print("\nthe blend modes' cost: S8's median over S8-none's (the same cards drawn source-over)\n")
        print(cost.rstrip())
    if sequences:
        print("\nLamina's sequences (median ms per frame of 120)\n")
        sequences_table(sequences, times)
    for scene in SEQUENCE_PEERS:
        text = s10_table(times, sequences, columns, scene)
        if text:
            print(f"\n{scene}: median ms a frame and frames per second (120 frames)\n")
            print(text)
    _, to_png = medians(sys.argv[1], "to_png_median_ms")
    for path in sys.argv[2:]:
        to_png.update(medians(path, "to_png_median_ms")[1])
    if to_png:
        print("\ndrawn and encoded as PNG, median ms per frame\n")
        table(to_png, columns)
    peer_firsts = {scene for (scene, backend) in firsts if backend not in ("gl", "cpu")}
    if peer_firsts:
        print("\nfirst frame ms (fonts opened, text shaped and laid out, drawn; S6, S10: the Lottie parsed and built, frame 0 drawn); ×: ratio to Skia's\n")
        table(firsts, columns, only=peer_firsts)


if __name__ == "__main__":
    main()
