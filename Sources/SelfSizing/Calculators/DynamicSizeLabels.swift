import AutoLayout
import Foundation

/// AppDevKit's `ADKCollectionViewDynamicSizeCell` as an option of a template: the labels directly
/// in its content view keep the side margins they were drawn with, their wrapping width following
/// the cell's width.
///
/// 1. Recording (AppDevKit's `awakeFromNib`, at the nib's size): the content view is laid out at
///    the template's recorded size, and each `Label` among its direct subviews (not
///    inside a stack or another view) records its margin: the recorded width less the label's
///    width, both side margins together.
/// 2. Applying (AppDevKit's `layoutSubviews`, after the cell took its new bounds and before it
///    is fitted): each label's `preferredMaxLayoutWidth` becomes the cell's width less its margin.
///    A width at or below 0 (a dynamic-width fitting, whose cell AppDevKit sizes 0 wide) sets 0,
///    which lets layout decide, as UIKit takes a non-positive preferred width.
///
/// It matters for a label whose wrapping width is not its solved width: one drawn with an
/// explicit preferred width (a nib's), or one whose trailing edge is free; with it, such a
/// label's height follows the cell's width.
///
/// The recorded margins belong to one template's labels; make a value per template.
public struct DynamicSizeLabels {
    /// A label and the margin it keeps.
    public struct Entry {
        /// A label directly in the content view.
        public let label: Label
        /// The recorded width less the label's recorded width (both side margins).
        public let margin: CGFloat
    }

    /// The labels directly in the content view, in subview order.
    public let entries: [Entry]

    /// Records the margins of the labels directly in a content view, laid out at a size (rule 1).
    /// The content view is laid out at that size as a side effect; its constraints decide its
    /// size again at the next fitting.
    /// - Parameters:
    ///   - contentView: a cell's content view.
    ///   - recordedSize: the cell's recorded size (a nib's, a spec's `CellSpec.size`).
    public init(contentView: View, recordedSize: CGSize) {
        contentView.layOutAsRoot(size: recordedSize)
        entries = contentView.subviews.compactMap { view in
            (view as? Label).map { Entry(label: $0, margin: recordedSize.width - $0.frame.width) }
        }
    }

    /// Records the margins of a cell's labels at its recorded size (rule 1).
    /// - Parameters:
    ///   - cell: the template.
    ///   - recordedSize: its recorded size.
    public init(cell: ListCell, recordedSize: CGSize) {
        self.init(contentView: cell.contentView, recordedSize: recordedSize)
    }

    /// Sets each label's `preferredMaxLayoutWidth` for a cell width (rule 2).
    /// - Parameter width: the width the cell is about to be fitted at.
    public func apply(width: CGFloat) {
        for e in entries {
            let w = width - e.margin
            e.label.preferredMaxLayoutWidth = w.isFinite && w > 0 ? w : 0
        }
    }

    /// The margin a label keeps, nil for a label that is not directly in the content view.
    /// - Parameter label: one of the template's labels.
    public func margin(of label: Label) -> CGFloat? {
        entries.first { $0.label === label }?.margin
    }
}
