import Foundation

// The one platform `#if` of the module: UIKit (and AppKit for `section` and `item`) give
// IndexPath its list accessors; elsewhere SelfSizing gives the same ones.
#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
    /// An index path of a row in a section, as UIKit makes it for tables.
    public init(row: Int, section: Int) {
        // Appended one by one, the two indexes are stored inline; from an array literal the
        // array is allocated first.
        self.init()
        append(section)
        append(row)
    }

    /// An index path of an item in a section, as UIKit makes it for collections.
    public init(item: Int, section: Int) {
        self.init()
        append(section)
        append(item)
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row in the section (a table's item): the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item in the section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
