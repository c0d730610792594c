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
        /// How the view's content follows the layout direction (a forced value fixes the view's).
        public var semanticContentAttribute = SemanticContentAttribute.unspecified
        // Geometry.
        /// The frame recorded for the view, in its parent's coordinates (a nib's `frame`), or nil.
        /// A view kept at its frame (``translatesAutoresizingMaskIntoConstraints``) stands there;
        /// any other view starts there until layout places it.
        public var frame: CGRect?
        /// Whether the view keeps its ``frame`` through autoresizing constraints rather than being
        /// placed by the spec's constraints (false, the default of views in specs).
        public var translatesAutoresizingMaskIntoConstraints = false
        /// How a view kept at its frame follows its parent's size (AutoLayout's `AutoresizingMask`).
        public var autoresizingMask: AutoresizingMask = []
        /// Whether the parent's margins also count where they reach into the view.
        public var preservesSuperviewLayoutMargins = false
        /// Whether the margins keep out of the safe area; a cell has none, so it changes nothing.
        public var insetsLayoutMarginsFromSafeArea = true
        /// An intrinsic size given at design time (IB's placeholderIntrinsicWidth/Height; a side of
        /// `CGSize.noIntrinsicMetric` is "none"). UIKit removes it at build time: it sizes nothing
        /// at run time, and ``CellTemplate`` ignores it unless asked for design-time layout (then it
        /// sizes plain views, labels, image views, buttons and text views).
        public var placeholderIntrinsicSize: CGSize?
        // Labels and text views.
        public var text: String?
        /// The font of labels, buttons' titles and text views (each type's default: 17, 15, 14
        /// points of the system font).
        public var font = Font()
        public var numberOfLines = 1
        public var lineBreakMode = LineBreakMode.byTruncatingTail
        public var textAlignment = TextAlignment.natural
        public var lineHeight = LineHeight.natural
        public var language: String?
        public var textColor = Color.black
        /// A label's `preferredMaxLayoutWidth` (0: layout decides).
        public var preferredMaxLayoutWidth: CGFloat = 0
        // Images: numbers or `{field}` bindings.
        public var imageWidth: String?
        public var imageHeight: String?
        public var imagePath: String?
        // Stacks.
        public var axis = LayoutAxis.horizontal
        /// The spacing; `StackView.spacingUseSystem` for the system spacing (`spacing: standard`).
        public var spacing: CGFloat = 0
        public var alignment = StackView.Alignment.fill
        public var distribution = StackView.Distribution.fill
        /// Whether the arrangement fits inside the stack's margins.
        public var layoutMarginsRelativeArrangement = false
        // Controls.
        /// A button's title: text or a `{field}` binding.
        public var title: String?
        /// A button's content insets (nil: UIKit's 6 above and below).
        public var contentInsets: DirectionalEdgeInsets?
        /// A segmented control's segment titles.
        public var titles: [String] = []
        /// An activity indicator's style.
        public var indicatorStyle = ActivityIndicatorView.Style.medium
        /// Whether a text view scrolls (it then has no intrinsic size).
        public var isScrollEnabled = false

        /// A view with the defaults of its type; set the other properties after.
        public init(id: String, type: ViewType = .view, parent: String = "contentView",
                    location: Location = Location(line: 0, column: 0)) {
            self.id = id
            self.type = type
            self.parent = parent
            self.location = location
            switch type {
            case .button: font = Font(size: 15)
            case .textView:
                font = Font(size: 14)
                lineBreakMode = .byWordWrapping
            default: break
            }
        }
    }
}
