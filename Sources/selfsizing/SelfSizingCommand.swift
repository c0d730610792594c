import ArgumentParser
import Cassowary

@main
struct SelfSizingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selfsizing",
        abstract: "Self-sizing list layout, headless: constraint solving, fitting and row heights.",
        subcommands: [Layout.self, Measure.self, Heights.self, Render.self, Demo.self, Cells.self]
    )
}
