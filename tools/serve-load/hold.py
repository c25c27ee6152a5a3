#!/usr/bin/env python3
"""Holds N connections to a server open while other load runs.

Each connection sends half a request (a request line and one header, no
end of headers), as a slow or hostile client would, and then nothing.
Prints how long the N connects took, then after SECONDS how many the
server has closed (its idle timeout) and how many it still holds.

    python3 tools/serve-load/hold.py PORT N SECONDS [--ready FILE]

--ready FILE is written once all N are connected (a script waits for it).
Rejected: wrk for this (it only sends whole requests as fast as it can).
"""
import argparse
import pathlib
import resource
import select
import socket
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("seconds", type=float)
    parser.add_argument("--ready")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.count + 64:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.count + 64), hard))
    t0 = time.monotonic()
    held = []
    for _ in range(args.count):
        s = socket.create_connection(("127.0.0.1", args.port), timeout=30)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: lamina\r\n")
        s.setblocking(False)
        held.append(s)
    connected = time.monotonic() - t0
    print(f"hold: {args.count} connections open in {connected:.2f} s, each with half a request", flush=True)
    if args.ready:
        pathlib.Path(args.ready).write_text("ready\n")
    end = t0 + args.seconds
    poller = select.poll()
    by_fd = {s.fileno(): s for s in held}
    for fd in by_fd:
        poller.register(fd, select.POLLIN)
    closed = 0
    first_close = None
    while closed < len(held):
        left = end - time.monotonic()
        if left <= 0:
            break
        for fd, _ in poller.poll(min(left, 1.0) * 1000):
            try:
                data = by_fd[fd].recv(4096)
            except OSError:
                data = b""
            if not data:
                poller.unregister(fd)
                closed += 1
                first_close = first_close or time.monotonic() - t0
    when = f", the first after {first_close:.1f} s" if first_close else ""
    print(f"hold: after {time.monotonic() - t0:.1f} s the server had closed {closed} of {len(held)}{when}")
    for s in held:
        s.close()


if __name__ == "__main__":
    sys.exit(main())
