"""The peers venv ($LAMINA_PEERS_VENV, default ~/.cache/lamina-peers-venv,
the one tools/peers/run uses) with the two Lottie players: created with
`python3 -m venv` when missing, and the bindings installed with pip when
they do not import. Pinned: thorvg-python 1.1.3 bundles ThorVG 1.0.4 (the
version of the issue's calibration and of tools/peers/run); rlottie-python
1.3.8 bundles rlottie's library.
"""
import os
import subprocess
import sys

VENV = os.environ.get("LAMINA_PEERS_VENV", os.path.expanduser("~/.cache/lamina-peers-venv"))
PACKAGES = {"thorvg": ("thorvg_python", "thorvg-python==1.1.3"),
            "rlottie": ("rlottie_python", "rlottie-python==1.3.8")}
COMMON = ("numpy", "pillow")


def python():
    return os.path.join(VENV, "bin", "python")


def ensure(engines):
    """Makes sure the venv imports numpy, PIL and each engine's binding."""
    modules = ["numpy", "PIL"] + [PACKAGES[e][0] for e in engines]
    check = [python(), "-c", "import " + ", ".join(modules)]
    if os.access(python(), os.X_OK) and subprocess.run(check, stderr=subprocess.DEVNULL).returncode == 0:
        return
    if not os.access(python(), os.X_OK):
        print("creating %s ..." % VENV, file=sys.stderr)
        subprocess.run(["python3", "-m", "venv", VENV], check=True)
    wanted = list(COMMON) + [PACKAGES[e][1] for e in engines]
    print("installing %s into %s ..." % (" ".join(wanted), VENV), file=sys.stderr)
    subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "--quiet"] + wanted, check=True)
