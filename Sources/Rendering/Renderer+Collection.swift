import AutoLayout
import Foundation
import SelfSizing

extension Renderer {
    // MARK: - Collections

    /// Draws the items of a collection view that a span of its scroll axis shows (measuring them
    /// first) into a file: the picture is the collection's cross length by the span's length.
    /// - Parameters:
    ///   - collection: a collection view with a data source.
    ///   - span: along the scroll axis (y scrolling vertically, x horizontally), in the
    ///     collection's coordinates.
    ///   - path: a .png, .pdf or .svg file, written atomically.
    /// - Throws: ``RenderError``: an unknown format, an unwritable path, an empty span, an item
    ///   that cannot be laid out.
    public func render(collection: CollectionView, span: ClosedRange<CGFloat>, to path: String) throws(RenderError) {
        guard let format = RenderFormat(path: path) else { throw .unknownFormat(path: path) }
        try checkWritable(path)
        let rect = try layOut(collection, span)
        try write(format, size: rect.size, to: path) { canvas throws(RenderError) in try draw(collection, rect, on: canvas) }
    }

    /// Draws the items a span of a collection's scroll axis shows into a bitmap (what
    /// ``render(collection:span:to:)`` writes as PNG).
    /// - Parameters:
    ///   - collection: a collection view with a data source.
    ///   - span: along the scroll axis, in the collection's coordinates.
    /// - Throws: ``RenderError``: an empty span, an item that cannot be laid out.
    public func bitmap(collection: CollectionView, span: ClosedRange<CGFloat>) throws(RenderError) -> Bitmap {
        let rect = try layOut(collection, span)
        return try bitmap(size: rect.size) { canvas throws(RenderError) in try draw(collection, rect, on: canvas) }
    }

    /// The rectangle a span shows (the cross length across it), its items measured.
    func layOut(_ collection: CollectionView, _ span: ClosedRange<CGFloat>) throws(RenderError) -> CGRect {
        guard span.upperBound > span.lowerBound else { throw .nothingToDraw("the span \(span) is empty") }
        let length = span.upperBound - span.lowerBound, cross = collection.crossLength
        guard cross > 0 else { throw .nothingToDraw("the collection has no \(collection.layout.scrollDirection == .vertical ? "width" : "height")") }
        let rect = collection.layout.scrollDirection == .vertical
            ? CGRect(x: 0, y: span.lowerBound, width: cross, height: length)
            : CGRect(x: span.lowerBound, y: 0, width: length, height: cross)
        do { _ = try collection.layoutItems(in: rect) } catch { throw .layout(error.description) }
        return rect
    }

    /// The collection's background (grouped grey, which the gaps between items show), then each
    /// item `rect` shows: a white cell at its frame, its content laid out at the frame's size.
    /// Headers and footers are left as background: the data source gives no views for them.
    func draw(_ collection: CollectionView, _ rect: CGRect, on canvas: Canvas) throws(RenderError) {
        canvas.fill(CGRect(origin: .zero, size: rect.size), .groupedBackground)
        for attributes in collection.layoutAttributesForElements(in: rect) where attributes.kind == .cell {
            let frame = attributes.frame.offsetBy(dx: -rect.minX, dy: -rect.minY)
            // Items are clipped to their frames: one off this band draws nothing on it.
            guard canvas.shows(frame) else { continue }
            let cell: ListCell
            do { cell = try collection.layOutCell(forItemAt: attributes.indexPath).cell } catch { throw .layout(error.description) }
            canvas.clipped(to: frame) {
                canvas.fill(frame, .white)
                draw(cell.contentView, at: frame.origin, on: canvas, isContent: true)
            }
        }
    }
}
