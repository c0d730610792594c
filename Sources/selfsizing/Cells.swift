import ArgumentParser
import CellSpecs
import Foundation

/// `selfsizing cells FILE`: lists the cells of an Xcode `.xib` or `.storyboard`.
struct Cells: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the cells of an Interface Builder file (.xib or .storyboard).",
        discussion: """
        A xib's cells are its top-level table view cells, collection view cells, header and footer views and plain \
        views; a storyboard's are the prototypes of every table and collection view of every scene. Each is named by \
        its reuse identifier, else its custom class, else its IB object id: the name other commands take as --cell.
        """)

    @Argument(help: "The .xib or .storyboard file.")
    var file: String

    @Option(help: "json or text.")
    var format: Layout.OutputFormat = .json

    func run() throws {
        let cells: [IBCell]
        do {
            cells = try InterfaceBuilderDocument(contentsOf: file).nonEmptyCells()
        } catch { throw CLIError(error) }
        switch format {
        case .json: try Output.line(json(cells))
        case .text: try Output.line(text(cells))
        }
    }

    func json(_ cells: [IBCell]) -> String {
        func string(_ s: String?) -> String { s.map(JSONNumber.quote) ?? "null" }
        func number(_ x: CGFloat?) -> String { x.map { JSONNumber.format(Double($0)) } ?? "null" }
        let items = cells.map { cell in
            "  {\"name\": \(string(cell.name)), \"kind\": \(string(cell.kind.rawValue)), "
                + "\"width\": \(number(cell.recordedSize?.width)), \"height\": \(number(cell.recordedSize?.height)), "
                + "\"id\": \(string(cell.id)), \"reuseIdentifier\": \(string(cell.reuseIdentifier)), "
                + "\"customClass\": \(string(cell.customClass))}"
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]"
    }

    /// One line a cell: name, kind and recorded size in columns.
    func text(_ cells: [IBCell]) -> String {
        func size(_ s: CGSize?) -> String {
            guard let s else { return "-" }
            return "\(JSONNumber.format(Double(s.width)))x\(JSONNumber.format(Double(s.height)))"
        }
        let nameWidth = cells.map(\.name.count).max() ?? 0
        let kindWidth = cells.map(\.kind.rawValue.count).max() ?? 0
        func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        return cells.map { "\(pad($0.name, nameWidth))  \(pad($0.kind.rawValue, kindWidth))  \(size($0.recordedSize))" }
            .joined(separator: "\n")
    }
}
