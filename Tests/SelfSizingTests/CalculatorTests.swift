import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import Testing

/// A template that answers `sizeThatFits` itself, as AppDevKit's test nibs answer
/// `sizeThatFitsWidth:`: the container's width and each of `heights` in turn.
final class CustomSizeCell: ListCell {
    let heights: [CGFloat]
    private(set) var asked = 0

    init(heights: [CGFloat]) {
        self.heights = heights
        super.init()
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        defer { asked += 1 }
        return CGSize(width: size.width, height: heights[asked % heights.count])
    }
}

/// AppDevKit's `ADKNibSizeCalculatorSpec`, on recorded sizes: `TestNibFile` is 320 x 125 and
/// answers 130 for its height; `SpecialSizeNibFile` is 375 x 294 and has no answer of its own.
@Suite struct NibSizeCalculatorTests {
    /// AppDevKit's tests stub the screen to 375 x 568, their default container.
    static let screen = CGSize(width: 375, height: 568)

    func makeCalculator() -> NibSizeCalculator {
        let calculator = NibSizeCalculator()
        calculator.templates.register("TestNibFile", recordedSize: CGSize(width: 320, height: 125)) { CustomSizeCell(heights: [130]) }
        calculator.templates.register("SpecialSizeNibFile", recordedSize: CGSize(width: 375, height: 294)) { ListCell() }
        calculator.templates.register("TestUncachedCustomCalculationNibFile", recordedSize: CGSize(width: 320, height: 125)) {
            CustomSizeCell(heights: [130, 140])
        }
        return calculator
    }

    @Test(arguments: [
        (NibSizeCalculator.Style.defaultScaling, CGSize(width: 375, height: 146.484375)),
        (.fixedHeightScaling, CGSize(width: 375, height: 125)),
        (.bottomFixedScaling, CGSize(width: 375, height: 180)),
        (.originalSize, CGSize(width: 320, height: 125)),
        (.customCalculation, CGSize(width: 375, height: 130)),
    ])
    func appDevKitsFigures(_ style: NibSizeCalculator.Style, _ expected: CGSize) throws {
        let size = try makeCalculator().size(forTemplate: "TestNibFile", style: style, containerSize: Self.screen)
        #expect(size == expected)
    }

    @Test func theDefaultStyleIsDefaultScaling() throws {
        #expect(try makeCalculator().size(forTemplate: "TestNibFile", containerSize: Self.screen) == CGSize(width: 375, height: 146.484375))
    }

    @Test func customCalculationWithoutAnAnswerScalesByDefault() throws {
        let size = try makeCalculator().size(forTemplate: "SpecialSizeNibFile", style: .customCalculation, containerSize: Self.screen)
        #expect(size == CGSize(width: 375, height: 294))
    }

    @Test(arguments: [
        ("TestNibFile", NibSizeCalculator.Style.fixedHeightScaling, CGSize(width: 345, height: 200), CGSize(width: 345, height: 125)),
        ("TestNibFile", .defaultScaling, CGSize(width: 414, height: 100), CGSize(width: 414, height: 100)),
        ("TestNibFile", .originalSize, CGSize(width: 300, height: 100), CGSize(width: 300, height: 100)),
        ("TestNibFile", .defaultScaling, CGSize(width: 140, height: 20), CGSize(width: 140, height: 20)),
        ("SpecialSizeNibFile", .bottomFixedScaling, CGSize(width: 414, height: 10), CGSize(width: 414, height: 10)),
        ("TestNibFile", .bottomFixedScaling, CGSize(width: 100, height: 500), CGSize(width: 100, height: 0)),
        ("TestNibFile", .defaultScaling, CGSize(width: 640, height: CGFloat.infinity), CGSize(width: 640, height: 250)),
    ])
    func sizesAreClampedToTheContainer(_ name: String, _ style: NibSizeCalculator.Style, _ container: CGSize, _ expected: CGSize) throws {
        let size = try makeCalculator().size(forTemplate: name, style: style, containerSize: container)
        #expect(size == expected)
        #expect(size.width <= container.width && size.height <= container.height)
    }

    @Test func theRuleAloneNeedsNoTemplate() {
        let recorded = CGSize(width: 320, height: 480)
        let container = CGSize(width: 640, height: 2000)
        #expect(NibSizeCalculator.size(recordedSize: recorded, style: .defaultScaling, containerSize: container) == CGSize(width: 640, height: 960))
        #expect(NibSizeCalculator.size(recordedSize: recorded, style: .bottomFixedScaling, containerSize: container) == CGSize(width: 640, height: 800))
        #expect(NibSizeCalculator.size(recordedSize: recorded, style: .fixedHeightScaling, containerSize: container) == CGSize(width: 640, height: 480))
        #expect(NibSizeCalculator.size(recordedSize: recorded, style: .customCalculation, containerSize: container,
                                       customSize: CGSize(width: CGFloat.nan, height: 1)) == CGSize(width: 640, height: 960))
    }

    @Test func sizesAreCachedByTemplateStyleAndContainer() throws {
        let calculator = makeCalculator()
        let first = try calculator.size(forTemplate: "TestNibFile", style: .defaultScaling, containerSize: Self.screen)
        let again = try calculator.size(forTemplate: "TestNibFile", style: .defaultScaling, containerSize: Self.screen)
        #expect(first == again)
        #expect(calculator.statistics.layoutPasses == 1 && calculator.statistics.cacheHits == 1)
        // Another style, another container, another template: each computed once.
        _ = try calculator.size(forTemplate: "TestNibFile", style: .originalSize, containerSize: Self.screen)
        _ = try calculator.size(forTemplate: "TestNibFile", style: .defaultScaling, containerSize: CGSize(width: 414, height: 736))
        _ = try calculator.size(forTemplate: "SpecialSizeNibFile", style: .defaultScaling, containerSize: Self.screen)
        #expect(calculator.statistics.layoutPasses == 4 && calculator.statistics.cacheMisses == 4)
        for _ in 0..<3 { _ = try calculator.size(forTemplate: "TestNibFile", style: .originalSize, containerSize: Self.screen) }
        #expect(calculator.statistics.layoutPasses == 4 && calculator.statistics.cacheHits == 4)
        calculator.invalidateAll()
        _ = try calculator.size(forTemplate: "TestNibFile", style: .originalSize, containerSize: Self.screen)
        #expect(calculator.statistics.layoutPasses == 5)
    }

    @Test func customCalculationIsCachedAndAsksTheTemplateOnce() throws {
        let calculator = makeCalculator()
        for _ in 0..<3 {
            #expect(try calculator.size(forTemplate: "TestUncachedCustomCalculationNibFile", style: .customCalculation,
                                        containerSize: Self.screen) == CGSize(width: 375, height: 130))
        }
        #expect(calculator.statistics.layoutPasses == 1)
        #expect(calculator.statistics.templatesMade == 1)
    }

    @Test func uncachedCustomCalculationAsksEveryTime() throws {
        let calculator = makeCalculator()
        let style = NibSizeCalculator.Style.uncachedCustomCalculation
        #expect(try calculator.size(forTemplate: "TestUncachedCustomCalculationNibFile", style: style, containerSize: Self.screen)
            == CGSize(width: 375, height: 130))
        #expect(try calculator.size(forTemplate: "TestUncachedCustomCalculationNibFile", style: style, containerSize: Self.screen)
            == CGSize(width: 375, height: 140))
        #expect(calculator.statistics.layoutPasses == 2 && calculator.statistics.cacheHits == 0)
        #expect(calculator.statistics.templatesMade == 1, "one instance per template, as ADKNibCacheManager keeps")
    }

    @Test func registeringAgainDropsTheTemplatesSizes() throws {
        let calculator = makeCalculator()
        _ = try calculator.size(forTemplate: "TestNibFile", containerSize: Self.screen)
        calculator.templates.register("TestNibFile", recordedSize: CGSize(width: 375, height: 100)) { ListCell() }
        #expect(try calculator.size(forTemplate: "TestNibFile", containerSize: Self.screen) == CGSize(width: 375, height: 100))
        #expect(calculator.statistics.layoutPasses == 2 && calculator.statistics.cacheHits == 0)
    }

    static let specText = """
        size: [320, 125]
        views:
          - {id: title, type: label, text: "{title}", numberOfLines: 0}
        constraints:
          - "H:|-[title]-|"
          - "V:|-[title]-|"
        """

    @Test func specsGiveTheirRecordedSize() throws {
        let calculator = NibSizeCalculator()
        let spec = try CellSpec(yaml: Self.specText, file: "card.yaml")
        calculator.templates.register("card", spec: spec, measurer: MonospaceTextMeasurer())
        #expect(try calculator.size(forTemplate: "card", containerSize: Self.screen) == CGSize(width: 375, height: 146.484375))
        // A factory of spec cells, registered without a size, takes the spec's.
        calculator.templates.register("made") { try SpecCell(spec: spec, measurer: MonospaceTextMeasurer()) }
        #expect(try calculator.size(forTemplate: "made", style: .bottomFixedScaling, containerSize: Self.screen)
            == CGSize(width: 375, height: 180))
    }

    @Test func errorsAreTyped() throws {
        let calculator = makeCalculator()
        let plain = try CellSpec(yaml: "views:\n  - {id: a, type: label, text: hi}\n", file: "plain.yaml")
        calculator.templates.register("plain", spec: plain)
        calculator.templates.register("flat", recordedSize: CGSize(width: 0, height: 10)) { ListCell() }
        calculator.templates.register("broken") { throw CocoaError(.fileReadCorruptFile) }
        #expect(throws: CalculatorError.noRecordedSize(identifier: "plain")) {
            try calculator.size(forTemplate: "plain", containerSize: Self.screen)
        }
        #expect(throws: CalculatorError.invalidRecordedSize(identifier: "flat", size: CGSize(width: 0, height: 10))) {
            try calculator.size(forTemplate: "flat", containerSize: Self.screen)
        }
        #expect(throws: CalculatorError.sizing(.unregisteredIdentifier("missing"))) {
            try calculator.size(forTemplate: "missing", containerSize: Self.screen)
        }
        for container in [CGSize(width: 0, height: 100), CGSize(width: CGFloat.nan, height: 100), CGSize(width: 100, height: -1),
                          CGSize(width: CGFloat.infinity, height: 100)] {
            // (A NaN size is not equal to itself: the case is matched.)
            #expect {
                try calculator.size(forTemplate: "TestNibFile", containerSize: container)
            } throws: { error in
                guard case .invalidContainerSize = error as? CalculatorError else { return false }
                return true
            }
        }
        do {
            _ = try calculator.size(forTemplate: "broken", containerSize: Self.screen)
            Issue.record("a factory that throws gave a size")
        } catch {
            guard case .sizing(.cellCreationFailed(identifier: "broken", _)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description.contains("broken"))
        }
    }
}
