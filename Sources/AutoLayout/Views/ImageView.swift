import Foundation

/// An image as layout sees it: a size in points, and where its pixels come from when drawn.
public struct Image: Hashable, Sendable {
    public var size: CGSize
    /// A file the image is read from when drawn, if any.
    public var path: String?

    public init(size: CGSize, path: String? = nil) {
        self.size = size
        self.path = path
    }
}

/// A view showing an image: its intrinsic content size is the image's size, and it has none
/// without an image, as UIImageView.
open class ImageView: View {
    public var image: Image? {
        didSet { if image != oldValue { invalidateIntrinsicContentSize() } }
    }

    public init(identifier: String = "imageView", image: Image? = nil) {
        self.image = image
        super.init(identifier: identifier)
    }

    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: CGSize.noIntrinsicMetric, height: CGSize.noIntrinsicMetric)
    }
}
