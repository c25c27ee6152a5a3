"""Prints Lamina's and the peers' times side by side, from the JSON files of
`lamina bench --suite peers --json` and of the peer scripts (`--json`) of
one run.

Each row: the median ms per frame of Lamina GL, Lamina CPU and each peer,
and each one's ratio to Skia's (below 1: faster than Skia). A scene a
renderer did not draw shows a dash.
Usage: python compare.py LAMINA.json SKIA.json [PEER.json ...]
"""
import json
import sys


def medians(path):
    with open(path) as f:
        document = json.load(f)
    return document, {(r["scene"], r["backend"]): r["median_ms"] for r in document["results"]}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    lamina_doc, times = medians(sys.argv[1])
    renderers = []
    for path in sys.argv[2:]:
        doc, peer = medians(path)
        times.update(peer)
        renderers.append(doc)
    columns = [("gl", "LaminaGL"), ("cpu", "LaminaCPU")]
    columns += [(doc["results"][0]["backend"], doc["results"][0]["backend"]) for doc in renderers if doc["results"]]
    print(f"machine: {lamina_doc['machine'].get('cpu', lamina_doc['machine']['uname'])}, "
          f"{lamina_doc['machine']['cores']} cores; GL: {lamina_doc.get('gl_renderer')}")
    for doc in renderers:
        print(f"peer: {doc['renderer']}")
    print("median ms per frame; ×: ratio to Skia (below 1: faster than Skia)\n")
    header = f"{'scene':13s}" + "".join(f" {name:>10s} {'×':>6s}" for _, name in columns)
    print(header)
    print("-" * len(header))
    scenes = []
    for (scene, _) in times:
        if scene not in scenes:
            scenes.append(scene)
    for scene in scenes:
        base = times.get((scene, "skia-cpu"))
        cells = [f"{scene:13s}"]
        for backend, _ in columns:
            ms = times.get((scene, backend))
            cells.append(f" {ms:10.2f}" if ms is not None else f" {'—':>10s}")
            cells.append(f" {ms / base:5.2f}×" if ms is not None and base else f" {'—':>6s}")
        print("".join(cells))


if __name__ == "__main__":
    main()
