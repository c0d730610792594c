import ArgumentParser
import Cassowary

@main
struct SelfSizingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selfsizing",
        abstract: "Self-sizing list layout, headless: constraint solving, fitting, row heights and collection item frames.",
        subcommands: [Layout.self, Measure.self, Heights.self, Scroll.self, CollectionCommand.self, Render.self, Demo.self, Cells.self]
    )
}
