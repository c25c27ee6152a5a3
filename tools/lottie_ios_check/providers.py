"""The value providers of lottie-ios's SnapshotConfiguration as `lamina
render --set KEYPATH=VALUE` arguments (docs/lottie.md, "Value providers").

Written out by hand from Tests/SnapshotConfiguration.swift: UIColor's
`.red` is #FF0000 and `.black` #000000; a `LottieColor(r:g:b:a:)` is the
same components; keyframes are `VALUE@FRAME;…`; a GradientValueProvider
is `gradient:#RRGGBBAA:LOCATION,…`. A `customViewportFrame` is `lamina
render --viewport X,Y,W,H` (VIEWPORTS). Samples whose configuration needs
what neither can give (text, image and font providers) are not here; the
checker reports them as before.
"""

SWITCH = [
    "Checkmark Outlines.Group 1.Stroke 1.Color=#000000",
    "Checkmark Outlines 2.Group 1.Stroke 1.Color=#000000",
    "X Outlines.Group 1.Stroke 1.Color=#000000",
    # LottieColor(r: 0.76, g: 0.76, b: 0.76): 0.76 · 255 = 193.8, written as #C2 (194).
    "Switch Outline Outlines.Fill 1.Color=#000000@0;#C2C2C2@75;#000000@150",
]

SETS = {
    "Switch": SWITCH,
    "DotLotExtension/Switch": SWITCH,
    "Nonanimating/keypathTest": ["**.Stroke 1.Color=#000000", "**.Fill 1.Color=#FF0000"],
    "Issues/issue_1837_opacity": ["Dark Gray Solid 1.Transform.Opacity=10"],
    "Issues/issue_1837_scale_rotation": ["H2.Transform.Scale=200,150", "H2.Transform.Rotation=90"],
    "Issues/issue_2042": ["MASTER.Transform.Position=214,120"],
    "Issues/issue_1664": ["**.base_color.**.Color=#000000"],
    "Issues/issue_1854": ["**.Colors=gradient:#00000000:0,#FFFFFF80:0.3,#FFFFFFFF:1"],
    "Issues/issue_2677": ["**.**.**.Colors=gradient:#8080FFFF:0.1,#3399B3FF:0.5"],
    "Issues/issue_1847": ["**.Stroke 1.**.Color=#FF0000"],
    "Issues/issue_2150": ["**.Color=#FF0000"],
    "Issues/issue_2094": ["**.Stroke Width=2"],
    "Issues/issue_2262": ["**.Accent.**.Color=#000000"],
    "TypeFace/G": [
        "G 2.Ellipse 1.Stroke 1.Color=#FF0000",
        "G Outlines 3.G.Fill 1.Color=#FF0000",
        "Shape Layer 18.Shape 1.Stroke 2.Color=#FF0000",
    ],
}


# customViewportFrame: CGRect(x: 0, y: 0, width: 85, height: 85).insetBy(dx: 10, dy: 10).
VIEWPORTS = {
    "Issues/issue_2310": "10,10,65,65",
}


def arguments(sample_name):
    """The `--set` and `--viewport` arguments for a sample ([] when it has none)."""
    out = []
    for s in SETS.get(sample_name, []):
        out += ["--set", s]
    if sample_name in VIEWPORTS:
        out += ["--viewport", VIEWPORTS[sample_name]]
    return out
