import Foundation

/// Insets from the edges of a rectangle, by left and right.
public struct EdgeInsets: Hashable, Sendable {
    public var top, left, bottom, right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all inset: CGFloat) { self.init(top: inset, left: inset, bottom: inset, right: inset) }

    public static let zero = EdgeInsets()
}

/// Insets from the edges of a rectangle, by leading and trailing: they follow the layout direction.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top, leading, bottom, trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = DirectionalEdgeInsets()

    /// These insets as left and right insets in a layout direction.
    public func resolved(in direction: LayoutDirection) -> EdgeInsets {
        direction == .leftToRight
            ? EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
            : EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
    }
}

/// The direction text and leading-to-trailing layout run in.
public enum LayoutDirection: Sendable, Hashable {
    case leftToRight
    case rightToLeft
}

/// A layout axis.
public enum LayoutAxis: Sendable, Hashable {
    case horizontal
    case vertical
}

extension CGSize {
    /// A size component that means "no intrinsic size on this axis" (UIView.noIntrinsicMetric).
    public static let noIntrinsicMetric: CGFloat = -1
    /// The smallest size a fitting can give: `systemLayoutSizeFitting(.compressedSize)`.
    public static let compressedSize = CGSize(width: 0, height: 0)
    /// The largest size a fitting can give: `systemLayoutSizeFitting(.expandedSize)`.
    public static let expandedSize = CGSize(width: 10_000_000, height: 10_000_000)
}

extension CGRect {
    /// This rectangle on the pixel grid of a screen with `scale` pixels per point, as UIKit snaps
    /// frames: each edge rounds to the nearest pixel, and the size follows the edges (so that views
    /// sharing an edge still share it, and a width may gain or lose a pixel).
    /// - Parameter scale: pixels per point, above 0 (2 or 3 on iPhones).
    /// - Returns: the rectangle with its four edges on pixel boundaries.
    public func pixelAligned(scale: CGFloat) -> CGRect {
        func round(_ x: CGFloat) -> CGFloat { (x * scale).rounded() / scale }
        let minX = round(origin.x), minY = round(origin.y)
        return CGRect(x: minX, y: minY, width: round(origin.x + size.width) - minX,
                      height: round(origin.y + size.height) - minY)
    }
}

/// An RGBA colour, components 0...1, as UIColor holds one.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// A colour from "#RRGGBB" or "#RRGGBBAA"; nil for anything else.
    public init?(hexString: String) {
        guard hexString.hasPrefix("#"), hexString.count == 7 || hexString.count == 9,
              let value = UInt32(hexString.dropFirst(), radix: 16) else { return nil }
        if hexString.count == 7 {
            self.init(hex: value)
        } else {
            self.init(hex: value >> 8, alpha: Double(value & 0xFF) / 255)
        }
    }

    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
}
