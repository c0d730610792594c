import AutoLayout
import Foundation

/// An Xcode Interface Builder file, `.xib` or `.storyboard`, read as a tree of elements with
/// where each was written, and the cells it holds.
///
/// Only the document format Xcode has written since Xcode 5 is read: a root `<document>` whose
/// `type` names a UIKit document (`com.apple.InterfaceBuilder3.CocoaTouch.XIB`,
/// `…CocoaTouch.Storyboard.XIB`, or their tvOS `AppleTV` kin). What the elements mean (views,
/// constraints, fonts) is for the mapping to cell specs; this type finds cells and names them.
public struct InterfaceBuilderDocument: Sendable {
    /// Which of Interface Builder's two document formats a file is.
    public enum Kind: Sendable {
        /// A nib: top-level objects, cells among them.
        case xib
        /// Scenes of view controllers, with prototype cells in their table and collection views.
        case storyboard
    }

    /// The file as the user named it (what errors and locations say).
    public let file: String
    /// Whether the file is a xib or a storyboard.
    public let kind: Kind
    /// The `<document>` element.
    public let root: IBElement
    /// Every element by its IB `id` attribute (the first, should a broken file repeat one).
    public let elementsByID: [String: IBElement]
    /// The cells, in document order: top-level `tableViewCell`, `collectionViewCell`,
    /// `tableViewHeaderFooterView`, `collectionReusableView` and plain views of a xib; the prototypes
    /// of every table and collection view (and a collection view's supplementary views) of every
    /// scene of a storyboard, and the cells of its static tables' sections.
    public let cells: [IBCell]
    /// The sizes of the images the document's `<resources>` name (what an image view showing one
    /// takes as its intrinsic size). For an SF Symbol (`catalog="system"`) IB writes the glyph's
    /// design size, not the point size UIKit draws it at.
    public let imageSizes: [String: CGSize]

    /// Reads the file at `path`.
    ///
    /// - Throws: ``SpecError`` naming the file, and the line and column for malformed XML; also
    ///   when the file cannot be read or is not an iOS Interface Builder document.
    public init(contentsOf path: String) throws(SpecError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SpecError(file: path, line: 0, column: 0, message: "no such file")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw SpecError(file: path, line: 0, column: 0, message: "cannot read the file")
        }
        try self.init(data: data, file: path)
    }

    /// Reads a document's bytes; `file` is the name errors give.
    ///
    /// - Throws: ``SpecError`` at the line and column where the XML is malformed, or saying why the
    ///   document is not an iOS Interface Builder document.
    /// - Complexity: O(*n*) in the size of the file.
    public init(data: Data, file: String) throws(SpecError) {
        let root = try IBXMLReader.parse(data, file: file)
        self.file = file
        self.root = root
        kind = try Self.kind(of: root, file: file)
        var byID: [String: IBElement] = [:]
        for element in root.descendantsAndSelf {
            if let id = element.id, byID[id] == nil { byID[id] = element }
        }
        elementsByID = byID
        cells = IBCellFinder(root: root, kind: kind).cells()
        var images: [String: CGSize] = [:]
        for image in root.child("resources")?.children("image") ?? [] {
            if let name = image["name"], let w = image.number("width"), let h = image.number("height") {
                images[name] = CGSize(width: w, height: h)
            }
        }
        imageSizes = images
    }

    /// The element with this IB id, for a reference written in `attribute` of `referrer` (a
    /// constraint's `secondItem`, an outlet's `destination`).
    ///
    /// - Throws: ``SpecError`` at the referrer, naming it and the unknown id.
    public func element(withID id: String, referencedBy referrer: IBElement, attribute: String) throws(SpecError) -> IBElement {
        if let element = elementsByID[id] { return element }
        let what = referrer.id.map { "<\(referrer.name) id=\"\($0)\">" } ?? "<\(referrer.name)>"
        throw SpecError(file: file, line: referrer.location.line, column: referrer.location.column,
                        message: "\(what) names \(attribute)=\"\(id)\", but no element of the document has that id")
    }

    /// Which format `root` is written in, from its `type` (else the file's extension).
    static func kind(of root: IBElement, file: String) throws(SpecError) -> Kind {
        func fail(_ message: String) -> SpecError {
            SpecError(file: file, line: root.location.line, column: root.location.column, message: message)
        }
        let type = root["type"] ?? ""
        guard root.name == "document" else {
            if root.name == "archive", type.contains("InterfaceBuilder") {
                throw fail("an Interface Builder 3 archive (Xcode 4 or older); open and save it in a current Xcode to read it")
            }
            throw fail("not an Interface Builder document: the root element is <\(root.name)>, expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"> or a storyboard's")
        }
        if type.isEmpty {
            if file.hasSuffix(".storyboard") { return .storyboard }
            if file.hasSuffix(".xib") { return .xib }
            throw fail("not an Interface Builder document: <document> has no type")
        }
        guard type.contains("CocoaTouch") || type.contains("AppleTV") else {
            let platform = type.contains("WatchKit") ? "a watchOS" : type.contains(".Cocoa.") ? "an AppKit (macOS)" : "an unknown"
            throw fail("\(platform) document (type \"\(type)\"); only UIKit (iOS and tvOS) documents hold cells this reads")
        }
        return type.contains("Storyboard") ? .storyboard : .xib
    }
}
