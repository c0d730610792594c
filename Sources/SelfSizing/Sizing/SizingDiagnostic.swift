import AutoLayout
import Foundation

/// A problem found while sizing a template cell, kept by the list (once per cell and kind) and
/// logged at warning level. Its text is made in one place, ``description``.
public enum SizingDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The dimension of a cell that a list lets its content decide.
    public enum Dimension: String, Hashable, Sendable {
        case width, height
    }

    /// Auto Layout gave 0 for the dimension; the list falls back to `sizeThatFits`. `problem`
    /// says which edge the content view's constraints miss, when that could be found.
    case noSizeFromAutoLayout(identifier: String, dimension: Dimension, problem: SelfSizingProblem?)
    /// Neither Auto Layout nor `sizeThatFits` gave the dimension; the list uses
    /// ``TemplateFitting/lastResort``.
    case noSize(identifier: String, dimension: Dimension)

    /// Which edge the content view's constraints miss, for ``noSizeFromAutoLayout(identifier:dimension:problem:)``.
    public var problem: SelfSizingProblem? {
        if case let .noSizeFromAutoLayout(_, _, problem) = self { return problem }
        return nil
    }

    /// What the diagnostic is about, for reporting each once: the cell's identifier and the kind.
    public var subject: String {
        switch self {
        case let .noSizeFromAutoLayout(identifier, _, _): return identifier
        case let .noSize(identifier, _): return identifier + "#\(Int(TemplateFitting.lastResort))"
        }
    }

    public var description: String {
        switch self {
        case let .noSizeFromAutoLayout(identifier, dimension, problem):
            let why = problem.map { ": \($0)" } ?? ""
            return "cannot get a proper cell \(dimension.rawValue) (now 0) for '\(identifier)' from Auto Layout\(why); "
                + "falling back to sizeThatFits"
        case let .noSize(identifier, dimension):
            return "'\(identifier)' has no \(dimension.rawValue) from Auto Layout or sizeThatFits; "
                + "using \(Int(TemplateFitting.lastResort))"
        }
    }
}
