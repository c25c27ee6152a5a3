"""Lottie property values shared by the peers' Lottie documents (s6.py,
s10.py): a static value, and a value keyframed linearly from frame 0 to
a last frame."""


def static(v):
    """A value that does not animate."""
    return {"a": 0, "k": v}


def linear(v0, v1, frames):
    """A value from v0 at frame 0 to v1 at frame `frames`, linear: the
    keyframe's easing handles (0, 0) and (1, 1)."""
    return {"a": 1, "k": [{"t": 0, "s": v0 if isinstance(v0, list) else [v0],
                           "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                          {"t": frames, "s": v1 if isinstance(v1, list) else [v1]}]}
