"""lottie-ios-check: renders lottie-ios's sample animations and compares
them with the snapshots Apple's Core Animation drew of them, the way
lottie-ios's snapshot tests compare (swift-snapshot-testing's perceptual
comparison). See docs/lottie-ios-check.md and `tools/lottie-ios-check -h`.
"""
