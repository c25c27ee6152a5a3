"""A ThorVG or rlottie renderer process for the checker, run by the peers
venv's python (renderers.PeerRenderer starts it):

    python peer_worker.py thorvg|rlottie

Reads one JSON request a line on stdin: {"json": PATH (a self-contained
Lottie document), "width", "height", "scale", "frames": [frame counted from
ip, ...], "out": [PATH, ...]}; writes each frame's straight RGBA bytes
(height × width × 4, rows from the top) to its out path and answers one
JSON line {"errors": [null or text, ...]}. The answers go to the original
stdout; the libraries' own prints are sent to stderr.
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from lottie_ios_check import peers  # noqa: E402


def main():
    engine = sys.argv[1]
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    cls = peers.PLAYERS[engine]
    answers.write(json.dumps({"version": cls.version()}) + "\n")
    answers.flush()
    for line in sys.stdin:
        request = json.loads(line)
        errors = []
        try:
            with open(request["json"], encoding="utf-8") as f:
                text = f.read()
            player = cls(text, request["width"], request["height"], request["scale"], None)
        except Exception as e:  # noqa: BLE001 - reported per frame
            errors = ["%s: %s" % (type(e).__name__, e)] * len(request["frames"])
        else:
            for frame, out in zip(request["frames"], request["out"]):
                try:
                    rgba = player.render(frame)
                    with open(out, "wb") as f:
                        f.write(rgba.tobytes())
                    errors.append(None)
                except Exception as e:  # noqa: BLE001
                    errors.append("%s: %s" % (type(e).__name__, e))
            del player
        answers.write(json.dumps({"errors": errors}) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
