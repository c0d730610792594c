import Foundation
import Testing

/// `--layout-direction` and a spec's `layoutDirection`, end to end through `selfsizing layout`.
@Suite struct LayoutDirectionCommandTests {
    static let spec = """
    layoutDirection: rightToLeft
    views:
      - {id: title, type: label, text: "Title"}
      - {id: icon, type: view}
    contentView: {layoutMargins: {top: 10, leading: 20, bottom: 10, trailing: 12}}
    constraints:
      - "H:|-[title]"
      - "icon.trailing == contentView.trailingMargin"
      - "icon.width == 24"
      - "icon.height == 24"
      - "V:|-[title]-|"
      - "icon.top == contentView.topMargin"
    """

    @Test func aRightToLeftSpecLaysOutFromTheRight() throws {
        let spec = try CLI.temporaryFile(Self.spec, "rtl.yaml")
        let r = try CLI.run(["layout", spec, "--width", "320"])
        #expect(r.status == 0, "\(r.err)")
        let out = try JSONDecoder().decode(LayoutCommandTests.Output.self, from: Data(r.out.utf8))
        let title = try #require(out.frames["title"]), icon = try #require(out.frames["icon"])
        // The leading margin (20) is on the right, the trailing (12) on the left.
        #expect(title.width > 0 && abs(title.x - (320 - 20 - title.width)) < 1e-9, "\(title)")
        #expect(abs(icon.x - 12) < 1e-9 && icon.width == 24)
        // --layout-direction ltr overrides the spec's direction.
        let l = try CLI.run(["layout", spec, "--width", "320", "--layout-direction", "ltr"])
        #expect(l.status == 0, "\(l.err)")
        let ltr = try JSONDecoder().decode(LayoutCommandTests.Output.self, from: Data(l.out.utf8))
        let ltrTitle = try #require(ltr.frames["title"]), ltrIcon = try #require(ltr.frames["icon"])
        #expect(abs(ltrTitle.x - 20) < 1e-9 && abs(ltrIcon.x - (320 - 12 - 24)) < 1e-9)
        let bad = try CLI.run(["layout", spec, "--width", "320", "--layout-direction", "up"])
        #expect(bad.status != 0 && bad.err.contains("--layout-direction") && bad.out.isEmpty, "\(bad.err)")
    }
}
