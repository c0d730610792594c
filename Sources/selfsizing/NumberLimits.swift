import ArgumentParser
import CellSpecs
import Foundation

/// The allowed range of one numeric quantity of the command line, and the one check every option
/// of that quantity goes through.
///
/// Rules (issue 17: one validation for every numeric argument):
/// 1. A number must be finite (`nan`, `inf` and overflowing literals are refused) and inside the
///    quantity's range; a whole quantity (a count, a row) must be a whole number.
/// 2. The same quantity has the same range in every command and in a spec: lengths mirror
///    CellSpecs' ``SpecLimits`` (`--width` and the spec's sizes agree), font sizes and weights too.
/// 3. The message names the option, the value as given, and the range: a negative value says it
///    is negative (`--width -1` is read as a value, not as an option: every numeric option
///    parses `.unconditional`ly).
struct NumberLimit: Sendable {
    /// The quantity, with its article: "a width".
    let quantity: String
    /// "points", "pixels per point"; empty for plain numbers.
    let unit: String
    /// The allowed values.
    let range: ClosedRange<Double>
    /// Whether the lower bound itself is refused ("above 0").
    let excludesLowerBound: Bool

    init(_ quantity: String, unit: String = "", _ range: ClosedRange<Double>, excludesLowerBound: Bool = false) {
        self.quantity = quantity
        self.unit = unit
        self.range = range
        self.excludesLowerBound = excludesLowerBound
    }

    /// Whether `v` is allowed.
    func allows(_ v: Double) -> Bool {
        v.isFinite && range.contains(v) && !(excludesLowerBound && v == range.lowerBound)
    }

    /// The range as a sentence says it: "a number of points above 0, at most 100000".
    var stated: String {
        let what = unit.isEmpty ? "a number" : "a number of \(unit)"
        let (low, high) = (Self.format(range.lowerBound), Self.format(range.upperBound))
        return excludesLowerBound ? "\(what) above \(low), at most \(high)" : "\(what) from \(low) to \(high)"
    }

    /// Checks an option's value (rule 1), throwing the message of rule 3.
    func check(_ v: Double, _ option: String) throws {
        guard !allows(v) else { return }
        throw ValidationError(message(v, option))
    }

    /// The message for a value `option` was given outside the range.
    func message(_ v: Double, _ option: String) -> String {
        let given = Self.format(v)
        if !v.isFinite { return "\(option) \(given) is not a finite number: \(quantity) is \(stated)" }
        if v < 0 && range.lowerBound >= 0 { return "\(option) \(given) is negative: \(quantity) is \(stated)" }
        return "\(option) \(given) is out of range: \(quantity) is \(stated)"
    }

    /// A number as the user would write it: no ".0" on a whole number.
    static func format(_ v: Double) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}

/// A whole-number option's range: counts, rows and sizes of batches.
struct WholeNumberLimit: Sendable {
    /// The quantity, with its article: "a row number".
    let quantity: String
    /// The allowed values.
    let range: ClosedRange<Int>

    init(_ quantity: String, _ range: ClosedRange<Int>) {
        self.quantity = quantity
        self.range = range
    }

    /// Checks an option's value; the message names the option, the value and the range.
    func check(_ v: Int, _ option: String) throws {
        guard !range.contains(v) else { return }
        let why = v < 0 && range.lowerBound >= 0 ? "is negative" : "is out of range"
        throw ValidationError("\(option) \(v) \(why): \(quantity) is a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
}

/// Every numeric quantity the commands take, one rule each (see ``NumberLimit``).
enum NumberLimits {
    /// The largest length in points: a spec's (``SpecLimits/length``).
    static let largestLength = Double(SpecLimits.length.upperBound)

    /// A list's, a cell's, a text's or an item's width: a spec length, and above 0.
    static let width = NumberLimit("a width", unit: "points", 0...largestLength, excludesLowerBound: true)
    /// A viewport's or a collection's height: a spec length, and above 0.
    static let height = NumberLimit("a height", unit: "points", 0...largestLength, excludesLowerBound: true)
    /// Where a viewport starts along a list: from its top; the list's real length is checked once
    /// it is laid out (a list may be far longer than one spec length).
    static let offset = NumberLimit("an offset", unit: "points", 0...1e12)
    /// Pixels per point: a screen's scale (UIKit's are 1, 2 and 3).
    static let scale = NumberLimit("a scale", unit: "pixels per point", 1...10)
    /// Spacing and insets of a collection: a spec margin.
    static let spacing = NumberLimit("a spacing or inset", unit: "points", 0...Double(SpecLimits.margin.upperBound))
    /// A font size: a spec's (above 0, at most ``SpecLimits/largestFontSize``).
    static let fontSize = NumberLimit("a font size", unit: "points", 0...Double(SpecLimits.largestFontSize), excludesLowerBound: true)
    /// A fixed line height: a spec length, above 0 (a line 0 high gives every text the height 0).
    static let lineHeight = NumberLimit("a line height", unit: "points", 0...largestLength, excludesLowerBound: true)
    /// A font weight: a spec's (OpenType's 100 to 1000).
    static let weight = WholeNumberLimit("a font weight", Int(SpecLimits.weight.lowerBound)...Int(SpecLimits.weight.upperBound))
    /// A 1-based row number, and what a stream adds to its line numbers (a row number is printed
    /// as a JSON number, exact up to 2^53).
    static let row = WholeNumberLimit("a row number", 1...1_000_000_000_000)
    static let rowOffset = WholeNumberLimit("a row offset", 0...1_000_000_000_000)
    /// Columns of a grid.
    static let columns = WholeNumberLimit("a number of columns", 1...1000)
    /// Lines of a text (0: no limit).
    static let lines = WholeNumberLimit("a number of lines", 0...100_000)
    /// Rows read, measured and written at a time.
    static let batchSize = WholeNumberLimit("a batch size", 1...(1 << 20))
}
