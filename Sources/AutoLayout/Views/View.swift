import Foundation

/// A rectangle in a view hierarchy, laid out by constraints: the headless equivalent of UIView for
/// Auto Layout.
///
/// A view has a ``frame`` in its superview's coordinates, ``layoutMargins``, a layout direction, an
/// ``intrinsicContentSize`` with content hugging (default 250) and compression resistance (default
/// 750) priorities per axis, and takes part in layout through its active constraints. As in UIKit,
/// ``translatesAutoresizingMaskIntoConstraints`` is true for a new view: its frame is then fixed by
/// constraints the engine makes; set it to false for views placed by your own constraints.
///
/// Views are not thread-safe; lay a hierarchy out from one thread at a time.
open class View {
    /// The standard spacing between views (the `-` of the Visual Format Language).
    public static let standardSpacing: CGFloat = 8

    /// A name for diagnostics and layout output.
    @exclusivity(unchecked) public var identifier: String

    /// The view this one is a subview of. Not counted: the superview keeps its subviews, and
    /// clears this when it goes away, so it is never read after the superview is gone (and
    /// reading it costs no reference counting, which layout does on every change).
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: View?
    @exclusivity(unchecked) public private(set) var subviews: [View] = []

    /// The view's rectangle in its superview's coordinates.
    @exclusivity(unchecked) public var frame: CGRect = .zero {
        didSet {
            guard frame != oldValue, translatesAutoresizingMaskIntoConstraints, !isApplyingLayout else { return }
            engineIfAny?.autoresizingFrameDidChange(self)
        }
    }

    /// The view's rectangle in its own coordinates.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// Whether the engine fixes the frame with constraints made from it (UIKit's autoresizing
    /// constraints). True for a new view, as in UIKit.
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            guard oldValue != translatesAutoresizingMaskIntoConstraints else { return }
            engineIfAny?.autoresizingDidChange(self)
        }
    }

    /// How a view kept at its frame (``translatesAutoresizingMaskIntoConstraints``) follows its
    /// superview's size (see ``AutoresizingMask`` for the rule); none by default, as in UIKit.
    @exclusivity(unchecked) public var autoresizingMask: AutoresizingMask = [] {
        didSet {
            guard autoresizingMask != oldValue, translatesAutoresizingMaskIntoConstraints else { return }
            engineIfAny?.autoresizingDidChange(self)
            needsEngineForAutoresizing()
            setNeedsLayout()
        }
    }

    /// The superview's size the ``frame`` was given in, which ``autoresizingMask`` resizes from (an
    /// imported view's recorded superview size); nil takes the superview's frame size when the
    /// engine makes the view's constraints.
    @exclusivity(unchecked) public var autoresizingReferenceSize: CGSize? {
        didSet {
            guard autoresizingReferenceSize != oldValue, translatesAutoresizingMaskIntoConstraints else { return }
            engineIfAny?.autoresizingDidChange(self)
        }
    }

    /// The colour drawn behind the view's content; nil draws nothing.
    public var backgroundColor: Color?
    /// Whether the view is hidden. Hidden views still take part in layout, as in UIKit; stack views
    /// collapse their hidden arranged subviews.
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue { superview?.hiddenStateOfSubviewDidChange(self) } }
    }

    /// The layout direction set on this view, or nil to inherit its superview's.
    @exclusivity(unchecked) public var layoutDirection: LayoutDirection? {
        didSet { if layoutDirection != oldValue { engineIfAny?.layoutDirectionDidChange(self) } }
    }

    /// The direction leading and trailing resolve in: this view's, else its superview's, else
    /// left to right.
    public var effectiveLayoutDirection: LayoutDirection {
        var v: View? = self
        while let view = v {
            if let d = view.layoutDirection { return d }
            v = view.superview
        }
        return .leftToRight
    }

    /// The margins, by leading and trailing.
    @exclusivity(unchecked) public var directionalLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) {
        didSet { if directionalLayoutMargins != oldValue { marginsDidChange() } }
    }


    /// Whether the superview's margins also count where they reach into this view, as UIView's:
    /// each of this view's margins is at least the superview's (effective) margin on that side
    /// less this view's distance from the superview's edge, clamped at 0. The distances are
    /// read from the frames when the engine makes the margin constants (an imported view's recorded
    /// frame, or the last layout's); they are not solved for. False by default, as in UIKit.
    @exclusivity(unchecked) public var preservesSuperviewLayoutMargins = false {
        didSet { if preservesSuperviewLayoutMargins != oldValue { marginsDidChange() } }
    }

    /// Whether the margins grow to keep out of the safe area, as UIView's (true by default). A
    /// hierarchy here has no safe area (a cell's content view has none of its own: the table
    /// insets the cells), so this changes nothing; it is kept for the record.
    public var insetsLayoutMarginsFromSafeArea = true

    /// The margins, by left and right in the current layout direction.
    public var layoutMargins: EdgeInsets {
        get { directionalLayoutMargins.resolved(in: effectiveLayoutDirection) }
        set {
            let ltr = effectiveLayoutDirection == .leftToRight
            directionalLayoutMargins = DirectionalEdgeInsets(
                top: newValue.top, leading: ltr ? newValue.left : newValue.right,
                bottom: newValue.bottom, trailing: ltr ? newValue.right : newValue.left)
        }
    }

    @exclusivity(unchecked) var contentHugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    @exclusivity(unchecked) var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)

    /// The engine of this view's hierarchy, kept by the root view.
    @exclusivity(unchecked) var rootEngine: LayoutEngine?
    /// The frame variables of this view in its root's coordinates, made on first use.
    @exclusivity(unchecked) var layoutBox: LayoutBox?
    /// What the engine of the view's hierarchy keeps for it, once it takes part in layout.
    @exclusivity(unchecked) var participation: Participant?
    /// The active constraints that mention this view, kept by it, in the order they were activated.
    /// Each constraint knows its place in its items' lists (``LayoutConstraint/slots``), so
    /// that it comes off in O(1), the last one taking its place.
    @exclusivity(unchecked) private(set) var activeConstraints: [LayoutConstraint] = []
    /// Every constraint that names this view, active or not, not retained: each takes itself
    /// off when it goes away, and this view clears itself from them when it goes away. Places are
    /// kept as for ``activeConstraints``.
    @exclusivity(unchecked) private var mentions: [Unmanaged<LayoutConstraint>] = []
    @exclusivity(unchecked) var isApplyingLayout = false
    @exclusivity(unchecked) var needsLayout = true

    /// Creates a view.
    /// - Parameter identifier: a name for diagnostics and layout output.
    public init(identifier: String = "view") {
        self.identifier = identifier
    }

    deinit {
        for v in subviews { v.superview = nil }
        // Every constraint naming this view stops referring to it and is deactivated, as in UIKit;
        // the other view of an active one forgets it, but keeps its mention, so that it clears its
        // own side should it go first. Identities are compared, not references.
        let me = ObjectIdentifier(self)
        for handle in mentions {
            let c = handle.takeUnretainedValue()
            c.itemWentAway()
            if c.firstID == me {
                c.firstItem = nil
                if c.secondID != me, let other = c.secondItem { other.removeActive(c) }
            }
            if c.secondID == me {
                c.secondItem = nil
                if c.firstID != me, let other = c.firstItem { other.removeActive(c) }
            }
        }
    }

    // MARK: - The constraints that mention the view

    /// Whether `c` sits in this view's lists under its first item's places (its second item's
    /// otherwise); a constraint relating a view to itself is listed once, as its first item.
    private func isFirstItem(of c: LayoutConstraint) -> Bool { c.firstID == ObjectIdentifier(self) }

    func addMention(of c: LayoutConstraint) {
        c.slots[.mentions, isFirstItem(of: c)] = mentions.count
        mentions.append(.passUnretained(c))
    }

    func removeMention(of c: LayoutConstraint) {
        remove(c, .mentions, from: &mentions) { $0.takeUnretainedValue() }
    }

    func addActive(_ c: LayoutConstraint) {
        c.slots[.active, isFirstItem(of: c)] = activeConstraints.count
        activeConstraints.append(c)
    }

    func removeActive(_ c: LayoutConstraint) {
        remove(c, .active, from: &activeConstraints) { $0 }
    }

    /// Takes `c` out of one of this view's lists, if there, moving the last one into its place.
    private func remove<Element>(_ c: LayoutConstraint, _ list: LayoutConstraint.Slots.List, from elements: inout [Element],
                                 _ constraint: (Element) -> LayoutConstraint) {
        let first = isFirstItem(of: c)
        let slot = c.slots[list, first]
        guard slot >= 0 else { return }
        c.slots[list, first] = -1
        let last = elements.removeLast()
        guard slot < elements.count else { return }
        elements[slot] = last
        let moved = constraint(last)
        moved.slots[list, isFirstItem(of: moved)] = slot
    }

    // MARK: - Hierarchy

    /// Adds a view at the end of the subviews, removing it from its old superview first.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view among the subviews.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        if view.superview != nil { view.removeFromSuperview() }
        let oldEngine = view.rootEngine
        view.rootEngine = nil
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        LayoutEngine.merge(subtree: view, from: oldEngine, into: root)
        // A subtree laid out before (a view kept at its frame that follows its superview, say)
        // keeps being laid out in its new hierarchy.
        if oldEngine != nil, root.rootEngine == nil,
           view.subtree.contains(where: { !$0.autoresizingMask.isDisjoint(with: AutoresizingMask.moves) }) {
            _ = LayoutEngine.engine(of: root)
        } else {
            view.needsEngineForAutoresizing()
        }
        setNeedsLayout()
    }


    /// Removes the view from its superview; constraints between it (or its subviews) and views
    /// outside it are deactivated, as in UIKit.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldRoot = root
        parent.subviews.removeAll { $0 === self }
        superview = nil
        LayoutEngine.split(subtree: self, from: oldRoot)
        parent.setNeedsLayout()
    }

    /// Whether `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The topmost ancestor (the view itself when it has no superview).
    public var root: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// This view and all its descendants, depth first.
    public var subtree: [View] {
        var out: [View] = [self]
        var i = 0
        while i < out.count {
            out.append(contentsOf: out[i].subviews)
            i += 1
        }
        return out
    }

    /// Finds the view with an identifier in this subtree.
    public func view(withIdentifier id: String) -> View? {
        subtree.first { $0.identifier == id }
    }

    var engineIfAny: LayoutEngine? { root.rootEngine }

    /// What the engine of this view's hierarchy could not do as asked (broken constraints), oldest
    /// first.
    public var layoutDiagnostics: [LayoutDiagnostic] { root.rootEngine?.diagnostics ?? [] }

    func hiddenStateOfSubviewDidChange(_ view: View) {}

    // MARK: - Intrinsic content size

    /// The size the view's content needs, or `CGSize.noIntrinsicMetric` on an axis where it has
    /// none. Subclasses override it and call ``View/invalidateIntrinsicContentSize()`` when it changes.
    open var intrinsicContentSize: CGSize {
        CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    }

    /// Tells the engine that ``intrinsicContentSize`` changed: its constraints are updated in place.
    public func invalidateIntrinsicContentSize() {
        contentDidChange(baselines: false)
    }

    /// The intrinsic size changed, and with `baselines` the baselines too: the engine of the
    /// hierarchy (found once) updates what depends on them, and the hierarchy needs layout.
    func contentDidChange(baselines: Bool) {
        let r = root
        r.rootEngine?.contentDidChange(self, baselines: baselines)
        r.needsLayout = true
    }

    /// The priority with which the view resists growing beyond its intrinsic size on an axis.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? contentHugging.horizontal : contentHugging.vertical
    }

    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { contentHugging.horizontal = priority } else { contentHugging.vertical = priority }
        engineIfAny?.intrinsicPrioritiesDidChange(self)
    }

    /// The priority with which the view resists shrinking below its intrinsic size on an axis.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionResistance.horizontal : compressionResistance.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        if axis == .horizontal { compressionResistance.horizontal = priority } else { compressionResistance.vertical = priority }
        engineIfAny?.intrinsicPrioritiesDidChange(self)
    }

    // MARK: - Baselines

    /// The distance from the top to the first baseline; nil puts the baseline at the bottom, as for
    /// a view without text.
    open var firstBaselineOffsetFromTop: CGFloat? { nil }

    /// The distance from the last baseline to the bottom; nil puts the baseline at the bottom.
    open var lastBaselineOffsetFromBottom: CGFloat? { nil }

    /// Tells the engine that the baseline offsets changed.
    public func invalidateBaselines() {
        engineIfAny?.geometryConstantsDidChange(self)
    }

    // MARK: - Layout

    /// Lays a root view (a cell's content view, kept by constraints) out at a size, as a cell
    /// sets its content view's frame: the view takes the size, and every constrained view in it
    /// its frame. Its own constraints decide again afterwards, as before.
    public func layOutAsRoot(size: CGSize) {
        let wasConstrained = !translatesAutoresizingMaskIntoConstraints
        frame = CGRect(origin: .zero, size: size)
        translatesAutoresizingMaskIntoConstraints = true
        layoutIfNeeded()
        translatesAutoresizingMaskIntoConstraints = !wasConstrained
    }

    /// Marks the hierarchy as needing layout.
    public func setNeedsLayout() {
        root.needsLayout = true
    }

    /// Lays out the hierarchy now if anything changed: solves the constraints and sets every
    /// constrained view's frame.
    public func layoutIfNeeded() {
        let r = root
        guard r.needsLayout || (r.rootEngine?.needsSolve ?? false) else { return }
        r.needsLayout = false
        r.rootEngine?.layout()
        r.layoutSubviewsRecursively()
    }

    private func layoutSubviewsRecursively() {
        layoutSubviews()
        for v in subviews { v.layoutSubviewsRecursively() }
    }

    /// Called after the engine set the frames, top down; subclasses may adjust frames of views that
    /// are not constrained.
    open func layoutSubviews() {}

    /// The size a frame-based view wants within `size`; by default its current size, as UIView.
    open func sizeThatFits(_ size: CGSize) -> CGSize { frame.size }

    /// The size that fits `targetSize` with the view's constraints, each component as close to the
    /// target as the given priorities allow: UIKit's fitting, as self-sizing cells use it
    /// (`width` at `.required`, `height` at `.fittingSizeLevel` with a target of 0).
    public func systemLayoutSizeFitting(_ targetSize: CGSize,
                                        withHorizontalFittingPriority horizontal: LayoutPriority,
                                        verticalFittingPriority vertical: LayoutPriority) -> CGSize {
        LayoutEngine.fit(self, targetSize, horizontal, vertical)
    }

    /// The size that fits `targetSize` with both components at `.fittingSizeLevel`:
    /// `CGSize.compressedSize` gives the smallest size, `CGSize.expandedSize` the largest.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    // MARK: - Anchors

    public var leftAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .left) }
    public var rightAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .right) }
    public var leadingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .leading) }
    public var trailingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .trailing) }
    public var centerXAnchor: LayoutAnchor<XAxis> { LayoutAnchor(self, .centerX) }
    public var topAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .top) }
    public var bottomAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .bottom) }
    public var centerYAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .centerY) }
    public var firstBaselineAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: LayoutAnchor<YAxis> { LayoutAnchor(self, .lastBaseline) }
    public var widthAnchor: LayoutAnchor<Dimension> { LayoutAnchor(self, .width) }
    public var heightAnchor: LayoutAnchor<Dimension> { LayoutAnchor(self, .height) }

    /// The anchors of the layout margins, as UIView.layoutMarginsGuide.
    public var layoutMarginsGuide: MarginsGuide { MarginsGuide(view: self) }
}

/// The anchors of a view's layout margins.
public struct MarginsGuide {
    public let view: View
    public var leftAnchor: LayoutAnchor<XAxis> { LayoutAnchor(view, .leftMargin) }
    public var rightAnchor: LayoutAnchor<XAxis> { LayoutAnchor(view, .rightMargin) }
    public var leadingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(view, .leadingMargin) }
    public var trailingAnchor: LayoutAnchor<XAxis> { LayoutAnchor(view, .trailingMargin) }
    public var centerXAnchor: LayoutAnchor<XAxis> { LayoutAnchor(view, .centerXWithinMargins) }
    public var topAnchor: LayoutAnchor<YAxis> { LayoutAnchor(view, .topMargin) }
    public var bottomAnchor: LayoutAnchor<YAxis> { LayoutAnchor(view, .bottomMargin) }
    public var centerYAnchor: LayoutAnchor<YAxis> { LayoutAnchor(view, .centerYWithinMargins) }
}
