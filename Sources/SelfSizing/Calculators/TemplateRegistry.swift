import AutoLayout
import CellSpecs
import Foundation

/// The size calculators' templates by reuse identifier, as AppDevKit's `ADKNibCacheManager`
/// keeps them:
///
/// 1. One instance per identifier, made from its factory (or cell spec) on first use and kept,
///    as `instanceForNibNamed:` loads a nib once and hands out the same view after; it is marked
///    as a template (``ListCell/isTemplateLayoutCell``) and never shown.
/// 2. Each template may record its size, as a nib records the size it was drawn at: the size
///    given at registration, else, for a cell made from a spec (``SpecCell``), the spec's
///    `CellSpec.size`.
/// 3. Registering an identifier again replaces its template, and calculators forget the sizes
///    they had for the old one (each registration has a new generation, part of their cache keys).
///
/// A registry can be shared by a ``CellSizeCalculator`` and a ``NibSizeCalculator``, as
/// AppDevKit's calculators and the code that configures their cells share the nib cache.
///
/// Threading: a registry and its templates belong to one thread at a time.
public final class TemplateRegistry {
    /// What a registration records beyond its factory.
    struct Entry {
        var recordedSize: CGSize?
        var dynamicSizeLabels: Bool
        /// Unique among the registry's registrations.
        var generation: Int
    }

    let cells = TemplateCells<ListCell>()
    private var entries: [String: Entry] = [:]
    /// Each template's dynamic-size labels, made with the template.
    private var labels: [String: DynamicSizeLabels] = [:]
    private var generations = 0

    /// An empty registry.
    public init() {}

    /// The templates' content size category (their labels follow it).
    public var contentSizeCategory: ContentSizeCategory {
        get { cells.contentSizeCategory }
        set { cells.contentSizeCategory = newValue }
    }

    /// Templates made so far.
    public var templatesMade: Int { cells.templatesMade }

    /// Registers a factory for a reuse identifier, replacing an earlier registration.
    /// - Parameters:
    ///   - identifier: the template's reuse identifier.
    ///   - recordedSize: the template's own size, as a nib's; nil takes a ``SpecCell``'s spec size.
    ///   - dynamicSizeLabels: whether the labels directly in the content view keep their recorded
    ///     side margins as the cell's width changes (``DynamicSizeLabels``); needs a recorded size.
    ///   - factory: makes the template, once.
    public func register(_ identifier: String, recordedSize: CGSize? = nil, dynamicSizeLabels: Bool = false,
                         _ factory: @escaping () throws -> ListCell) {
        generations += 1
        entries[identifier] = Entry(recordedSize: recordedSize, dynamicSizeLabels: dynamicSizeLabels, generation: generations)
        labels[identifier] = nil
        cells.register(identifier, factory)
    }

    /// Registers a cell spec for a reuse identifier: its template is a ``SpecCell`` and its
    /// recorded size the spec's `CellSpec.size`.
    /// - Parameters:
    ///   - identifier: the template's reuse identifier.
    ///   - spec: the cell's views, constraints and recorded size.
    ///   - measurer: the labels' text measurer (nil: `Label.defaultMeasurer`).
    ///   - dynamicSizeLabels: as for ``register(_:recordedSize:dynamicSizeLabels:_:)``.
    public func register(_ identifier: String, spec: CellSpec, measurer: (any TextMeasuring)? = nil,
                         dynamicSizeLabels: Bool = false) {
        register(identifier, recordedSize: spec.size, dynamicSizeLabels: dynamicSizeLabels) {
            try SpecCell(spec: spec, reuseIdentifier: identifier, measurer: measurer)
        }
    }

    /// Whether a factory or spec is registered for the identifier.
    public func isRegistered(_ identifier: String) -> Bool { entries[identifier] != nil }

    /// The template of a reuse identifier, made on first use and kept (rule 1).
    /// - Throws: ``CalculatorError/sizing(_:)`` when the identifier is not registered or its
    ///   factory throws.
    public func template(for identifier: String) throws(CalculatorError) -> ListCell {
        do { return try cells.template(for: identifier) } catch { throw .sizing(error) }
    }

    /// The template's recorded size (rule 2).
    /// - Throws: ``CalculatorError/noRecordedSize(identifier:)``,
    ///   ``CalculatorError/invalidRecordedSize(identifier:size:)``, or what ``template(for:)`` throws.
    public func recordedSize(for identifier: String) throws(CalculatorError) -> CGSize {
        guard let entry = entries[identifier] else { throw .sizing(.unregisteredIdentifier(identifier)) }
        var size = entry.recordedSize
        if size == nil, let cell = try template(for: identifier) as? SpecCell { size = cell.template.spec.size }
        guard let size else { throw .noRecordedSize(identifier: identifier) }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidRecordedSize(identifier: identifier, size: size)
        }
        return size
    }

    /// The template's dynamic-size labels if it was registered with them, measured once at its
    /// recorded size (as AppDevKit records margins in `awakeFromNib`); nil otherwise.
    /// - Throws: what ``recordedSize(for:)`` throws.
    public func dynamicSizeLabels(for identifier: String) throws(CalculatorError) -> DynamicSizeLabels? {
        guard let entry = entries[identifier] else { throw .sizing(.unregisteredIdentifier(identifier)) }
        guard entry.dynamicSizeLabels else { return nil }
        if let made = labels[identifier] { return made }
        let size = try recordedSize(for: identifier)
        let made = DynamicSizeLabels(cell: try template(for: identifier), recordedSize: size)
        labels[identifier] = made
        return made
    }

    /// The generation of an identifier's registration (rule 3), nil when not registered.
    func generation(of identifier: String) -> Int? { entries[identifier]?.generation }
}
