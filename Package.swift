// swift-tools-version: 6.0
// Lamina: Core Animation's layer rendering, offscreen, on Linux.
// Modules: Lamina (model, scenes, PNG, the lowering; no GL), LaminaCPU and
// LaminaGL (two backends of one RenderPlan; they never import each other),
// and the `lamina` command-line tool. C shims wrap the system libraries;
// one C target holds a kernel that needs a CPU feature Swift cannot ask
// for per function (CLaminaBlend).
import PackageDescription

let package = Package(
  name: "Lamina",
  products: [
    .library(name: "Lamina", targets: ["Lamina"]),
    .library(name: "LaminaCPU", targets: ["LaminaCPU"]),
    .library(name: "LaminaGL", targets: ["LaminaGL"]),
    .executable(name: "lamina", targets: ["lamina"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
  ],
  targets: [
    .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng"),
    .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl"),
    .systemLibrary(name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2"),
    .target(name: "Lamina", dependencies: ["CPNG"]),
    // LaminaCPU's span blend with AVX2, chosen at run time (see its header).
    .target(name: "CLaminaBlend", path: "Sources/CLaminaBlend"),
    .target(name: "LaminaCPU", dependencies: ["Lamina", "CLaminaBlend"]),
    .executableTarget(name: "EmbedShadersGenerator", path: "tools/EmbedShaders/Generator"),
    .plugin(
      name: "EmbedShaders", capability: .buildTool(),
      dependencies: ["EmbedShadersGenerator"], path: "tools/EmbedShaders/Plugin"),
    .target(
      name: "LaminaGL", dependencies: ["Lamina", "CEGL", "CGLES"],
      plugins: ["EmbedShaders"]),
    .executableTarget(
      name: "lamina",
      dependencies: [
        "Lamina", "LaminaCPU", "LaminaGL",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Test support shared by the test targets: the scene corpus, goldens,
    // named image tolerances and failure reports. Not a product.
    .target(name: "LaminaTestSupport", dependencies: ["Lamina"], path: "Tests/LaminaTestSupport"),
    .testTarget(name: "LaminaTests", dependencies: ["Lamina", "LaminaTestSupport"]),
    .testTarget(name: "LaminaCPUTests", dependencies: ["Lamina", "LaminaCPU", "LaminaTestSupport"]),
    .testTarget(
      name: "LaminaGLTests", dependencies: ["Lamina", "LaminaCPU", "LaminaGL", "LaminaTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
