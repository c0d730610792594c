import AutoLayout
import Foundation
import SelfSizing
import TextLayout

extension Renderer {
    /// Measures the rows a span shows, so that their rectangles are final before drawing.
    func layOut(_ table: TableView, _ span: ClosedRange<CGFloat>) throws(RenderError) {
        guard span.upperBound > span.lowerBound else { throw .nothingToDraw("the span \(span) is empty") }
        do { _ = try table.layoutRows(in: span) } catch { throw .layout(error.description) }
    }

    /// The grouped background, section headers, then each row the span shows: its background,
    /// its content laid out at its size, and its separator.
    func draw(_ table: TableView, _ span: ClosedRange<CGFloat>, on canvas: Canvas) throws(RenderError) {
        let top = span.lowerBound
        let width = table.width
        let size = CGSize(width: width, height: span.upperBound - top)
        canvas.fill(CGRect(origin: .zero, size: size), table.style == .plain ? .white : .groupedBackground)
        for s in 0..<table.numberOfSections {
            let header = table.rectForHeader(inSection: s)
            guard header.height > 0, header.maxY > top, header.minY < span.upperBound else { continue }
            let rect = header.offsetBy(dx: 0, dy: -top)
            guard canvas.shows(rect) else { continue }
            if table.style == .plain { canvas.fill(rect, .groupedBackground) }
            let view: TableViewCell?
            do { view = try table.layOutHeader(inSection: s) } catch { throw .layout(error.description) }
            if let view {
                let x = table.style == .insetGrouped ? table.effectiveLayoutMargins.leading : 0
                draw(view.contentView, at: CGPoint(x: rect.minX + x, y: rect.minY), on: canvas, isContent: true)
            }
        }
        let margin = table.effectiveLayoutMargins.leading
        for ip in table.indexPathsForRows(in: span) {
            let rect = table.rectForRow(at: ip).offsetBy(dx: 0, dy: -top)
            // Rows are opaque and drawn in order: one off this band changes nothing on it.
            guard canvas.shows(rect) else { continue }
            let laid: (cell: TableViewCell, size: CGSize)
            do { laid = try table.layOutCell(forRowAt: ip) } catch { throw .layout(error.description) }
            canvas.fill(rect, .white)
            draw(laid.cell.contentView, at: rect.origin, on: canvas, isContent: true)
            if laid.cell.accessoryType == .disclosureIndicator || laid.cell.accessoryType == .detailDisclosureButton {
                let x = rect.maxX - 20, y = rect.midY
                canvas.line(from: CGPoint(x: x - 4, y: y - 6), to: CGPoint(x: x + 2, y: y), .placeholderStroke, width: 2)
                canvas.line(from: CGPoint(x: x + 2, y: y), to: CGPoint(x: x - 4, y: y + 6), .placeholderStroke, width: 2)
            }
            let separator = table.separatorHeight
            if separator > 0 {
                let y = rect.maxY - separator / 2
                canvas.line(from: CGPoint(x: rect.minX + margin, y: y), to: CGPoint(x: rect.maxX, y: y), .separator, width: separator)
            }
        }
    }

    /// A view and its subviews, `origin` being where the view's frame origin lands.
    func draw(_ view: View, at origin: CGPoint, on canvas: Canvas, isContent: Bool = false) {
        guard !view.isHidden else { return }
        let frame = CGRect(origin: origin, size: view.frame.size)
        if let color = view.backgroundColor { canvas.fill(frame, color) }
        if let label = view as? Label {
            draw(label, in: frame, on: canvas)
        } else if let image = view as? ImageView, let picture = image.image {
            if !(picture.path.map { canvas.image(atPath: $0, in: frame) } ?? false) {
                // A placeholder of the image's size, crossed, drawn inside its frame only.
                canvas.clipped(to: frame) {
                    canvas.fill(frame, .placeholder)
                    canvas.stroke(frame, .placeholderStroke, width: 1)
                    canvas.line(from: CGPoint(x: frame.minX, y: frame.minY), to: CGPoint(x: frame.maxX, y: frame.maxY),
                                .placeholderStroke, width: 1)
                    canvas.line(from: CGPoint(x: frame.maxX, y: frame.minY), to: CGPoint(x: frame.minX, y: frame.maxY),
                                .placeholderStroke, width: 1)
                }
            }
        }
        for sub in view.subviews {
            draw(sub, at: CGPoint(x: origin.x + sub.frame.minX, y: origin.y + sub.frame.minY), on: canvas)
        }
        if overlay {
            canvas.stroke(frame, Color(hex: 0xFF3B30, alpha: 0.8), width: 0.5)
            if isContent {
                let m = view.layoutMargins
                let inner = CGRect(x: frame.minX + m.left, y: frame.minY + m.top,
                                   width: max(frame.width - m.left - m.right, 0), height: max(frame.height - m.top - m.bottom, 0))
                canvas.stroke(inner, Color(hex: 0x007AFF, alpha: 0.8), width: 0.5)
            }
        }
    }

    /// A label's lines, as its measurer breaks them at its width, centred vertically in its frame
    /// as UILabel centres them, each line's runs in visual order (``Bidi``) and aligned as
    /// ``Label/lineAlignment(paragraphDirection:endsParagraph:)`` resolves the label's alignment.
    func draw(_ label: Label, in frame: CGRect, on canvas: Canvas) {
        guard !label.text.isEmpty, frame.width > 0 else { return }
        let m = (label.measurer as? TextMeasurer) ?? (Label.defaultMeasurer as? TextMeasurer) ?? measurer
        let request = TextMeasureRequest(text: label.text, font: label.font, width: frame.width,
                                         numberOfLines: label.numberOfLines, lineBreakMode: label.lineBreakMode,
                                         lineHeight: label.lineHeight, contentSizeCategory: label.contentSizeCategory,
                                         language: label.language)
        guard let text = m.laidOut(request, direction: label.effectiveLayoutDirection) else { return }
        let height = Double(text.lines.count) * text.lineHeight
        let top = Double(frame.minY) + max((Double(frame.height) - height) / 2, 0)
        for laid in text.lines {
            var line = laid
            var x = Double(frame.minX)
            switch label.lineAlignment(paragraphDirection: line.isRightToLeft ? .rightToLeft : .leftToRight,
                                       endsParagraph: line.endsParagraph) {
            case .center: x += (Double(frame.width) - line.width) / 2
            case .right: x += Double(frame.width) - line.width
            case .justified: line = line.justified(to: Double(frame.width))
            case .natural, .left: break
            }
            canvas.glyphs(line.runs, at: CGPoint(x: x, y: top + line.baseline), label.textColor)
            if overlay {
                let y = top + line.baseline
                canvas.line(from: CGPoint(x: frame.minX, y: y), to: CGPoint(x: frame.maxX, y: y),
                            Color(hex: 0x34C759, alpha: 0.9), width: 0.5)
            }
        }
    }
}
