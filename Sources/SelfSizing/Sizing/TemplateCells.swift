import AutoLayout
import Foundation

/// Template cells by reuse identifier, as UITableView+FDTemplateLayoutCell keeps them: each made
/// once from its registered factory, marked as a template, set to the list's content size
/// category, and never shown. Worker threads get sets of their own (``Worker``), kept between
/// runs.
///
/// Threading: the store belongs to one thread at a time; a ``Worker`` set belongs to one worker.
public final class TemplateCells<Cell: ListCell> {
    /// Makes a cell for a reuse identifier.
    public typealias Factory = () throws -> Cell

    @exclusivity(unchecked) private(set) var factories: [String: Factory] = [:]
    @exclusivity(unchecked) private var templates: [String: Cell] = [:]
    @exclusivity(unchecked) private var workers: [Worker] = []
    /// The category templates are made in and set to.
    @exclusivity(unchecked) public var contentSizeCategory = ContentSizeCategory.large {
        didSet {
            guard contentSizeCategory != oldValue else { return }
            for cell in templates.values { cell.apply(contentSizeCategory) }
            for w in workers {
                w.category = contentSizeCategory
                for cell in w.templates.values { cell.apply(contentSizeCategory) }
            }
        }
    }
    /// Templates made so far, by this store and its workers.
    @exclusivity(unchecked) public private(set) var templatesMade = 0

    public init() {}

    /// Registers a factory for a reuse identifier; its templates (the calling thread's and the
    /// workers') are made again at their next use.
    public func register(_ identifier: String, _ factory: @escaping Factory) {
        factories[identifier] = factory
        templates[identifier] = nil
        for w in workers {
            w.factories[identifier] = factory
            w.templates[identifier] = nil
        }
    }

    /// The template of a reuse identifier if it was made.
    @inline(__always)
    public func existing(_ identifier: String) -> Cell? { templates[identifier] }

    /// The template of a reuse identifier, made on first use and kept.
    /// - Throws: ``SizingError/unregisteredIdentifier(_:)`` or ``SizingError/cellCreationFailed(identifier:message:)``.
    @inline(__always)
    public func template(for identifier: String) throws(SizingError) -> Cell {
        if let cell = templates[identifier] { return cell }
        let cell = try Self.make(identifier, factories[identifier], category: contentSizeCategory)
        templates[identifier] = cell
        templatesMade += 1
        return cell
    }

    /// A template cell from a factory, marked as one and set to a content size category.
    /// Touches nothing but the new cell, so that workers can make theirs at once.
    static func make(_ identifier: String, _ factory: Factory?, category: ContentSizeCategory) throws(SizingError) -> Cell {
        guard let factory else { throw .unregisteredIdentifier(identifier) }
        let cell: Cell
        do { cell = try factory() } catch {
            throw .cellCreationFailed(identifier: identifier, message: "\(error)")
        }
        cell.reuseIdentifier = identifier
        cell.isTemplateLayoutCell = true
        cell.apply(category)
        return cell
    }

    // MARK: - Workers

    /// One worker thread's templates: made from the store's factories, used by that thread only.
    public final class Worker: @unchecked Sendable {
        fileprivate var templates: [String: Cell] = [:]
        fileprivate var factories: [String: Factory]
        fileprivate var category: ContentSizeCategory
        /// Templates this worker made during the current run.
        fileprivate var made = 0
        /// What fitting found during the current run, for the sizer to note on its thread.
        var diagnostics: [SizingDiagnostic] = []

        fileprivate init(factories: [String: Factory], category: ContentSizeCategory) {
            self.factories = factories
            self.category = category
        }

        /// The worker's template of a reuse identifier, made on first use and kept.
        @inline(__always)
        public func template(for identifier: String) throws(SizingError) -> Cell {
            if let cell = templates[identifier] { return cell }
            let cell = try TemplateCells.make(identifier, factories[identifier], category: category)
            templates[identifier] = cell
            made += 1
            return cell
        }

        /// Fits a configured template of this worker (``TemplateFitting``), keeping what went wrong.
        @inline(__always)
        public func fit(_ cell: Cell, _ mode: FittingMode, identifier: String) -> CGSize {
            let fitted = TemplateFitting.fit(cell, mode, identifier: identifier)
            if !fitted.diagnostics.isEmpty { diagnostics += fitted.diagnostics }
            return fitted.size
        }
    }

    /// The first `count` workers for a run: each keeps the templates it made in earlier runs
    /// (``register(_:_:)`` and ``contentSizeCategory`` keep them current).
    func workerSet(_ count: Int) -> [Worker] {
        while workers.count < count { workers.append(Worker(factories: factories, category: contentSizeCategory)) }
        return Array(workers.prefix(count))
    }

    /// Counts what the workers of a run made, and forgets it.
    func collect(_ run: [Worker]) -> Int {
        var made = 0
        for w in run {
            made += w.made
            w.made = 0
        }
        templatesMade += made
        return made
    }
}
