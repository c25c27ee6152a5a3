// swift-tools-version: 6.0
// Lamina's libFuzzer targets, one executable per input format: the scene
// loader, the SVG path parser, the PNG reader, and the lowering and CPU
// rendering of scenes that load. A separate package so that the main build never sees
// libFuzzer; it depends on the main package by path.
//
// Build (tools/fuzz does this):
//   swift build -c debug -Xswiftc -sanitize=address \
//     -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
// Everything, the Lamina library included, is compiled with AddressSanitizer
// and the coverage libFuzzer steers by; only the fuzz executables link
// libFuzzer itself, and each runs its driver from `main` (FuzzDriver).
// They link with lld: gold crashes on ASan objects here (dwarf_reader.cc).
// Rejected: `-Xswiftc -sanitize=fuzzer` for everything. It also links
// libFuzzer (and its `main`) into the main package's build tool
// (EmbedShadersGenerator), which then fails to link.
import PackageDescription

let fuzzTarget: (String, [Target.Dependency]) -> Target = { name, more in
  .executableTarget(
    name: name,
    dependencies: ["FuzzDriver", .product(name: "Lamina", package: "Lamina")] + more,
    linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])])
}

let package = Package(
  name: "LaminaFuzz",
  dependencies: [.package(name: "Lamina", path: "..")],
  targets: [
    .target(name: "FuzzDriver"),
    fuzzTarget("FuzzScene", []), fuzzTarget("FuzzSVGPath", []), fuzzTarget("FuzzPNG", []),
    fuzzTarget("FuzzLowering", [.product(name: "LaminaCPU", package: "Lamina")]),
  ],
  swiftLanguageModes: [.v6]
)
