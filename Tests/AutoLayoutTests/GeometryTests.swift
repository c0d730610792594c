import AutoLayout
import Foundation
import Testing

@Suite struct GeometryTests {
    /// Each edge rounds to the nearest pixel and the size follows the edges, as UIKit snaps.
    @Test(arguments: [
        (CGRect(x: 10.3, y: 7.77, width: 33.33, height: 20), 2.0, CGRect(x: 10.5, y: 8, width: 33, height: 20)),
        (CGRect(x: 10.3, y: 7.77, width: 33.33, height: 20), 3.0,
         CGRect(x: 10.0 + 1.0 / 3, y: 7.0 + 2.0 / 3, width: 33.0 + 1.0 / 3, height: 20)),
        (CGRect(x: 0.2, y: 0.2, width: 0.2, height: 0.2), 1.0, CGRect(x: 0, y: 0, width: 0, height: 0)),
        (CGRect(x: 0, y: 0, width: 100, height: 32.77), 2.0, CGRect(x: 0, y: 0, width: 100, height: 33)),
    ])
    func pixelAlignedRoundsTheEdges(rect: CGRect, scale: CGFloat, expected: CGRect) {
        let aligned = rect.pixelAligned(scale: scale)
        #expect(approx(aligned.minX, expected.minX) && approx(aligned.minY, expected.minY), "\(aligned)")
        #expect(approx(aligned.width, expected.width) && approx(aligned.height, expected.height), "\(aligned)")
    }

    /// Two views that share an edge still share it once aligned, even where their widths round
    /// differently.
    @Test func neighboursKeepTheirSharedEdge() {
        let a = CGRect(x: 0.4, y: 0, width: 10.3, height: 10), b = CGRect(x: 10.7, y: 0, width: 10.3, height: 10)
        for scale in [1.0, 2.0, 3.0] as [CGFloat] {
            #expect(a.pixelAligned(scale: scale).maxX == b.pixelAligned(scale: scale).minX)
        }
    }

    /// Frames converted between views follow their superviews' origins, as UIView.convert(_:to:).
    @Test func convertFollowsTheSuperviews() {
        let root = View(identifier: "root"), box = View(identifier: "box"), inner = View(identifier: "inner")
        let other = View(identifier: "other")
        root.addSubview(box)
        box.addSubview(inner)
        root.addSubview(other)
        box.frame = CGRect(x: 10, y: 20, width: 100, height: 100)
        inner.frame = CGRect(x: 5, y: 7, width: 30, height: 40)
        other.frame = CGRect(x: 50, y: 60, width: 10, height: 10)
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(inner.convert(r, to: root) == CGRect(x: 16, y: 29, width: 3, height: 4))
        #expect(inner.convert(r, to: nil) == CGRect(x: 16, y: 29, width: 3, height: 4))
        #expect(inner.convert(r, to: other) == CGRect(x: -34, y: -31, width: 3, height: 4))
        #expect(root.convert(r, to: inner) == CGRect(x: -14, y: -25, width: 3, height: 4))
    }
}
