import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import Testing

/// AppDevKit's `ADKCellDynamicSizeCalculator` against the sizing core's direct fitting.
@Suite struct CellSizeCalculatorTests {
    /// 20 two-letter words: 21 points a word with its space, less the last space.
    static let words = String(repeating: "ab ", count: 20)

    func chip(_ text: String) -> ChipCell {
        let cell = ChipCell()
        cell.label.text = text
        return cell
    }

    @Test(arguments: [(200.0, 0.0), (120, 0), (300, 0), (200, 500), (200, 90)])
    func dynamicHeightIsTheFixedWidthFitAtLeastThePreferredHeight(_ width: CGFloat, _ height: CGFloat) {
        let cell = chip(Self.words)
        let direct = TemplateFitting.fit(cell, .fixedWidth(width), identifier: "chip").size
        let size = CellSizeCalculator().size(forDynamicHeightCell: cell, preferredSize: CGSize(width: width, height: height))
        #expect(size == CGSize(width: width, height: max(direct.height, height)))
        #expect(direct.height > 20, "the text wraps at these widths")
    }

    @Test(arguments: [(40.0, 0.0), (40, 300), (60, 10)])
    func dynamicWidthIsTheFixedHeightFitAtLeastThePreferredWidth(_ height: CGFloat, _ width: CGFloat) {
        let cell = chip("twelve chars")
        let direct = TemplateFitting.fit(cell, .fixedHeight(height), identifier: "chip").size
        let size = CellSizeCalculator().size(forDynamicWidthCell: cell, preferredSize: CGSize(width: width, height: height))
        #expect(size == CGSize(width: max(direct.width, width), height: height))
        #expect(direct.width == CGFloat(12 * 7 + 20))
    }

    @Test func aPreferredSizeThatIsNoSizeCountsAsZero() {
        let calculator = CellSizeCalculator()
        let size = calculator.size(forDynamicHeightCell: chip("hi"), preferredSize: CGSize(width: 100, height: CGFloat.nan))
        #expect(size == CGSize(width: 100, height: 40))
        // No width: Auto Layout is not asked; the core falls back to sizeThatFits, then 44.
        let none = calculator.size(forDynamicHeightCell: chip("hi"), preferredSize: CGSize(width: -5, height: 0))
        #expect(none == CGSize(width: 0, height: TemplateFitting.lastResort))
        #expect(calculator.diagnostics.contains(.noSize(identifier: "ChipCell", dimension: .height)))
    }

    @Test func instancesAreMeasuredEveryTime() {
        let calculator = CellSizeCalculator()
        let cell = chip(Self.words)
        for _ in 0..<3 { _ = calculator.size(forDynamicHeightCell: cell, preferredSize: CGSize(width: 200, height: 0)) }
        #expect(calculator.statistics.layoutPasses == 3 && calculator.statistics.cacheHits == 0)
    }

    func makeCalculator() -> CellSizeCalculator {
        let calculator = CellSizeCalculator()
        calculator.templates.register("chip") { ChipCell() }
        return calculator
    }

    func set(_ text: String) -> (ListCell) -> Void { { ($0 as! ChipCell).label.text = text } }

    @Test func registeredTemplatesMatchInstances() throws {
        let calculator = makeCalculator()
        for width in [120.0, 200, 300] {
            let preferred = CGSize(width: width, height: 0)
            let byIdentifier = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: preferred,
                                                   configuration: set(Self.words))
            #expect(byIdentifier == CellSizeCalculator().size(forDynamicHeightCell: chip(Self.words), preferredSize: preferred))
        }
        let wide = try calculator.size(forDynamicWidthCellWithIdentifier: "chip", preferredSize: CGSize(width: 0, height: 40),
                                       configuration: set("twelve chars"))
        #expect(wide == CGSize(width: 12 * 7 + 20, height: 40))
        #expect(calculator.statistics.templatesMade == 1 && calculator.statistics.layoutPasses == 4)
    }

    @Test func keyedSizesAreCachedPerPreferredSize() throws {
        let calculator = makeCalculator()
        let narrow = CGSize(width: 120, height: 0), wide = CGSize(width: 300, height: 0)
        let first = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: narrow, cacheByKey: 1,
                                        configuration: set(Self.words))
        // A cached key is not configured again: the text given now is not looked at.
        let again = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: narrow, cacheByKey: 1,
                                        configuration: set("other"))
        #expect(first == again)
        #expect(calculator.statistics.layoutPasses == 1 && calculator.statistics.cacheHits == 1)
        // Another width is another context; returning to the first finds its sizes.
        let wider = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: wide, cacheByKey: 1,
                                        configuration: set(Self.words))
        #expect(wider.height < first.height)
        _ = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: narrow, cacheByKey: 1,
                                configuration: set(Self.words))
        #expect(calculator.statistics.layoutPasses == 2 && calculator.statistics.cacheHits == 2)
        // The mirror is another context too, and a size without a key is never kept.
        _ = try calculator.size(forDynamicWidthCellWithIdentifier: "chip", preferredSize: CGSize(width: 0, height: 40),
                                cacheByKey: 1, configuration: set("twelve chars"))
        for _ in 0..<2 {
            _ = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: narrow, configuration: set(Self.words))
        }
        #expect(calculator.statistics.layoutPasses == 5)
        // Invalidating a key, re-registering the template, or invalidating all forgets its sizes.
        calculator.invalidateSize(forKey: 1, identifier: "chip")
        _ = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: narrow, cacheByKey: 1,
                                configuration: set(Self.words))
        calculator.templates.register("chip") { ChipCell() }
        _ = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: narrow, cacheByKey: 1,
                                configuration: set(Self.words))
        calculator.invalidateAll()
        _ = try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: narrow, cacheByKey: 1,
                                configuration: set(Self.words))
        #expect(calculator.statistics.layoutPasses == 8 && calculator.statistics.cacheHits == 2)
    }

    @Test func contentSizeCategoriesAreContexts() throws {
        let calculator = CellSizeCalculator()
        calculator.templates.register("text") { TextCell() }
        let preferred = CGSize(width: 200, height: 0)
        func size() throws -> CGSize {
            try calculator.size(forDynamicHeightCellWithIdentifier: "text", preferredSize: preferred, cacheByKey: "k") {
                ($0 as! TextCell).label.text = Self.words
            }
        }
        let large = try size()
        calculator.templates.contentSizeCategory = .accessibilityExtraLarge
        let bigger = try size()
        #expect(bigger.height > large.height)
        #expect(calculator.statistics.layoutPasses == 2)
    }

    struct Refused: Error {}

    @Test func errorsAreTyped() throws {
        let calculator = makeCalculator()
        calculator.templates.register("labels", dynamicSizeLabels: true) { ChipCell() }
        let preferred = CGSize(width: 200, height: 0)
        #expect(throws: CalculatorError.sizing(.unregisteredIdentifier("missing"))) {
            try calculator.size(forDynamicHeightCellWithIdentifier: "missing", preferredSize: preferred) { _ in }
        }
        #expect(throws: CalculatorError.noRecordedSize(identifier: "labels")) {
            try calculator.size(forDynamicWidthCellWithIdentifier: "labels", preferredSize: preferred) { _ in }
        }
        #expect(throws: CalculatorError.sizing(.configurationFailed(identifier: "chip", message: "Refused()"))) {
            try calculator.size(forDynamicHeightCellWithIdentifier: "chip", preferredSize: preferred, cacheByKey: 3) { _ in throw Refused() }
        }
    }
}
