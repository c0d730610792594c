import AutoLayout
import CellSpecs
import Foundation
import SelfSizing
import Testing

/// A cell as a nib draws it at 320 points: a multi-line label 16 points from the leading edge and
/// 24 from the trailing one, its preferred width set explicitly to the 280 points it had there (a
/// nib's "explicit" preferred width), and a caption inside a box, not directly in the content view.
final class NibDrawnCell: ListCell {
    let title = Label(identifier: "title", font: .system(size: 17))
    let box = View(identifier: "box")
    let caption = Label(identifier: "caption", font: .system(size: 17))

    init() {
        super.init()
        for label in [title, caption] {
            label.measurer = MonospaceTextMeasurer()
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
        }
        title.preferredMaxLayoutWidth = 280
        box.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(title)
        contentView.addSubview(box)
        box.addSubview(caption)
        caption.text = "c"
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -24),
            title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: title.bottomAnchor),
            box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -10),
            caption.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 30),
            caption.trailingAnchor.constraint(equalTo: box.trailingAnchor),
            caption.topAnchor.constraint(equalTo: box.topAnchor),
            caption.bottomAnchor.constraint(equalTo: box.bottomAnchor),
        ])
    }
}

/// AppDevKit's `ADKCollectionViewDynamicSizeCell` as a template option.
@Suite struct DynamicSizeLabelsTests {
    /// 20 two-letter words at 7 points a character: 13 a line at 280 points, 7 at 160, 5 at 100.
    static let words = String(repeating: "ab ", count: 20)
    static let recorded = CGSize(width: 320, height: 80)

    @Test func labelsDirectlyInTheContentViewRecordTheirMargins() {
        let cell = NibDrawnCell()
        let labels = DynamicSizeLabels(cell: cell, recordedSize: Self.recorded)
        #expect(labels.entries.count == 1)
        #expect(labels.margin(of: cell.title) == 40)
        #expect(labels.margin(of: cell.caption) == nil, "a label inside another view is left alone")
        labels.apply(width: 200)
        #expect(cell.title.preferredMaxLayoutWidth == 160)
        labels.apply(width: 30)
        #expect(cell.title.preferredMaxLayoutWidth == 0, "no room: layout decides")
    }

    @Test(arguments: [(320.0, 2), (200, 3), (140, 4)])
    func aMultiLineLabelsHeightFollowsTheWidth(_ width: CGFloat, _ lines: Int) {
        let cell = NibDrawnCell()
        cell.title.text = Self.words
        let calculator = CellSizeCalculator()
        let preferred = CGSize(width: width, height: 0)
        // Without the option the label wraps at the width it was drawn with, whatever the cell's.
        let fixed = calculator.size(forDynamicHeightCell: cell, preferredSize: preferred)
        #expect(fixed.height == CGFloat(2 * 20 + 20 + 20))
        let labels = DynamicSizeLabels(cell: cell, recordedSize: Self.recorded)
        let size = calculator.size(forDynamicHeightCell: cell, preferredSize: preferred, labels: labels)
        #expect(size == CGSize(width: width, height: CGFloat(lines) * 20 + 20 + 20))
        #expect(cell.title.preferredMaxLayoutWidth == width - 40)
    }

    @Test func dynamicWidthLetsLayoutDecide() {
        let cell = NibDrawnCell()
        cell.title.text = "twelve chars"
        let labels = DynamicSizeLabels(cell: cell, recordedSize: Self.recorded)
        let size = CellSizeCalculator().size(forDynamicWidthCell: cell, preferredSize: CGSize(width: 0, height: 50), labels: labels)
        #expect(cell.title.preferredMaxLayoutWidth == 0)
        #expect(size == CGSize(width: 12 * 7 + 40, height: 50))
    }

    @Test func aRegisteredTemplateAppliesThemBeforeEachFitting() throws {
        let calculator = CellSizeCalculator()
        calculator.templates.register("nib", recordedSize: Self.recorded, dynamicSizeLabels: true) { NibDrawnCell() }
        for (width, lines) in [(320.0, 2), (200, 3), (140, 4), (320, 2)] {
            let size = try calculator.size(forDynamicHeightCellWithIdentifier: "nib", preferredSize: CGSize(width: width, height: 0)) {
                ($0 as! NibDrawnCell).title.text = Self.words
            }
            #expect(size.height == CGFloat(lines) * 20 + 40)
        }
        #expect(try calculator.templates.dynamicSizeLabels(for: "nib")?.entries.count == 1)
        #expect(calculator.statistics.templatesMade == 1)
    }

    @Test func specsRecordTheirMarginsAtTheirSize() throws {
        let spec = try CellSpec(yaml: """
            size: [320, 80]
            views:
              - {id: title, type: label, text: "{title}", numberOfLines: 0}
            constraints:
              - "H:|-16-[title]-24-|"
              - "V:|-10-[title]-10-|"
            """, file: "title.yaml")
        let calculator = CellSizeCalculator()
        calculator.templates.register("title", spec: spec, measurer: MonospaceTextMeasurer(), dynamicSizeLabels: true)
        calculator.templates.register("plain", spec: spec, measurer: MonospaceTextMeasurer())
        let item: DataItem = ["title": .string(Self.words)]
        for (width, lines) in [(320.0, 2), (200, 3), (140, 4)] {
            let preferred = CGSize(width: width, height: 0)
            let size = try calculator.size(forDynamicHeightCellWithIdentifier: "title", preferredSize: preferred) {
                try ($0 as! SpecCell).configure(with: item, row: 1)
            }
            #expect(size.height == CGFloat(lines) * 20 + 20)
            // A label pinned on both sides already wraps at its solved width: the option agrees.
            let plain = try calculator.size(forDynamicHeightCellWithIdentifier: "plain", preferredSize: preferred) {
                try ($0 as! SpecCell).configure(with: item, row: 1)
            }
            #expect(plain == size)
            let cell = try #require(calculator.templates.template(for: "title") as? SpecCell)
            let title = try #require(cell.template.views["title"] as? Label)
            #expect(title.preferredMaxLayoutWidth == CGFloat(width - 40))
        }
    }
}
