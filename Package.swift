// swift-tools-version: 6.0
// Lamina: Core Animation's layer rendering, offscreen, on Linux.
// Modules: Lamina (model, scenes, PNG, the lowering; no GL), LaminaCPU and
// LaminaGL (two backends of one RenderPlan; they never import each other),
// and the `lamina` command-line tool. LaminaBackends chooses GL or the CPU
// (with GL's per-render fallback) for the tool and the server; LaminaServe
// is `lamina serve` (Hummingbird), a target of its own so that the library
// never depends on a web server. C shims wrap the system libraries
// (libpng, EGL, GLES; for text: fontconfig, FreeType, HarfBuzz, ICU);
// one C target holds a kernel that needs a CPU feature Swift cannot ask
// for per function (CLaminaBlend).
import PackageDescription

let package = Package(
  name: "Lamina",
  products: [
    .library(name: "Lamina", targets: ["Lamina"]),
    .library(name: "LaminaCPU", targets: ["LaminaCPU"]),
    .library(name: "LaminaGL", targets: ["LaminaGL"]),
    .library(name: "LaminaLottie", targets: ["LaminaLottie"]),
    .executable(name: "lamina", targets: ["lamina"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
  ],
  targets: [
    .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng"),
    .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl"),
    .systemLibrary(name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2"),
    // Text layout (Sources/Lamina/Text): fonts found by fontconfig, shaped
    // by HarfBuzz, outlines and colour bitmaps from FreeType, bidi and line
    // breaks from ICU. tools/setup installs the -dev packages.
    .systemLibrary(
      name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(
      name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CICU", path: "Sources/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
    // ICU's calls behind plain C types (Foundation's own ICU headers clash
    // with the system's in Swift; see its header).
    .target(name: "CLaminaUnicode", dependencies: ["CICU"], path: "Sources/CLaminaUnicode"),
    // JPEG decoding: libjpeg-turbo, called only from CLaminaJPEG.
    .systemLibrary(
      name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"])]),
    // libjpeg's calls with a setjmp error handler, which Swift cannot write (see its header).
    .target(name: "CLaminaJPEG", dependencies: ["CJPEG"], path: "Sources/CLaminaJPEG"),
    // WebP decoding: libwebp's status-code API, imported into Swift.
    .systemLibrary(
      name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    // The shadows' erf and Gaussian rows and corner sums with AVX2, chosen at run time (see its header).
    .target(name: "CLaminaGauss", path: "Sources/CLaminaGauss"),
    .target(
      name: "Lamina",
      dependencies: [
        "CPNG", "CFontconfig", "CFreeType", "CHarfBuzz", "CLaminaUnicode", "CLaminaJPEG", "CWebP", "CLaminaGauss",
      ]),
    // LaminaCPU's span blend with AVX2, chosen at run time (see its header).
    .target(name: "CLaminaBlend", path: "Sources/CLaminaBlend"),
    .target(name: "LaminaCPU", dependencies: ["Lamina", "CLaminaBlend"]),
    // Lottie documents built into layer trees as lottie-ios's Core Animation engine builds them.
    // zlib inflates `.lottie` archives (libpng already links it).
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),
    .target(name: "LaminaLottie", dependencies: ["Lamina", "CZlib"]),
    .executableTarget(name: "EmbedShadersGenerator", path: "tools/EmbedShaders/Generator"),
    .plugin(
      name: "EmbedShaders", capability: .buildTool(),
      dependencies: ["EmbedShadersGenerator"], path: "tools/EmbedShaders/Plugin"),
    .target(
      name: "LaminaGL", dependencies: ["Lamina", "CEGL", "CGLES"],
      plugins: ["EmbedShaders"]),
    // GL, the CPU, or GL falling back to the CPU per render: shared by `lamina` and LaminaServe.
    .target(name: "LaminaBackends", dependencies: ["Lamina", "LaminaCPU", "LaminaGL"]),
    // `lamina serve`: the HTTP server (Hummingbird, Prometheus metrics). Not a product.
    .target(
      name: "LaminaServe",
      dependencies: [
        "Lamina", "LaminaBackends", "LaminaLottie",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Prometheus", package: "swift-prometheus"),
      ]),
    .executableTarget(
      name: "lamina",
      dependencies: [
        "Lamina", "LaminaCPU", "LaminaGL", "LaminaLottie", "LaminaBackends", "LaminaServe",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Test support shared by the test targets: the scene corpus, goldens,
    // named image tolerances and failure reports. Not a product.
    .target(name: "LaminaTestSupport", dependencies: ["Lamina", "LaminaLottie"], path: "Tests/LaminaTestSupport"),
    // TextFixtures: hb-shape's output for the text corpus, read by path (tools/text-fixtures).
    // ImageFixtures: JPEG and WebP files with djpeg's and dwebp's decodes, read by path.
    .testTarget(
      name: "LaminaTests", dependencies: ["Lamina", "LaminaTestSupport"],
      exclude: ["TextFixtures", "ImageFixtures"]),
    .testTarget(name: "LaminaLottieTests", dependencies: ["Lamina", "LaminaLottie", "LaminaCPU", "LaminaTestSupport"]),
    .testTarget(name: "LaminaCPUTests", dependencies: ["Lamina", "LaminaCPU", "LaminaTestSupport"]),
    .testTarget(
      name: "LaminaGLTests",
      dependencies: ["Lamina", "LaminaCPU", "LaminaGL", "LaminaLottie", "LaminaBackends", "LaminaTestSupport"]),
    .testTarget(
      name: "LaminaServeTests",
      dependencies: [
        "Lamina", "LaminaServe", "LaminaTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
