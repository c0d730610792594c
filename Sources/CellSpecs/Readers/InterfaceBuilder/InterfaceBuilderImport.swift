import AutoLayout
import Foundation

/// An Interface Builder cell as a ``CellSpec``: its views, their properties and its constraints,
/// with what ties the spec back to the file (IB ids, outlets, recorded frames) and the problems
/// that did not stop the import.
///
/// The rules it follows (<doc:InterfaceBuilderFiles> says more):
/// 1. Spec view ids are made from IB ids: every character other than an ASCII letter, digit or
///    `_` becomes `_` (`uyl-Nl-003` is `uyl_Nl_003`), a `v` goes before one that would start with
///    a digit, and `_2`, `_3`... after one already taken; the cell's content view is `contentView`.
/// 2. Views are read from the content view's `<subviews>` down, each after its parent; a stack
///    view's subviews are its arranged subviews. An element of a kind the import does not know
///    becomes a plain view held at its recorded size (width and height constraints at its
///    compression resistance), with a warning, and what is inside it is not read.
/// 3. Constraints are read from every `<constraints>` of the cell, its content view and its views
///    (see `IBConstraintReader`'s rules), size-class variations applied for compact width and
///    regular height (an iPhone in portrait).
/// 4. The content view's margins are those written on it; else, for a table view cell or a
///    header-footer view, UIKit's: 20 at the sides for cells recorded at least 390 points wide and
///    16 below, 11 at top and bottom; 8 all round in files from before Xcode 9 (`toolsVersion`
///    below 13142); else UIView's default, 8.
/// 5. A table view cell of a built-in `style` (`textLabel`, `detailTextLabel`, `imageView`
///    attributes) is laid out by UITableViewCell, not constraints: its labels keep their recorded
///    frames, its content view its recorded height (priority 250), with a warning; the labels are
///    outlets by those names.
/// 6. A view's `semanticContentAttribute` is read as written; the content view's, else the cell's,
///    is the content view's. An unknown value is `unspecified`, with a warning.
public struct InterfaceBuilderImport {
    /// How to import.
    public struct Options {
        /// What resolves `<fontDescription>`s to fonts.
        public var fonts: any InterfaceBuilderFontResolving
        /// Whether to reproduce IB's own layout: every label, image view, button and text view
        /// gets its recorded frame's size as its placeholder intrinsic size (build the template
        /// with ``InterfaceBuilderImport/makeTemplate(measurer:)``, or with
        /// `usesPlaceholderIntrinsicSizes`, and lay it out at the spec's recorded size).
        public var asRecorded: Bool

        /// Options; by default fonts without font files and the run-time layout.
        public init(fonts: any InterfaceBuilderFontResolving = BasicInterfaceBuilderFonts(), asRecorded: Bool = false) {
            self.fonts = fonts
            self.asRecorded = asRecorded
        }
    }

    /// A problem that does not stop the import (an unknown element made a plain view of its recorded size, a font that fell back, a variation skipped...), located.
    public struct Warning: Hashable, Sendable, CustomStringConvertible {
        /// The element the problem is at.
        public var location: SourceLocation
        /// What the problem is and what the import did instead.
        public var message: String

        /// A warning at a location.
        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }

        /// `file:line:column: warning: message`.
        public var description: String { "\(location): warning: \(message)" }
    }

    /// The cell as a spec (view ids made from IB ids by rule 1).
    public var spec: CellSpec
    /// The problems that did not stop the import, in document order (each distinct message once).
    public var warnings: [Warning]
    /// Spec view id -> IB object id (`contentView` -> the content view's id, else the cell's).
    public var ibIDs: [String: String]
    /// Outlet property name -> spec view id, for the cell's outlets to views it holds.
    public var outlets: [String: String]
    /// Spec view id -> IB's recorded frame in content-view coordinates (`contentView` included).
    public var recordedFrames: [String: CGRect]
    /// Whether the spec was made with ``Options/asRecorded``.
    public var isAsRecorded: Bool

    /// Imports a cell of a document.
    /// - Parameters:
    ///   - cell: a cell of `document` (``InterfaceBuilderDocument/cells``).
    ///   - document: the document it is in (for ids, resources and the file name).
    ///   - options: how fonts are resolved and whether to reproduce IB's layout.
    /// - Throws: ``SpecError`` for a cell without a content view, a constraint naming an id no
    ///   element has (naming both), or an attribute, relation or multiplier that cannot be read.
    public init(cell: IBCell, in document: InterfaceBuilderDocument, options: Options = Options()) throws(SpecError) {
        var importer = try IBCellImporter(cell: cell, document: document, options: options)
        try importer.readViews()
        try importer.readConstraints()
        importer.readBuiltInStyle()
        let recordedSize = cell.recordedSize ?? importer.contentElement.rect()?.size
        spec = CellSpec(file: document.file, views: importer.views, constraints: importer.constraints,
                        contentViewMargins: importer.contentViewMargins(recordedSize: recordedSize),
                        contentViewBackground: importer.contentViewBackground,
                        size: recordedSize.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil })
        spec.contentViewSemanticContentAttribute = importer.contentViewSemanticContentAttribute()
        warnings = importer.warnings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        ibIDs = importer.ibIDs
        recordedFrames = importer.recordedFrames
        if let size = recordedSize { recordedFrames["contentView"] = CGRect(origin: .zero, size: size) }
        var outlets: [String: String] = [:]
        let specIDs = importer.specIDs
        for (property, destination) in cell.outlets {
            if let id = specIDs[destination] { outlets[property] = id }
        }
        self.outlets = outlets
        isAsRecorded = options.asRecorded
    }

    /// Builds the spec's template, with placeholder intrinsic sizes when imported as recorded.
    /// - Parameter measurer: the text measurer (nil uses `Label.defaultMeasurer`).
    /// - Throws: ``SpecError`` as ``CellTemplate/init(spec:measurer:usesPlaceholderIntrinsicSizes:)``.
    public func makeTemplate(measurer: (any TextMeasuring)? = nil) throws(SpecError) -> CellTemplate {
        try CellTemplate(spec: spec, measurer: measurer, usesPlaceholderIntrinsicSizes: isAsRecorded)
    }
}
