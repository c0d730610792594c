import AutoLayout
import Foundation

/// Template cells by reuse identifier, as UITableView+FDTemplateLayoutCell keeps them: each made
/// once from its registered factory, marked as a template, set to the list's content size
/// category, and never shown. The calling thread has one set; worker threads get sets of their
/// own (``Worker``), kept between runs.
///
/// Threading: the store and its calling thread's set belong to one thread at a time; a worker's
/// set belongs to that worker while it runs.
public final class TemplateCells<Cell: ListCell> {
    /// Makes a cell for a reuse identifier.
    public typealias Factory = () throws -> Cell

    /// The calling thread's templates.
    private let main = Worker(factories: [:], category: .large)
    @exclusivity(unchecked) private var workers: [Worker] = []
    /// The category templates are made in and set to.
    @exclusivity(unchecked) public var contentSizeCategory = ContentSizeCategory.large {
        didSet {
            guard contentSizeCategory != oldValue else { return }
            for set in [main] + workers { set.apply(contentSizeCategory) }
        }
    }
    /// Templates made so far, on the calling thread and by workers.
    public var templatesMade: Int { main.made + workers.reduce(0) { $0 + $1.made } }
    /// Registrations so far: a set made before the last one may hold a template of an old factory.
    package private(set) var registrations = 0

    public init() {}

    /// Registers a factory for a reuse identifier; its templates (the calling thread's and the
    /// workers') are made again at their next use.
    public func register(_ identifier: String, _ factory: @escaping Factory) {
        for set in [main] + workers { set.register(identifier, factory) }
        registrations += 1
    }

    /// The calling thread's template of a reuse identifier if it was made.
    @inline(__always)
    public func existing(_ identifier: String) -> Cell? { main.templates[identifier] }

    /// The calling thread's template of a reuse identifier, made on first use and kept.
    /// - Throws: ``SizingError/unregisteredIdentifier(_:)`` or ``SizingError/cellCreationFailed(identifier:message:)``.
    @inline(__always)
    public func template(for identifier: String) throws(SizingError) -> Cell {
        try main.template(for: identifier)
    }

    /// The first `count` worker sets, for a run: each keeps the templates it made in earlier runs
    /// (``register(_:_:)`` and ``contentSizeCategory`` keep them current).
    func workerSet(_ count: Int) -> [Worker] {
        while workers.count < count { workers.append(Worker(factories: main.factories, category: contentSizeCategory)) }
        return Array(workers.prefix(count))
    }

    /// A worker set of its own for a caller that keeps it (a background precacher): made with the
    /// current factories and category, and not kept current by ``register(_:_:)`` or
    /// ``contentSizeCategory`` (which would touch it from this thread while a worker uses it); the
    /// caller makes a new one when ``registrations`` or the category change.
    package func detachedWorker() -> Worker {
        Worker(factories: main.factories, category: contentSizeCategory)
    }

    /// One thread's templates: made from the store's factories on first use, used by that thread
    /// only.
    public final class Worker: @unchecked Sendable {
        fileprivate private(set) var templates: [String: Cell] = [:]
        fileprivate private(set) var factories: [String: Factory]
        private var category: ContentSizeCategory
        /// Templates this set has made (read on the thread that uses the set).
        package private(set) var made = 0
        /// What fitting found during a run, for the sizer to note on its thread.
        var diagnostics: [SizingDiagnostic] = []

        fileprivate init(factories: [String: Factory], category: ContentSizeCategory) {
            self.factories = factories
            self.category = category
        }

        fileprivate func register(_ identifier: String, _ factory: @escaping Factory) {
            factories[identifier] = factory
            templates[identifier] = nil
        }

        fileprivate func apply(_ category: ContentSizeCategory) {
            self.category = category
            for cell in templates.values { cell.apply(category) }
        }

        /// This set's template of a reuse identifier, made on first use (marked as a template, in
        /// the store's category) and kept. Touches nothing but this set.
        /// - Throws: ``SizingError/unregisteredIdentifier(_:)`` or ``SizingError/cellCreationFailed(identifier:message:)``.
        @inline(__always)
        public func template(for identifier: String) throws(SizingError) -> Cell {
            if let cell = templates[identifier] { return cell }
            return try make(identifier)
        }

        private func make(_ identifier: String) throws(SizingError) -> Cell {
            guard let factory = factories[identifier] else { throw .unregisteredIdentifier(identifier) }
            let cell: Cell
            do { cell = try factory() } catch {
                throw .cellCreationFailed(identifier: identifier, message: "\(error)")
            }
            cell.reuseIdentifier = identifier
            cell.isTemplateLayoutCell = true
            cell.apply(category)
            templates[identifier] = cell
            made += 1
            return cell
        }

        /// Fits a configured template of this set (``TemplateFitting``), keeping what went wrong.
        @inline(__always)
        public func fit(_ cell: Cell, _ mode: FittingMode, identifier: String) -> CGSize {
            let fitted = TemplateFitting.fit(cell, mode, identifier: identifier)
            if !fitted.diagnostics.isEmpty { diagnostics += fitted.diagnostics }
            return fitted.size
        }
    }
}
