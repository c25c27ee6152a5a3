// `--backend cpu|gl|auto`: the library's `Backend` (LaminaBackends) read as
// a command-line argument. Rejected: the conformance in LaminaBackends
// (the library would depend on ArgumentParser, and so would the server).
import ArgumentParser
import LaminaBackends

extension Backend: ExpressibleByArgument {}
