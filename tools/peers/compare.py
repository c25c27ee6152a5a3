"""Prints Lamina's times as ratios to Skia's, from the JSON files of
`lamina bench --suite peers --json` and `skia_peers.py --json` of one run.

A ratio is Lamina's median frame time over Skia's: below 1 Lamina is
faster. Usage: python compare.py LAMINA.json SKIA.json
"""
import json
import sys


def medians(path):
    with open(path) as f:
        document = json.load(f)
    return document, {(r["scene"], r["backend"]): r["median_ms"] for r in document["results"]}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    lamina_doc, lamina = medians(sys.argv[1])
    skia_doc, skia = medians(sys.argv[2])
    print(f"machine: {lamina_doc['machine'].get('cpu', lamina_doc['machine']['uname'])}, "
          f"{lamina_doc['machine']['cores']} cores; GL: {lamina_doc.get('gl_renderer')}; {skia_doc['renderer']}")
    print("median ms per frame; ratio = Lamina / Skia (below 1: Lamina is faster)\n")
    header = f"{'scene':13s} {'Skia CPU':>9s} {'LaminaGL':>9s} {'GL/Skia':>8s} {'LaminaCPU':>10s} {'CPU/Skia':>9s}"
    print(header)
    print("-" * len(header))
    scenes = [r["scene"] for r in skia_doc["results"]]
    for scene in scenes:
        base = skia[(scene, "skia-cpu")]
        cells = [f"{scene:13s}", f"{base:9.2f}"]
        for backend, width in (("gl", 9), ("cpu", 10)):
            ms = lamina.get((scene, backend))
            cells.append(f"{ms:{width}.2f}" if ms is not None else f"{'—':>{width}s}")
            cells.append(f"{ms / base:8.2f}×" if ms is not None and base > 0 else f"{'—':>9s}")
        print(" ".join(cells))


if __name__ == "__main__":
    main()
