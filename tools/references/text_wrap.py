"""Where headless Chromium wraps paragraphs: the line-start fixture of
Tests/References/text-wrap/chromium.json, the outside reference for
Lamina's line breaking (Tests/LaminaTests/TextWrapChromiumTests.swift).

Usage: python3 tools/references/text_wrap.py [--out FILE] [--only NAME...]

For each case of CORPUS (a wrapped text layer: string, font, fallback
fonts, size, width) one HTML page says the same paragraph in CSS (the
mapping and the spec text it rests on are in docs/references.md, "Wrapped
text"):

- `@font-face` rules load the exact files fontconfig resolves for the
  case's font names (`fc-match -f '%{file}'`), so Chromium and Lamina
  shape with the same tables; a face inside a collection (.ttc) is first
  copied out into a standalone .ttf with the same table bytes (Chromium's
  font sanitizer refuses collections). The font stack lists only these
  faces; the test checks that Lamina used no other.
- `font-size` in px (a scene's point is a CSS px: one bounds unit);
  `width` the bounds' width; `white-space: pre-wrap` (spaces kept, trailing
  spaces hang, newlines are hard breaks); `overflow-wrap: break-word` (a
  word longer than the line breaks inside, between grapheme clusters);
  `line-height: 2` (it does not move breaks; it keeps each line's glyph
  boxes clear of the next line's, which the reading below relies on).
- A script walks the text node code point by code point with
  `Range.getClientRects()`: a character whose box starts below the bottom
  of the current line's boxes starts a line. It writes the UTF-16 offsets
  of the line starts and each line's width (its text without trailing
  white space, `Range.getBoundingClientRect`) as JSON into the page, which
  `chromium --headless --dump-dom` prints once `document.fonts.ready` has
  resolved. A face that did not load makes the case fail.

A case Chromium and Lamina break differently stays in the fixture with
Chromium's answer; the test holds Lamina to it unless the case carries a
`knownDifference` (Lamina's starts and the reason, from KNOWN below), in
which case the test checks both answers, so either side changing is seen.

Refused (never in the corpus): empty paragraphs (an empty line has no
character to find it by), tabs and control characters (the contract lays
a tab out as a space, CSS `pre-wrap` at tab stops), truncation and
alignment (breaks only), text that needs a font fontconfig would find but
the page does not list (the test checks Lamina's runs).

Design: a DOM dump instead of a screenshot (positions come from Chromium's
layout objects, not from pixels), one Chromium process per case. Rejected:
reading line boxes from a screenshot (anti-aliasing, and bidi lines do not
show where in the string they start); the DevTools protocol (needs a
WebSocket client outside the standard library).
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "References", "text-wrap", "chromium.json")

PANGRAM = ("The quick brown fox jumps over the lazy dog while five boxing wizards "
           "jump quickly; sphinx of black quartz, judge my vow.")

# name, text, [font, fallbacks...], size (px = pt), width[, CSS declarations
# that override the page's defaults]
CORPUS = [
    ("latin-long-words", "Internationalization requires supercalifragilisticexpialidocious "
     "patience and antidisestablishmentarianism.", ["DejaVu Sans"], 16, 120),
    ("latin-one-long-word", "Pneumonoultramicroscopicsilicovolcanoconiosis", ["DejaVu Sans"], 20, 97),
    ("latin-narrower-than-a-letter", "Wrap me", ["DejaVu Sans"], 20, 5),
    ("latin-hyphens", "A well-known state-of-the-art twenty-first-century editor rewrote it: "
     "e-mail, x-ray, re-enter, co-operate, long-term-care-facility.", ["DejaVu Sans"], 18, 150),
    ("latin-punctuation", "Wait\u2014what? \u201cQuoted text,\u201d she said\u2026 (parenthetical) "
     "[bracketed] {braced} 50% off! Really?! Yes; no: maybe.", ["Liberation Serif"], 20, 180),
    ("latin-slashes-urls", "See https://example.com/very/long/path/segments/index.html?query=value"
     "&other=thing or either/or and/or path/to/file.txt today.", ["DejaVu Sans"], 15, 170),
    ("latin-numbers", "Prices: $1,234.56 or \u20ac99.99 (\u221215%), 10:30\u201311:45 on 2026-11-25, "
     "version 3.14.159 and 1/2 cup.", ["Liberation Serif"], 18, 140),
    ("latin-spaces-newlines", "several   spaces   between   words\nand a second paragraph that "
     "wraps around\nthird", ["DejaVu Sans"], 16, 130),
    ("latin-serif-w60", PANGRAM, ["Liberation Serif"], 14, 60),
    ("latin-serif-w97", PANGRAM, ["Liberation Serif"], 14, 97),
    ("latin-serif-w143", PANGRAM, ["Liberation Serif"], 14, 143),
    ("latin-serif-w211", PANGRAM, ["Liberation Serif"], 14, 211),
    ("latin-serif-w300", PANGRAM, ["Liberation Serif"], 14, 300),
    ("latin-sans-11", PANGRAM, ["DejaVu Sans"], 11, 150),
    ("latin-sans-24", PANGRAM, ["DejaVu Sans"], 24, 150),
    ("latin-sans-37.5", PANGRAM, ["DejaVu Sans"], 37.5, 230),
    ("cjk-japanese", "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u306f\u3001\u5358\u8a9e\u306e"
     "\u9593\u306b\u30b9\u30da\u30fc\u30b9\u304c\u3042\u308a\u307e\u305b\u3093\u3002\u300c\u62ec\u5f27"
     "\u300d\u3084\u53e5\u8aad\u70b9\uff08\u3001\u3002\uff09\u306e\u524d\u5f8c\u3067\u306f\u6539\u884c"
     "\u304c\u7981\u6b62\u3055\u308c\u307e\u3059\u3002", ["WenQuanYi Micro Hei"], 16, 100),
    ("cjk-chinese", "\u4e2d\u6587\u4e5f\u4e00\u6837\uff1a\u6c49\u5b57\u4e4b\u95f4\u53ef\u4ee5\u6362"
     "\u884c\uff0c\u4f46\u6807\u70b9\u7b26\u53f7\u4e0d\u80fd\u51fa\u73b0\u5728\u884c\u9996\u3002"
     "\u6df7\u5408 Latin words \u548c\u6570\u5b57 2026 \u5e74\u3002", ["WenQuanYi Micro Hei"], 18, 137),
    ("cjk-small-kana", "\u30c1\u30e7\u30b3\u30ec\u30fc\u30c8\u3068\u30b3\u30fc\u30d2\u30fc\u3092"
     "\u30c3\u30c3\u30c3\u30c3\u3063\u3063\u3063\u30fc\u30fc\u30fc\u98f2\u307f\u307e\u3057\u3087"
     "\u3046\u3002", ["WenQuanYi Micro Hei"], 20, 90),
    ("cjk-small-kana-strict", "\u30c1\u30e7\u30b3\u30ec\u30fc\u30c8\u3068\u30b3\u30fc\u30d2"
     "\u30fc\u3092\u30c3\u30c3\u30c3\u30c3\u3063\u3063\u3063\u30fc\u30fc\u30fc\u98f2\u307f"
     "\u307e\u3057\u3087\u3046\u3002", ["WenQuanYi Micro Hei"], 20, 90, "line-break: strict"),
    ("hebrew-latin", "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd! This is mixed "
     "\u05e2\u05d1\u05e8\u05d9\u05ea and English text, \u05e2\u05dd \u05de\u05e1\u05e4\u05e8\u05d9"
     "\u05dd 123 \u05d5-456 \u05d1\u05ea\u05d5\u05da \u05d4\u05de\u05e9\u05e4\u05d8.",
     ["DejaVu Sans"], 18, 160),
    ("hebrew-serif", "\u05d1\u05e8\u05d0\u05e9\u05d9\u05ea \u05d1\u05e8\u05d0 \u05d0\u05dc\u05d4"
     "\u05d9\u05dd \u05d0\u05ea \u05d4\u05e9\u05de\u05d9\u05dd \u05d5\u05d0\u05ea \u05d4\u05d0\u05e8"
     "\u05e5 (Genesis 1:1) \u05d5\u05d4\u05d0\u05e8\u05e5 \u05d4\u05d9\u05ea\u05d4 \u05ea\u05d4\u05d5 "
     "\u05d5\u05d1\u05d4\u05d5.", ["Liberation Serif"], 22, 150),
    ("arabic", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645\u060c "
     "\u0647\u0630\u0627 \u0646\u0635 \u0639\u0631\u0628\u064a \u0637\u0648\u064a\u0644 \u064a\u062d"
     "\u062a\u0648\u064a \u0639\u0644\u0649 \u0643\u0644\u0645\u0627\u062a \u0645\u062a\u0639\u062f"
     "\u062f\u0629 \u0644\u0627\u062e\u062a\u0628\u0627\u0631 \u0627\u0644\u062a\u0641\u0627\u0641 "
     "\u0627\u0644\u0623\u0633\u0637\u0631 \u0641\u064a \u0627\u0644\u062a\u062e\u0637\u064a\u0637.",
     ["DejaVu Sans"], 18, 150),
    ("arabic-long-word", "\u0627\u0644\u0627\u0633\u062a\u0642\u0644\u0627\u0644\u064a\u0629\u0627"
     "\u0644\u0645\u062a\u0639\u062f\u062f\u0629\u0627\u0644\u0623\u0633\u0637\u0631 \u0646\u0635",
     ["DejaVu Sans"], 18, 80),
    ("emoji", "Emoji \U0001F600 in text \U0001F44D\U0001F3FD and a family "
     "\U0001F468\u200D\U0001F469\u200D\U0001F467 flag \U0001F1EB\U0001F1F7 here, long"
     "\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600\U0001F600 run.",
     ["DejaVu Sans", "Noto Color Emoji"], 18, 140),
]

# name -> (Lamina's line starts, why the difference is right or accepted);
# docs/references.md, "Wrapped text", quotes the rules.
KNOWN = {
    "latin-slashes-urls": (
        [0, 12, 29, 48, 59, 78, 100, 120],
        "Chromium decides a break between two printable ASCII characters with its own table "
        "(Blink's kAsciiLineBreakTable, for compatibility with older browsers), which allows "
        "none after '/'; UAX #14 gives '/' class SY, 'Symbols Allowing Break After', and ICU "
        "breaks after it before a letter (https:// | example.com/ | very/...). Lamina follows "
        "UAX #14 as the contract says; Chromium keeps the URL whole and breaks it inside "
        "by overflow-wrap."),
    "cjk-small-kana": (
        [0, 3, 7, 11, 15, 19, 23, 27],
        "Chromium's line-break: auto lets a line start with a small kana or the prolonged sound "
        "mark U+30FC (UAX #14 class CJ resolved to ID, CSS Text 3's line-break: normal); UAX #14's "
        "default (LB1) and ICU's root rules resolve CJ to NS, no break before it, which Lamina "
        "follows. With line-break: strict Chromium agrees (cjk-small-kana-strict)."),
}


def fc_file(name):
    """fontconfig's file and face index for a family name."""
    out = subprocess.run(["fc-match", "-f", "%{file}\t%{index}", name], check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    path, index = out.split("\t")
    return path, int(index)


def standalone_face(path, index, tmp):
    """`path` itself for a single font; for a collection, face `index`
    copied into a standalone sfnt: its table directory rewritten with the
    same tables, byte for byte."""
    data = open(path, "rb").read()
    if data[:4] != b"ttcf":
        return path
    (count,) = struct.unpack(">I", data[8:12])
    if index >= count:
        raise SystemExit(f"{path}: no face {index}")
    (offset,) = struct.unpack(">I", data[12 + 4 * index:16 + 4 * index])
    version, ntables = struct.unpack(">IH", data[offset:offset + 6])
    records = [struct.unpack(">4sIII", data[offset + 12 + 16 * i:offset + 28 + 16 * i])
               for i in range(ntables)]
    head = data[offset:offset + 12]
    body = b""
    directory = b""
    start = 12 + 16 * ntables
    for tag, checksum, at, length in records:
        table = data[at:at + length]
        directory += struct.pack(">4sIII", tag, checksum, start + len(body), length)
        body += table + b"\0" * (-len(table) % 4)
    out = os.path.join(tmp, os.path.basename(path) + f".{index}.ttf")
    with open(out, "wb") as f:
        f.write(head + directory + body)
    return out


SCRIPT = r"""
document.fonts.ready.then(() => {
  const faces = []; for (const f of document.fonts) faces.push([f.family, f.status]);
  const node = document.getElementById('t').firstChild, s = node.data, r = document.createRange();
  const starts = [0]; let bottom = null;
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i), n = (c >= 0xD800 && c < 0xDC00) ? 2 : 1;
    r.setStart(node, i); r.setEnd(node, i + n);
    const rs = r.getClientRects();
    if (s[i] !== '\n' && rs.length && rs[0].height > 0) {
      const b = rs[0];
      if (bottom !== null && b.top >= bottom - 0.5) { starts.push(i); bottom = b.bottom; }
      else bottom = Math.max(bottom === null ? b.bottom : bottom, b.bottom);
    }
    i += n;
  }
  const widths = [];
  for (let k = 0; k < starts.length; k++) {
    let end = k + 1 < starts.length ? starts[k + 1] : s.length;
    while (end > starts[k] && /\s/.test(s[end - 1])) end--;
    r.setStart(node, starts[k]); r.setEnd(node, end);
    widths.push(r.getBoundingClientRect().width);
  }
  document.getElementById('out').textContent = JSON.stringify({faces, starts, widths});
});
"""


def page(text, faces, size, width, extra=""):
    rules = "".join(f'@font-face {{ font-family: "F{i}"; src: url("file://{p}"); }}\n'
                    for i, p in enumerate(faces))
    stack = ", ".join(f'"F{i}"' for i in range(len(faces)))
    body = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><style>\n" + rules +
            "body { margin: 0 }\n"
            f"#t {{ font-family: {stack}; font-size: {size}px; width: {width}px; "
            "white-space: pre-wrap; overflow-wrap: break-word; word-break: normal; "
            "line-break: auto; hyphens: manual; line-height: 2; text-align: start; "
            "font-kerning: normal; text-rendering: auto; letter-spacing: 0; word-spacing: 0; "
            + extra + " }\n"
            "</style></head><body><div id=\"t\">" + body +
            "</div><pre id=\"out\"></pre><script>" + SCRIPT + "</script></body></html>")


def measure(html, tmp, name):
    path = os.path.join(tmp, name + ".html")
    with open(path, "w") as f:
        f.write(html)
    cmd = [chromium.binary(), "--headless", "--no-sandbox", "--disable-gpu",
           "--allow-file-access-from-files", f"--user-data-dir={tmp}/profile",
           "--virtual-time-budget=5000", "--dump-dom", "file://" + path]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    dom = r.stdout.decode()
    a = dom.find('<pre id="out">')
    b = dom.find("</pre>", a)
    if r.returncode != 0 or a < 0 or a + 14 == b:
        raise RuntimeError(f"{name}: chromium wrote no result: " + r.stderr.decode()[-1000:])
    result = json.loads(dom[a + 14:b].replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
    failed = [f for f, status in result["faces"] if status != "loaded"]
    if failed:
        raise RuntimeError(f"{name}: Chromium did not load {failed}")
    return result


def chromium_version():
    out = subprocess.run([chromium.binary(), "--version"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout.decode()
    return out.strip().splitlines()[-1] if out.strip() else "unknown"


def main(argv):
    out, only = OUT, []
    i = 0
    while i < len(argv):
        if argv[i] == "--out":
            out = argv[i + 1]
            i += 2
            continue
        only.append(argv[i])
        i += 1
    cases = []
    with tempfile.TemporaryDirectory(prefix="lamina-wrap-") as tmp:
        for name, text, fonts, size, width, *extra in CORPUS:
            if only and name not in only:
                continue
            if "\n\n" in text or text.startswith("\n") or text.endswith("\n"):
                raise SystemExit(f"{name}: refused: an empty paragraph has no character to find it by")
            if any(ord(c) < 0x20 and c != "\n" for c in text):
                raise SystemExit(f"{name}: refused: a tab or control character (the contract lays a tab "
                                 "out as a space, CSS at tab stops; other controls take no space)")
            files = [fc_file(f) for f in fonts]
            faces = [standalone_face(p, k, tmp) for p, k in files]
            got = measure(page(text, faces, size, width, *extra), tmp, name)
            case = {"name": name, "text": text, "fonts": fonts,
                    "fontFiles": [p if k == 0 else f"{p}#{k}" for p, k in files],
                    "fontSize": size, "width": width, "css": extra[0] if extra else "",
                    "lineStarts": got["starts"],
                    "chromiumLineWidths": [round(w, 3) for w in got["widths"]]}
            if name in KNOWN:
                case["knownDifference"] = {"laminaLineStarts": KNOWN[name][0], "reason": KNOWN[name][1]}
            cases.append(case)
            print(f"{name}: {len(got['starts'])} lines, starts {got['starts']}", file=sys.stderr)
    doc = {"generator": "tools/references/text_wrap.py", "chromium": chromium_version(),
           "css": "white-space: pre-wrap; overflow-wrap: break-word; line-height: 2 "
                  "(see docs/references.md, Wrapped text)",
           "cases": cases}
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:  # one line per case, so a diff shows which case moved
        head = {k: v for k, v in doc.items() if k != "cases"}
        f.write(json.dumps(head, ensure_ascii=False, indent=1)[:-2] + ',\n "cases": [\n')
        f.write(",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in cases))
        f.write("\n ]\n}\n")
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
