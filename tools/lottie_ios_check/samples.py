"""lottie-ios's references, its sample files and their snapshot
configuration, read from a lottie-ios checkout (Tests/ as in 4.6.1).

How lottie-ios names things (Tests/SnapshotTests.swift):

- a sample's name is its path under Tests/Samples with every ".json",
  ".lottie" and ".lot" removed (`sampleAnimationNames`), e.g.
  "Issues/issue_1407", "LottieLogo1", "DotLottie/animation";
- each sample is snapshot at progress 0, 0.25, 0.5, 0.75 and 1, or at the
  configuration's `customProgressValuesToSnapshot` / `customFramesToSnapshot`,
  named "<sample> (25%)" / "<sample> (Frame 4)" (`Int(progress * 100)`,
  `Int(frame)`); swift-snapshot-testing's `sanitizePathComponent` turns every
  run of non-word characters into "-" and trims "-" at both ends, and the
  file is `<test name>.<sanitized name>.png`, e.g.
  testCoreAnimationRenderingEngine.Issues-issue_1407-25.png;
- the snapshot view is `snapshotSize`: the animation's w × h with its longer
  side clamped to `maxSnapshotDimension` (500 unless configured; a square
  clamps its height), the other side scaled to keep the aspect ratio; it is
  drawn at 2x (`UIScreen.main.scale == 2`) by UIGraphicsImageRenderer,
  whose bitmap is ceil(2 w') × ceil(2 h') pixels; the animation fills the
  view (scaleAspectFit, same aspect) from the top-left, on a transparent
  background. Checked: all 962 references with a sample have that size.
- progress p is frame ip + p (op - ip) (`LottieAnimation.frameTime(forProgress:)`).

Tests/SnapshotConfiguration.swift's `customMapping` is parsed here (a small
reader of that Swift dictionary literal, not a Swift parser): precision
overrides, and the options a renderer of the plain file cannot reproduce
(value providers with their keypaths, image / text / font providers,
viewport frame), which the report lists as notes.
"""
import fnmatch
import json
import math
import os
import re
import zipfile

from . import compare

CA_PREFIX = "testCoreAnimationRenderingEngine."
MAIN_THREAD_PREFIX = "testMainThreadRenderingEngine."
DEFAULT_PROGRESSES = (0.0, 0.25, 0.5, 0.75, 1.0)
DEFAULT_MAX_DIMENSION = 500.0
SAMPLE_EXTENSIONS = (".json", ".lottie", ".lot")
HERE = os.path.dirname(os.path.abspath(__file__))
DEV_LIST = os.path.join(HERE, "dev_samples.txt")


def sanitize(name):
    """swift-snapshot-testing's sanitizePathComponent."""
    return re.sub(r"^-|-$", "", re.sub(r"\W+", "-", name))


def sample_name(relative_path):
    """Samples.sampleAnimationNames: the path with the extensions removed
    (String.replacingOccurrences, so anywhere in the path, in this order)."""
    return relative_path.replace(".json", "").replace(".lottie", "").replace(".lot", "")


def group_of(name, relative_path):
    """'dev' (Issues/ and top-level .json), 'LottieFiles', or 'other'."""
    if name.startswith("Issues/"):
        return "dev"
    if "/" not in name and relative_path.endswith(".json"):
        return "dev"
    if name.startswith("LottieFiles/"):
        return "LottieFiles"
    return "other"


# ---------------------------------------------------------------- configuration

class Config:
    def __init__(self):
        self.precision = compare.DEFAULT_PRECISION
        self.value_providers = []  # keypaths
        self.image_provider = False
        self.text_provider = False
        self.font_provider = False
        self.viewport_frame = False
        self.exclude_core_animation = False
        self.automatic_engine = False
        self.progresses = None  # customProgressValuesToSnapshot
        self.frames = None  # customFramesToSnapshot
        self.max_dimension = DEFAULT_MAX_DIMENSION

    def unreproducible(self):
        """What a renderer of the plain sample file cannot reproduce."""
        notes = []
        if self.value_providers:
            notes.append("value providers (" + ", ".join(self.value_providers) + ")")
        if self.image_provider:
            notes.append("image provider")
        if self.text_provider:
            notes.append("text provider")
        if self.font_provider:
            notes.append("font provider")
        if self.viewport_frame:
            notes.append("viewport frame")
        return notes


def _split_top_level(text):
    """Splits a Swift collection literal's body at its top-level commas,
    skipping strings and comments."""
    parts, depth, start, i, n = [], 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts


def _strip_comments(text):
    out, i, n = [], 0, len(text)
    while i < n:
        if text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _numbers(text):
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", text)]


def _call_argument(expr, name):
    """The text inside the parentheses of the last `.name(` call in expr."""
    at = expr.rfind("." + name + "(")
    if at < 0:
        return None
    i = at + len(name) + 2
    depth, j = 1, i
    while j < len(expr) and depth:
        depth += {"(": 1, ")": -1}.get(expr[j], 0)
        j += 1
    return expr[i:j - 1]


def parse_config_entry(expr):
    c = Config()
    expr = _strip_comments(expr)
    precision = _call_argument(expr, "precision")
    if precision is not None:
        c.precision = float(precision)
    if "customValueProviders" in expr:
        c.value_providers = re.findall(r'"([^"]+)"\s*:', expr[expr.index("customValueProviders"):])
    c.image_provider = "customImageProvider" in expr
    c.text_provider = "customTextProvider" in expr
    c.font_provider = "customFontProvider" in expr
    c.viewport_frame = "customViewportFrame" in expr
    c.exclude_core_animation = "excludeCoreAnimationRenderingEngine" in expr
    c.automatic_engine = "useAutomaticRenderingEngine" in expr or c.exclude_core_animation
    if ".nonanimating()" in expr:
        c.progresses = [0.0]
    progresses = _call_argument(expr, "progressValuesToSnapshot")
    if progresses is not None:
        c.progresses = _numbers(progresses)
    frames = _call_argument(expr, "framesToSnapshot")
    if frames is not None:
        c.frames = _numbers(frames)
    dimension = _call_argument(expr, "maxSnapshotDimension")
    if dimension is not None:
        c.max_dimension = float(dimension)
    return c


def read_configurations(lottie_ios):
    """{sample name: Config} from Tests/SnapshotConfiguration.swift's customMapping."""
    path = os.path.join(lottie_ios, "Tests", "SnapshotConfiguration.swift")
    text = open(path, encoding="utf-8").read()
    m = re.search(r"static let customMapping\s*:[^=]*=\s*\[", text)
    if not m:
        raise ValueError(path + ": no customMapping found")
    start = m.end()
    depth, i = 1, start
    while depth:  # find the closing bracket, skipping strings and comments
        c = text[i]
        if c == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif text.startswith("//", i):
            i = text.index("\n", i)
        elif c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
        i += 1
    configs = {}
    for entry in _split_top_level(text[start:i - 1]):
        entry = _strip_comments(entry).strip()
        if not entry:
            continue
        km = re.match(r'"([^"]+)"\s*:\s*(.*)$', entry, re.S)
        if not km:
            raise ValueError("cannot read customMapping entry: " + entry[:80])
        configs[km.group(1)] = parse_config_entry(km.group(2))
    return configs


# ---------------------------------------------------------------- sample files

def load_lottie(path):
    """(animation dict, images) of a .json / .lot / .lottie sample; images
    maps an asset's file name to its bytes for a .lottie (the first
    animation of the manifest, as LottieAnimationView(dotLottie:) plays)."""
    if not path.endswith(".lottie"):
        with open(path, "rb") as f:
            return json.loads(f.read().decode("utf-8-sig")), {}
    with zipfile.ZipFile(path) as z:
        manifest = json.loads(z.read("manifest.json"))
        try:
            version = int(float(str(manifest.get("version", "1"))))
        except ValueError:
            version = 1
        folder, image_folder = ("a", "i") if version >= 2 else ("animations", "images")
        first = manifest["animations"][0]["id"]
        animation = json.loads(z.read(f"{folder}/{first}.json").decode("utf-8-sig"))
        images = {}
        for n in z.namelist():
            if n.startswith(image_folder + "/") and not n.endswith("/") and "__MACOSX" not in n:
                images[os.path.basename(n)] = z.read(n)
        return animation, images


def snapshot_geometry(width, height, max_dimension=DEFAULT_MAX_DIMENSION):
    """(pixel width, pixel height, scale): LottieAnimation.snapshotSize at
    2x, and the uniform scale from animation points to pixels."""
    width, height = float(width), float(height)
    if width > height:
        w = min(width, max_dimension)
        h = w * (height / width)
        scale = 2.0 * w / width
    else:
        h = min(height, max_dimension)
        w = h * (width / height)
        scale = 2.0 * h / height
    return math.ceil(2.0 * w), math.ceil(2.0 * h), scale


class Sample:
    def __init__(self, name, relative_path, lottie_ios, config):
        self.name = name
        self.relative_path = relative_path
        self.path = os.path.join(lottie_ios, "Tests", "Samples", relative_path)
        # The fonts lottie-ios's SnapshotTests registers for the process
        # (CTFontManagerRegisterFontsForURL) before drawing any snapshot.
        self.fonts_directory = os.path.join(lottie_ios, "Tests", "Samples", "Fonts")
        self.config = config
        self.group = group_of(name, relative_path)
        self._animation = None

    def animation(self):
        if self._animation is None:
            self._animation = load_lottie(self.path)
        return self._animation

    def frame_range(self):
        a, _ = self.animation()
        return float(a.get("ip", 0)), float(a.get("op", 0))

    def frame_for_progress(self, progress):
        ip, op = self.frame_range()
        return ip + progress * (op - ip)


class Reference:
    """One testCoreAnimationRenderingEngine.*.png."""

    def __init__(self, path, key, label, sample):
        self.path = path
        self.key = key  # the sanitized sample name
        self.label = label  # "25", "Frame-4"
        self.sample = sample
        self.progress = None
        self.frame = None  # lottie-ios frame time when snapshot by frame
        if sample is not None:
            c = sample.config
            if label.startswith("Frame-"):
                n = int(label[6:])
                frames = [f for f in (c.frames or []) if int(f) == n]
                self.frame = frames[0] if frames else float(n)
            else:
                pct = int(label)
                values = [p for p in (c.progresses or DEFAULT_PROGRESSES) if int(p * 100) == pct]
                self.progress = values[0] if values else pct / 100.0

    @property
    def name(self):
        return self.sample.name if self.sample else self.key

    def animation_frame(self):
        """The animation frame lottie-ios shows (ip + p (op - ip))."""
        if self.frame is not None:
            return self.frame
        return self.sample.frame_for_progress(self.progress)

    def render_progress(self):
        """Progress for a renderer that takes progress (a frame reference
        converted back: (frame - ip) / (op - ip))."""
        if self.frame is None:
            return self.progress
        ip, op = self.sample.frame_range()
        return (self.frame - ip) / (op - ip) if op != ip else 0.0

    def progress_label(self):
        return self.label.replace("Frame-", "f") if self.frame is not None else self.label

    def main_thread_path(self):
        d, b = os.path.split(self.path)
        return os.path.join(d, MAIN_THREAD_PREFIX + b[len(CA_PREFIX):])


def find_samples(lottie_ios, configs=None):
    """{name: Sample} for every .json / .lottie / .lot under Tests/Samples."""
    if configs is None:
        configs = read_configurations(lottie_ios)
    root = os.path.join(lottie_ios, "Tests", "Samples")
    samples = {}
    for directory, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(SAMPLE_EXTENSIONS):
                rel = os.path.relpath(os.path.join(directory, f), root).replace(os.sep, "/")
                name = sample_name(rel)
                samples[name] = Sample(name, rel, lottie_ios, configs.get(name, Config()))
    return samples


_LABEL = re.compile(r"^(.*?)-((?:Frame-)?\d+)$")


def find_references(lottie_ios, samples=None):
    """Every testCoreAnimationRenderingEngine.*.png, matched to its sample
    (None when the sample file is missing), sorted by sample and progress."""
    if samples is None:
        samples = find_samples(lottie_ios)
    by_key = {sanitize(name): s for name, s in samples.items()}
    directory = os.path.join(lottie_ios, "Tests", "__Snapshots__", "SnapshotTests")
    refs = []
    for f in sorted(os.listdir(directory)):
        if not (f.startswith(CA_PREFIX) and f.endswith(".png")):
            continue
        stem = f[len(CA_PREFIX):-4]
        m = _LABEL.match(stem)
        if not m:
            continue
        key, label = m.group(1), m.group(2)
        refs.append(Reference(os.path.join(directory, f), key, label, by_key.get(key)))

    def order(r):
        if r.frame is not None:
            return (r.name, 1, r.frame)
        return (r.name, 0, r.progress if r.progress is not None else int(r.label) / 100)
    refs.sort(key=order)
    return refs


def read_dev_list(path=DEV_LIST):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.append(line.split()[0])
    return names


def select(references, selection):
    """Filters references by --samples: "all", "dev" (dev_samples.txt) or
    globs over sample names (e.g. "Issues/issue_1*", "LottieLogo1")."""
    if not selection or selection == ["all"]:
        return list(references)
    patterns = []
    for s in selection:
        if s == "dev":
            patterns.extend(read_dev_list())
        else:
            patterns.append(s)
    return [r for r in references if any(fnmatch.fnmatchcase(r.name, p) for p in patterns)]
