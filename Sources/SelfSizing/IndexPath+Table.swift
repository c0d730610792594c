import Foundation

// The one platform `#if` of the module: UIKit (and AppKit for `section`) give IndexPath its
// table accessors; elsewhere SelfSizing gives the same ones.
#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
    /// An index path of a row in a section, as UIKit makes it.
    public init(row: Int, section: Int) {
        // Appended one by one, the two indexes are stored inline; from an array literal the
        // array is allocated first.
        self.init()
        append(section)
        append(row)
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row in the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
