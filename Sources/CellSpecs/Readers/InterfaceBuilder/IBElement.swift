import AutoLayout
import Foundation

/// An XML element of an Interface Builder document, with where it starts in the file.
///
/// Elements are made by ``InterfaceBuilderDocument`` and never change after it returns: a tree of
/// immutable nodes. `parent` is weak (a child must not keep its parent alive, or every tree would
/// leak); a document, and every ``IBCell`` of it, holds the root, so parents stay reachable while
/// either is kept.
///
/// Interface Builder keys an element's role among its siblings by its `key` attribute
/// (`<rect key="frame">`, `<tableViewCellContentView key="contentView">`), which ``child(_:key:)``
/// looks up.
public final class IBElement: @unchecked Sendable {
    // @unchecked: `parent` is the one stored `var`; the parser sets it once, before the tree is
    // published, and nothing sets it afterwards (its setter is private).

    /// The element's name: `tableViewCell`, `label`, `constraint`, `rect`...
    public let name: String
    /// The element's attributes as written (XML entities resolved).
    public let attributes: [String: String]
    /// The child elements in document order.
    public let children: [IBElement]
    /// The element this one is written in; `nil` for the root (or once the tree is gone).
    public private(set) weak var parent: IBElement?
    /// Where the start tag's `<` is: file, 1-based line and column (in characters).
    public let location: SourceLocation
    /// The character data directly inside the element (as in `<string key="text">Hello</string>`).
    public let text: String

    /// An element with its children; adopts them (sets their `parent`).
    package init(name: String, attributes: [String: String], children: [IBElement], location: SourceLocation, text: String) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.location = location
        self.text = text
        for child in children { child.parent = self }
    }

    /// The first child element with this name and, when `key` is given, this `key` attribute.
    ///
    /// - Complexity: O(*n*) in the number of children.
    public func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0.attributes["key"] == key) }
    }

    /// The first child element with this `key` attribute, whatever its name.
    public func child(key: String) -> IBElement? {
        children.first { $0.attributes["key"] == key }
    }

    /// The child elements with this name, in document order.
    public func children(_ name: String) -> [IBElement] {
        children.filter { $0.name == name }
    }

    /// The attribute's value, if written.
    public subscript(attribute: String) -> String? { attributes[attribute] }

    /// The element's IB object id (its `id` attribute), if it has one.
    public var id: String? { attributes["id"] }

    /// A `YES`/`NO` attribute as Interface Builder writes it; `nil` when absent or otherwise.
    public func bool(_ attribute: String) -> Bool? {
        switch attributes[attribute] {
        case "YES": true
        case "NO": false
        default: nil
        }
    }

    /// A numeric attribute (`"16"`, `"0.0"`, `"88.666664123535156"`); `nil` when absent or not a
    /// finite number.
    public func number(_ attribute: String) -> Double? {
        guard let text = attributes[attribute], let x = Double(text), x.isFinite else { return nil }
        return x
    }

    /// The rectangle of a `<rect key="…">` child (`frame` by default), if written and numeric.
    public func rect(key: String = "frame") -> CGRect? {
        guard let r = child("rect", key: key), let w = r.number("width"), let h = r.number("height") else { return nil }
        return CGRect(x: r.number("x") ?? 0, y: r.number("y") ?? 0, width: w, height: h)
    }

    /// The size of a `<size key="…">` child (`customSize`, `itemSize`...), if written and numeric.
    public func size(key: String) -> CGSize? {
        guard let s = child("size", key: key), let w = s.number("width"), let h = s.number("height") else { return nil }
        return CGSize(width: w, height: h)
    }

    /// The elements this one is written in, nearest first.
    public var ancestors: [IBElement] {
        var out: [IBElement] = []
        var e = parent
        while let p = e { out.append(p); e = p.parent }
        return out
    }

    /// This element and every element inside it, in document order (depth first).
    ///
    /// - Complexity: O(*n*) in the size of the subtree; iterative, so any depth is safe.
    public var descendantsAndSelf: [IBElement] {
        var out: [IBElement] = []
        var stack: [IBElement] = [self]
        while let e = stack.popLast() {
            out.append(e)
            stack.append(contentsOf: e.children.reversed())
        }
        return out
    }
}

extension IBElement: CustomStringConvertible {
    /// `<name id="…">` at its location, as diagnostics name an element.
    public var description: String {
        let idText = id.map { " id=\"\($0)\"" } ?? ""
        return "<\(name)\(idText)> at \(location)"
    }
}
