"""The renderers the checker compares with Core Animation's snapshots.

Each renders every reference of one sample at the reference's pixel size
and returns, per reference, (RGBA array or None, error text or None):

- lamina: `LAMINA render SAMPLE -o OUT.png --progress P --size WxH
  --backend B`, one process per reference; a nonzero exit is a failed
  render whose note is the first line of its stderr. Frame references
  (issue_2209, issue_2226) pass progress (frame - ip) / (op - ip).
  lottie-ios's snapshot tests register the fonts of Tests/Samples/Fonts
  before drawing; lamina finds them through a fontconfig file that adds
  that folder to the system's configuration (FONTCONFIG_FILE).
- empty: a transparent image (what an empty render scores).
- mainthread: lottie-ios's own Main Thread engine snapshot of the same
  name (testMainThreadRenderingEngine.*.png), Apple's other renderer.
- thorvg, rlottie: the Lottie players of peers.py, in a worker process
  run by the peers venv's python (see peer_worker.py).
"""
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time

import numpy as np

from . import images, peers, peers_venv, providers, samples

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_LAMINA = os.path.join(REPO, ".build", "release", "lamina")
RENDER_TIMEOUT_S = 300


class Renderer:
    name = "?"

    def version(self):
        return self.name

    def render_sample(self, sample, refs, sizes, workdir):
        raise NotImplementedError

    def close(self):
        pass


class EmptyRenderer(Renderer):
    name = "empty"

    def render_sample(self, sample, refs, sizes, workdir):
        return [(images.transparent(w, h), None) for (w, h) in sizes]


class MainThreadRenderer(Renderer):
    name = "mainthread"

    def version(self):
        return "lottie-ios Main Thread engine snapshots"

    def render_sample(self, sample, refs, sizes, workdir):
        out = []
        for r in refs:
            p = r.main_thread_path()
            if os.path.exists(p):
                out.append((images.load(p), None))
            else:
                out.append((None, "no main-thread snapshot"))
        return out


def _format_progress(p):
    return repr(float(p))


class LaminaRenderer(Renderer):
    name = "lamina"

    def __init__(self, lamina=None, backend="cpu"):
        self.lamina = lamina or DEFAULT_LAMINA
        self.backend = backend

    def version(self):
        return "lamina (%s, --backend %s)" % (self.lamina, self.backend)

    def render_sample(self, sample, refs, sizes, workdir):
        out = []
        if not os.access(self.lamina, os.X_OK):
            return [(None, "no lamina executable at " + self.lamina)] * len(refs)
        env = _fontconfig_environment(sample.fonts_directory, workdir)
        for i, (r, (w, h)) in enumerate(zip(refs, sizes)):
            png = os.path.join(workdir, "lamina-%d.png" % i)
            command = [self.lamina, "render", sample.path, "-o", png,
                       "--progress", _format_progress(r.render_progress()),
                       "--size", "%dx%d" % (w, h), "--backend", self.backend] \
                + providers.arguments(sample.name)
            try:
                done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                      timeout=RENDER_TIMEOUT_S, env=env)
            except subprocess.TimeoutExpired:
                out.append((None, "lamina timed out after %d s" % RENDER_TIMEOUT_S))
                continue
            if done.returncode != 0:
                lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
                first = lines[0] if lines else ""
                if done.returncode < 0:
                    first = ("killed by signal %d" % -done.returncode) + (": " + first if first else "")
                out.append((None, first or "lamina exited with status %d" % done.returncode))
                continue
            try:
                out.append((images.load(png), None))
            except Exception as e:  # noqa: BLE001
                out.append((None, "cannot read lamina's PNG: %s" % e))
        return out


def _fontconfig_environment(fonts, workdir):
    """The environment with FONTCONFIG_FILE naming a configuration that
    includes the one fontconfig would read (FONTCONFIG_FILE's, else the
    system's) and adds the folder `fonts` (written once per work folder;
    its cache in the work folder)."""
    env = dict(os.environ)
    if not os.path.isdir(fonts):
        return env
    conf = os.path.join(workdir, "fonts.conf")
    if not os.path.exists(conf):
        base = os.environ.get("FONTCONFIG_FILE") or "/etc/fonts/fonts.conf"
        text = ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
                '<fontconfig>\n  <include ignore_missing="yes">%s</include>\n  <dir>%s</dir>\n'
                '  <cachedir>%s</cachedir>\n</fontconfig>\n'
                % (_xml(base), _xml(os.path.abspath(fonts)), _xml(os.path.join(workdir, "fontconfig-cache"))))
        with open(conf, "w", encoding="utf-8") as f:
            f.write(text)
    env["FONTCONFIG_FILE"] = conf
    return env


def _xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class PeerRenderer(Renderer):
    """ThorVG or rlottie in a worker process of the peers venv."""

    def __init__(self, engine):
        self.name = engine
        self.process = None
        self._version = None

    def _start(self):
        python = peers_venv.python()
        self.process = subprocess.Popen(
            [python, os.path.join(HERE, "peer_worker.py"), self.name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        hello = self._answer(60)
        if hello is None:
            raise RuntimeError("the %s worker did not start (is %s installed in %s?)"
                               % (self.name, self.name, peers_venv.VENV))
        self._version = hello["version"]

    def _answer(self, timeout):
        deadline = time.monotonic() + timeout
        line = b""
        fd = self.process.stdout.fileno()
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            line += chunk
        return json.loads(line)

    def _stop(self):
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            self.process = None

    def version(self):
        if self._version is None:
            self._start()
        return self._version

    def render_sample(self, sample, refs, sizes, workdir):
        if self.process is None or self.process.poll() is not None:
            self._stop()
            self._start()
        animation, archive_images = sample.animation()
        animation = json.loads(json.dumps(animation))  # a copy to inline images into
        text, notes = peers.self_contained(animation, archive_images, os.path.dirname(sample.path))
        doc = os.path.join(workdir, "sample.json")
        with open(doc, "w", encoding="utf-8") as f:
            f.write(text)
        _, _, scale = samples.snapshot_geometry(animation["w"], animation["h"], sample.config.max_dimension)
        ip, _ = sample.frame_range()
        width, height = sizes[0]
        outs = [os.path.join(workdir, "%s-%d.rgba" % (self.name, i)) for i in range(len(refs))]
        request = {"json": doc, "width": width, "height": height, "scale": scale,
                   "frames": [r.animation_frame() - ip for r in refs], "out": outs}
        if any(s != sizes[0] for s in sizes):
            return [(None, "references of one sample differ in size")] * len(refs)
        try:
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        except BrokenPipeError:
            pass
        answer = self._answer(RENDER_TIMEOUT_S)
        if answer is None:
            code = self.process.poll()
            why = ("%s crashed (%s)" % (self.name, _status(code)) if code is not None
                   else "%s timed out after %d s" % (self.name, RENDER_TIMEOUT_S))
            self._stop()
            return [(None, why)] * len(refs)
        result = []
        for out, error in zip(outs, answer["errors"]):
            if error:
                result.append((None, error))
                continue
            raw = np.fromfile(out, dtype=np.uint8)
            result.append((raw.reshape(height, width, 4), "; ".join(notes) or None))
        return result

    def close(self):
        if self.process is not None and self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self._stop()


def _status(code):
    if code is not None and code < 0:
        try:
            return signal.Signals(-code).name
        except ValueError:
            return "signal %d" % -code
    return "exit status %s" % code


def make(name, lamina=None, backend="cpu"):
    if name == "lamina":
        return LaminaRenderer(lamina, backend)
    if name == "empty":
        return EmptyRenderer()
    if name == "mainthread":
        return MainThreadRenderer()
    if name in ("thorvg", "rlottie"):
        return PeerRenderer(name)
    raise ValueError("unknown renderer " + name)


class WorkDir:
    """A scratch folder per process."""

    def __init__(self):
        self.path = tempfile.mkdtemp(prefix="lottie-ios-check-")

    def cleanup(self):
        shutil.rmtree(self.path, ignore_errors=True)
