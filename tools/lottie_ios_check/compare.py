"""swift-snapshot-testing's image comparison, as lottie-ios's snapshot tests
run it, on 8-bit RGBA arrays (straight alpha, see images.py).

lottie-ios's SnapshotTests call `assertSnapshot(as:
.imageOfPresentationLayer(precision:, perceptualPrecision: 0.97))`, with
`precision` from the sample's SnapshotConfiguration (0.985 unless
overridden). swift-snapshot-testing (the revision lottie-ios pins, 0c2826f2,
`compare` and `perceptuallyCompare` in Snapshotting/UIImage.swift) then:

1. fails when the two images' pixel sizes differ;
2. draws both into an 8-bit sRGB `premultipliedLast` CGContext and passes
   when the bytes are identical (`memcmp`), the new image also after a PNG
   round trip (a no-op here: our images are PNG already);
3. with perceptualPrecision < 1, runs Core Image's `CILabDeltaE` with the
   reference as `inputImage` and the new image as `inputImage2` (on the
   images as decoded, not the sRGB contexts of step 2), thresholds the
   ΔE image with `MPSImageThresholdBinary(thresholdValue: (1 -
   perceptualPrecision) * 100, maximumValue: 1)` and averages it with
   `CIAreaAverage`: that average is the share of failing pixels;
4. passes unless `1 - average < precision`.

The CIContext is created with `workingColorSpace: NSNull()` and
`outputColorSpace: NSNull()`: Core Image does no colour matching, so the
8-bit encoded component values c/255 reach the filter as they are and the
filter, whose kernels take linear working-space values, treats them as
linear. Core Image works in premultiplied alpha and `CIImage(cgImage:)`
premultiplies the PNG's straight alpha, so a pixel reads as (c·a) and a
transparent pixel reads as black, whatever colour the PNG stores there;
alpha itself does not enter ΔE.

CILabDeltaE's colour conversion is not published. Our choice (documented
in docs/lottie-ios-check.md): the premultiplied values are linear sRGB
(Rec. 709 primaries, D65 white; the working space Core Image assumes,
"linear sRGB" in its Lab filters' descriptions), converted to CIE XYZ by
the sRGB matrix (IEC 61966-2-1, 7 digits as Lindbloom tabulates it) and to
CIE L*a*b* relative to D65 (0.95047, 1, 1.08883) with CIE 15's exact
cube-root/linear split (6/29)³. No chromatic adaptation to D50. ΔE is CIE
1994 with the graphic-arts weights (kL = kC = kH = 1, K1 = 0.045, K2 =
0.015), the reference (`inputImage`) as the standard: SC = 1 + K1·C*₁,
SH = 1 + K2·C*₁, C*₁ the reference's chroma. `white="D50"` (Bradford-
adapted sRGB matrix, D50 white) is kept for the sensitivity check in the
docs; it is not the default.

Precision details reproduced: the ΔE image lives in Core Image's default
half-float working format (RGBAh) when the Metal threshold kernel reads it,
so ΔE is rounded to float16 before the test; the threshold is computed in
Float32 exactly as Swift does, (1 - 0.97) * 100 = 2.9999971; a pixel fails
when ΔE > threshold (MPSImageThresholdBinary writes maximumValue where
source > threshold; ΔE sits in R, G and B alike, so the BT.601 grey
transform MPS applies to colour sources leaves it as it is); the image
passes when 1 - share >= precision in Float32.
"""
import numpy as np

PERCEPTUAL_PRECISION = 0.97  # lottie-ios SnapshotTests: perceptualPrecision: 0.97
DEFAULT_PRECISION = 0.985  # lottie-ios SnapshotConfiguration.precision default

_F32 = np.float32

# sRGB (Rec. 709 primaries, D65) linear RGB -> XYZ
_SRGB_D65 = np.array([[0.4124564, 0.3575761, 0.1804375],
                      [0.2126729, 0.7151522, 0.0721750],
                      [0.0193339, 0.1191920, 0.9503041]], dtype=np.float32)
_WHITE_D65 = np.array([0.95047, 1.0, 1.08883], dtype=np.float32)
# the same primaries Bradford-adapted to D50 (the ICC connection space)
_SRGB_D50 = np.array([[0.4360747, 0.3850649, 0.1430804],
                      [0.2225045, 0.7168786, 0.0606169],
                      [0.0139322, 0.0971045, 0.7141733]], dtype=np.float32)
_WHITE_D50 = np.array([0.96422, 1.0, 0.82521], dtype=np.float32)
_WHITES = {"D65": (_SRGB_D65, _WHITE_D65), "D50": (_SRGB_D50, _WHITE_D50)}

_EPS = _F32((6.0 / 29.0) ** 3)
_KAPPA = _F32(1.0 / (3.0 * (6.0 / 29.0) ** 2))
_OFFSET = _F32(4.0 / 29.0)


def threshold(perceptual_precision=PERCEPTUAL_PRECISION):
    """(1 - perceptualPrecision) * 100 in Float32, as swift-snapshot-testing
    computes it: 2.9999971 for 0.97."""
    return _F32(_F32(_F32(1) - _F32(perceptual_precision)) * _F32(100))


def lab(rgb, white="D65"):
    """CIE L*a*b* of linear RGB values in [0, 1], shape (..., 3), float32."""
    matrix, reference = _WHITES[white]
    xyz = (rgb @ matrix.T) / reference
    f = np.where(xyz > _EPS, np.cbrt(np.maximum(xyz, 0)), xyz * _KAPPA + _OFFSET)
    L = _F32(116) * f[..., 1] - _F32(16)
    a = _F32(500) * (f[..., 0] - f[..., 1])
    b = _F32(200) * (f[..., 1] - f[..., 2])
    return L, a, b


def delta_e94_lab(lab1, lab2):
    """CIE 1994 ΔE (graphic arts) between two (L, a, b) triples of arrays,
    the first the standard."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    C1 = np.sqrt(a1 * a1 + b1 * b1)
    C2 = np.sqrt(a2 * a2 + b2 * b2)
    dL = L1 - L2
    dC = C1 - C2
    da = a1 - a2
    db = b1 - b2
    dH2 = np.maximum(da * da + db * db - dC * dC, 0)
    SC = _F32(1) + _F32(0.045) * C1
    SH = _F32(1) + _F32(0.015) * C1
    return np.sqrt(dL * dL + (dC / SC) ** 2 + dH2 / (SH * SH))


def delta_e94(reference_rgb, new_rgb, white="D65"):
    """CIE 1994 ΔE between linear RGB arrays (..., 3), the first as the
    standard."""
    return delta_e94_lab(lab(reference_rgb, white), lab(new_rgb, white))


def premultiplied_float(rgba):
    """What Core Image reads with colour management off: (c/255)·(a/255)."""
    f = rgba.astype(np.float32) * _F32(1 / 255)
    return f[..., :3] * f[..., 3:4]


def over_white(rgba):
    """The image composited over opaque white, as linear-read values."""
    f = rgba.astype(np.float32) * _F32(1 / 255)
    return f[..., :3] * f[..., 3:4] + (_F32(1) - f[..., 3:4])


def premultiplied_bytes(rgba):
    """The 8-bit premultipliedLast bytes a CGContext holds: round(c·a/255)."""
    p = rgba.astype(np.uint32)
    out = np.empty(rgba.shape, dtype=np.uint8)
    out[..., :3] = (p[..., :3] * p[..., 3:4] * 2 + 255) // 510
    out[..., 3] = rgba[..., 3]
    return out


def failing_share(reference_values, new_values, perceptual_precision=PERCEPTUAL_PRECISION,
                  white="D65"):
    """Share of pixels whose ΔE (rounded to float16) exceeds the threshold,
    and the largest ΔE, for two (h, w, 3) float32 arrays of read values."""
    differs = np.any(reference_values != new_values, axis=-1)
    count_total = differs.size
    if not differs.any():
        return 0.0, 0.0
    de = delta_e94(reference_values[differs], new_values[differs], white)
    de = de.astype(np.float16).astype(np.float32)
    failing = int(np.count_nonzero(de > threshold(perceptual_precision)))
    return failing / count_total, float(de.max())


def passes(share, precision):
    """swift-snapshot-testing: fails when `1 - average < precision` (Float32)."""
    return not (_F32(1) - _F32(share) < _F32(precision))


class Result:
    __slots__ = ("passed", "share", "white_share", "white_passed", "max_delta_e",
                 "identical", "size_mismatch", "precision")

    def as_dict(self):
        return {k: getattr(self, k) for k in self.__slots__}


def compare(reference, new, precision=DEFAULT_PRECISION,
            perceptual_precision=PERCEPTUAL_PRECISION, white="D65", backdrop=True):
    """Compares `new` with `reference` (both (h, w, 4) uint8, straight
    alpha) as lottie-ios's snapshot test does; also the stricter share over
    a white backdrop when `backdrop`."""
    r = Result()
    r.precision = precision
    r.identical = False
    r.size_mismatch = reference.shape != new.shape
    r.white_share = None
    r.white_passed = None
    if r.size_mismatch:
        r.passed, r.share, r.max_delta_e = False, 1.0, None
        r.white_passed, r.white_share = False, 1.0
        return r
    if np.array_equal(premultiplied_bytes(reference), premultiplied_bytes(new)):
        r.identical = True
        r.passed, r.share, r.max_delta_e = True, 0.0, 0.0
        r.white_passed, r.white_share = True, 0.0
        return r
    r.share, r.max_delta_e = failing_share(
        premultiplied_float(reference), premultiplied_float(new), perceptual_precision, white)
    r.passed = passes(r.share, precision)
    if backdrop:
        r.white_share, _ = failing_share(
            over_white(reference), over_white(new), perceptual_precision, white)
        r.white_passed = passes(r.white_share, precision)
    return r
