import Foundation

/// What can go wrong in a size calculator (``CellSizeCalculator``, ``NibSizeCalculator``): each
/// case names the template (its reuse identifier) or the size at fault.
public enum CalculatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The template could not be had or configured: no factory for its identifier, a factory or
    /// a configuration that threw.
    case sizing(SizingError)
    /// A calculator that needs a recorded size (scaling, dynamic-size labels) was asked about a
    /// template that records none: register it with a size, or give its spec a `size`.
    case noRecordedSize(identifier: String)
    /// A template's recorded size has a side that is not a finite number above 0.
    case invalidRecordedSize(identifier: String, size: CGSize)
    /// A container's width is not a finite number above 0, or its height is negative or NaN.
    case invalidContainerSize(CGSize)

    /// The error as a sentence naming the template or size at fault.
    public var description: String {
        switch self {
        case let .sizing(error):
            return error.description
        case let .noRecordedSize(identifier):
            return "the template '\(identifier)' records no size; register it with one or give its spec a 'size'"
        case let .invalidRecordedSize(identifier, size):
            return "the template '\(identifier)' records the size \(size.width) x \(size.height); expected both above 0"
        case let .invalidContainerSize(size):
            return "cannot fit a template in a container of \(size.width) x \(size.height); expected a width above 0"
        }
    }
}
