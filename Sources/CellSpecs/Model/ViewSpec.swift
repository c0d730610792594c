import AutoLayout
import Foundation

extension CellSpec {
    /// One view of the template.
    public struct ViewSpec: Sendable {
        public var id: String
        public var type: ViewType
        /// The superview's id: `contentView` or an earlier view's (a stack's makes it arranged).
        public var parent: String
        public var location: Location
        public var hugging: (horizontal: LayoutPriority?, vertical: LayoutPriority?) = (nil, nil)
        public var compressionResistance: (horizontal: LayoutPriority?, vertical: LayoutPriority?) = (nil, nil)
        public var layoutMargins: DirectionalEdgeInsets?
        /// `true`, `false`, or a `{field}` binding.
        public var hidden: String?
        public var backgroundColor: Color?
        // Labels.
        public var text: String?
        public var font = Font()
        public var numberOfLines = 1
        public var lineBreakMode = LineBreakMode.byTruncatingTail
        public var textAlignment = TextAlignment.natural
        public var lineHeight = LineHeight.natural
        public var language: String?
        public var textColor = Color.black
        // Images: numbers or `{field}` bindings.
        public var imageWidth: String?
        public var imageHeight: String?
        public var imagePath: String?
        // Stacks.
        public var axis = LayoutAxis.horizontal
        public var spacing: CGFloat = 0
        public var alignment = StackView.Alignment.fill
        public var distribution = StackView.Distribution.fill

        /// A view with the defaults of its type; set the other properties after.
        public init(id: String, type: ViewType = .view, parent: String = "contentView",
                    location: Location = Location(line: 0, column: 0)) {
            self.id = id
            self.type = type
            self.parent = parent
            self.location = location
        }
    }
}
