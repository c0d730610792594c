import AutoLayout
import Foundation

/// AppDevKit's `ADKNibSizeCalculator`: a template's size from the size it was recorded at (a
/// nib's, a spec's `CellSpec.size`), scaled to a container in a ``Style``, without
/// laying it out.
///
/// 1. The template comes from a ``TemplateRegistry`` by reuse identifier (AppDevKit loads the nib
///    by name); its recorded size is the registration's or its spec's.
/// 2. The size is ``size(recordedSize:style:containerSize:customSize:)``: the style's scaling,
///    clamped to the container. The custom styles ask the template's own
///    ``ListCell/sizeThatFits(_:)`` at the container's width.
/// 3. Sizes are cached by template (its identifier and registration), style, container size and
///    content size category; AppDevKit keys them by nib name, device orientation, style and
///    container size, and a container size says what an orientation would. The uncached custom
///    style is never kept. Re-registering a template drops its sizes (the registration is part
///    of the key).
///
/// AppDevKit's `sizeForNibNamed:withStyle:fitSize:` passes its default style on instead of the
/// one given; this calculator honours the style, as AppDevKit's documentation and tests expect.
/// Its container defaults to the screen; here it is always given.
///
/// ```swift
/// let calculator = NibSizeCalculator()
/// calculator.templates.register("banner", spec: try CellSpec(contentsOf: "banner.yaml")) // size: [320, 125]
/// let size = try calculator.size(forTemplate: "banner", containerSize: CGSize(width: 375, height: 667))
/// // 375 x 146.484375
/// ```
///
/// Threading: a calculator belongs to one thread at a time.
public final class NibSizeCalculator {
    private struct Key: Hashable {
        var identifier: String
        var generation: Int
        var style: Style
        var containerWidth: CGFloat
        var containerHeight: CGFloat
        var category: ContentSizeCategory
    }

    /// The templates sized by identifier.
    public let templates: TemplateRegistry
    /// `layoutPasses` counts sizes computed (scaled, or asked of a template); `cacheHits` and
    /// `cacheMisses` the cache's answers (uncached styles count neither); `templatesMade` is the
    /// registry's count.
    public var statistics: SizingStatistics {
        var s = counts
        s.templatesMade = templates.templatesMade
        return s
    }

    private var counts = SizingStatistics()
    private var cache: [Key: CGSize] = [:]

    /// - Parameter templates: the templates sized; a registry may be shared with a
    ///   ``CellSizeCalculator``.
    public init(templates: TemplateRegistry = TemplateRegistry()) {
        self.templates = templates
    }

    /// The size of a registered template in a container (rules 1 to 3).
    /// - Parameters:
    ///   - identifier: the template's reuse identifier.
    ///   - style: how its recorded size scales (AppDevKit's default: ``Style/defaultScaling``).
    ///   - containerSize: the container: the width scaled to and the bounds the size is clamped to.
    /// - Throws: ``CalculatorError``: ``CalculatorError/invalidContainerSize(_:)``,
    ///   ``CalculatorError/noRecordedSize(identifier:)``,
    ///   ``CalculatorError/invalidRecordedSize(identifier:size:)``, or ``CalculatorError/sizing(_:)``
    ///   for an identifier not registered or a factory that threw.
    /// - Complexity: O(1) when cached.
    public func size(forTemplate identifier: String, style: Style = .defaultScaling,
                     containerSize: CGSize) throws(CalculatorError) -> CGSize {
        guard containerSize.width.isFinite, containerSize.width > 0, containerSize.height >= 0 else {
            throw .invalidContainerSize(containerSize)
        }
        guard let generation = templates.generation(of: identifier) else {
            throw .sizing(.unregisteredIdentifier(identifier))
        }
        let key = Key(identifier: identifier, generation: generation, style: style, containerWidth: containerSize.width,
                      containerHeight: containerSize.height, category: templates.contentSizeCategory)
        if style.isCached {
            if let size = cache[key] {
                counts.cacheHits += 1
                return size
            }
            counts.cacheMisses += 1
        }
        let recorded = try templates.recordedSize(for: identifier)
        var custom: CGSize?
        if style.asksTemplate {
            custom = try templates.template(for: identifier).sizeThatFits(CGSize(width: containerSize.width, height: 0))
        }
        counts.layoutPasses += 1
        let size = Self.size(recordedSize: recorded, style: style, containerSize: containerSize, customSize: custom)
        if style.isCached { cache[key] = size }
        return size
    }

    /// Forgets every cached size.
    public func invalidateAll() { cache = [:] }
}
