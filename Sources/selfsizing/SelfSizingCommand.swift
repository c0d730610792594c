import ArgumentParser
import Cassowary

@main
struct SelfSizingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selfsizing",
        abstract: "Self-sizing list layout, headless: constraint solving, fitting, row heights and collection item frames.",
        discussion: """
        Exit status: 0 on success; 1 on an error (a bad spec, data or font file, an output that cannot be written); \
        3 when --strict finds a layout problem (an unsatisfiable constraint, an ambiguous view, a missing edge); \
        64 on a usage error (an unknown option, a number outside its range). Output files are written whole or not \
        at all, and a run interrupted by SIGINT, SIGTERM or SIGHUP leaves no temporary file behind.
        """,
        subcommands: [Layout.self, Measure.self, Heights.self, Scroll.self, CollectionCommand.self, Render.self, Demo.self, Cells.self]
    )
}
