import CellSpecs
import Foundation
import Rendering
import SelfSizing

/// An error the command line prints, then exits with a failure.
///
/// ``init(_:spec:data:)`` is the one place where the libraries' errors become the command line's
/// messages: each names where the problem is (the spec file's line and column, the data file's
/// row), as the user wrote it.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) { description = message }

    /// A library error, placed in the command's files: `spec` and `data` are the paths the user gave.
    init(_ error: any Error, spec: String? = nil, data: String? = nil) {
        switch error {
        case let error as CLIError:
            self = error
        case let error as SpecError:
            description = error.description
        case let error as DataFileError:
            description = error.description
        case let error as BindingError:
            description = "\(data ?? "the data item"): \(error.description)"
        case let TableViewError.configurationFailed(indexPath?, _, message):
            description = "\(data ?? "the data"): row \(indexPath.row + 1): \(message)"
        case let CollectionViewError.configurationFailed(indexPath?, _, message):
            // Collections built from a data file have one section: the item is the file's row.
            description = "\(data ?? "the data"): row \(indexPath[1] + 1): \(message)"
        case let error as RenderError:
            description = error.description
        default:
            description = spec.map { "\($0): \(error)" } ?? "\(error)"
        }
    }
}
