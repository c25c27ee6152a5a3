#!/usr/bin/env python3
"""Screenshots of tools/serve-load/card.html from a warm headless Chromium.

What a screenshot service with a warm browser does per request: set the
card's title in an open page (Runtime.evaluate) and capture it as a PNG
(Page.captureScreenshot), over the DevTools protocol. The browser starts
once, before timing; PAGES pages work at once (one request in flight
each). Prints screenshots/s and screenshots per CPU-second of the whole
browser (every process of its tree, utime + stime from /proc), the figure
to set beside lamina serve's renders per CPU-second.

    python3 tools/serve-load/chromium_warm.py [--count N] [--pages P] [--out card.png]

The protocol runs over --remote-debugging-pipe (fd 3 in, fd 4 out,
messages ended by NUL), so no WebSocket library is needed.
Rejected: Puppeteer or Playwright (Node or a browser download; Debian's
chromium and the standard library are enough for two commands).
"""
import argparse
import base64
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

CARD = pathlib.Path(__file__).resolve().parent / "card.html"
TICKS = os.sysconf("SC_CLK_TCK")


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="lamina-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        # The child sees the pipe's ends as fds 3 and 4 (copied out of the
        # way first: either end may already be 3 or 4).
        def fds():
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}", "--no-first-run", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.next_id = 0
        self.buffer = b""

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self):
        """The next message with an id (events are skipped)."""
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed its pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            message = json.loads(raw)
            if "id" in message:
                if "error" in message:
                    raise RuntimeError(f"chromium: {message['error']}")
                return message

    def call(self, method, params=None, session=None):
        wanted = self.send(method, params, session)
        while True:
            message = self.receive()
            if message["id"] == wanted:
                return message.get("result", {})

    def open_page(self, width, height):
        target = self.call("Target.createTarget", {"url": CARD.as_uri()})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
        # Wait for the page (and its fonts) before timing.
        for _ in range(200):
            state = self.call("Runtime.evaluate", {"expression": "document.readyState + (document.fonts.status)"}, session)
            if state["result"].get("value") == "completeloaded":
                break
            time.sleep(0.01)
        return session

    def cpu_seconds(self):
        """utime + stime of the browser and every process below it."""
        children = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                children.setdefault(int(fields[1]), []).append((int(entry), int(fields[11]) + int(fields[12])))
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        total, stack = int(fields[11]) + int(fields[12]), [self.process.pid]
        while stack:
            for pid, ticks in children.get(stack.pop(), []):
                total += ticks
                stack.append(pid)
        return total / TICKS

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=200, help="screenshots to time (after 5 untimed)")
    parser.add_argument("--pages", type=int, default=1, help="pages working at once")
    parser.add_argument("--out", help="write the last screenshot here")
    args = parser.parse_args()
    if shutil.which("chromium") is None:
        sys.exit("chromium_warm.py: chromium is missing (tools/setup references)")
    browser = Browser()
    try:
        pages = [browser.open_page(600, 315) for _ in range(args.pages)]
        last = None

        def title(n):
            return {"expression": f"document.getElementById('title').textContent = 'Load {n}'"}

        # Untimed: the first screenshots warm the compositor.
        for n in range(5):
            browser.call("Runtime.evaluate", title(n), pages[0])
            browser.call("Page.captureScreenshot", {"format": "png"}, pages[0])
        cpu0, t0 = browser.cpu_seconds(), time.monotonic()
        # Each page: set its title, then capture; one capture in flight per page.
        waiting, done, issued = {}, 0, 0
        for session in pages:
            if issued < args.count:
                browser.send("Runtime.evaluate", title(issued), session)
                waiting[browser.send("Page.captureScreenshot", {"format": "png"}, session)] = session
                issued += 1
        while done < args.count:
            message = browser.receive()
            session = waiting.pop(message["id"], None)
            if session is None:
                continue
            done += 1
            last = message["result"]["data"]
            if issued < args.count:
                browser.send("Runtime.evaluate", title(issued), session)
                waiting[browser.send("Page.captureScreenshot", {"format": "png"}, session)] = session
                issued += 1
        seconds, cpu = time.monotonic() - t0, browser.cpu_seconds() - cpu0
        if args.out and last:
            pathlib.Path(args.out).write_bytes(base64.b64decode(last))
        print(f"chromium warm: {args.count} screenshots, {args.pages} page(s) at once: "
              f"{args.count / seconds:.1f} screenshots/s, {1000 * seconds / args.count * args.pages:.1f} ms each, "
              f"{args.count / cpu:.1f} per CPU-second ({cpu:.2f} CPU-s in {seconds:.2f} s)")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
