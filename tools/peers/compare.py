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
share its column.
Usage: python compare.py LAMINA.json SKIA.json [PEER.json ...]
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
        print("†: ratio to ThorVG's (S6 has no Skia peer: skia-python has no Skottie)")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    lamina_doc, times = medians(sys.argv[1])
    _, firsts = medians(sys.argv[1], "first_frame_ms")
    renderers = []
    for path in sys.argv[2:]:
        doc, peer = medians(path)
        times.update(peer)
        firsts.update(medians(path, "first_frame_ms")[1])
        renderers.append(doc)
    columns = [("gl", "LaminaGL"), ("cpu", "LaminaCPU")]
    for doc in renderers:
        if doc["results"] and all(doc["results"][0]["backend"] != b for b, _ in columns):
            columns.append((doc["results"][0]["backend"], doc["results"][0]["backend"]))
    print(f"machine: {lamina_doc['machine'].get('cpu', lamina_doc['machine']['uname'])}, "
          f"{lamina_doc['machine']['cores']} cores; GL: {lamina_doc.get('gl_renderer')}")
    for doc in renderers:
        print(f"peer: {doc['renderer']}")
    print("median ms per steady frame; ×: ratio to Skia (below 1: faster than Skia)\n")
    table(times, columns)
    _, to_png = medians(sys.argv[1], "to_png_median_ms")
    for path in sys.argv[2:]:
        to_png.update(medians(path, "to_png_median_ms")[1])
    if to_png:
        print("\ndrawn and encoded as PNG, median ms per frame\n")
        table(to_png, columns)
    peer_firsts = {scene for (scene, backend) in firsts if backend not in ("gl", "cpu")}
    if peer_firsts:
        print("\nfirst frame ms (fonts opened, text shaped and laid out, drawn; S6: the Lottie parsed and built, frame 0 drawn); ×: ratio to Skia's\n")
        table(firsts, columns, only=peer_firsts)


if __name__ == "__main__":
    main()
