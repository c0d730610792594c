import AutoLayout
import CellSpecs
import Foundation
import Testing

/// `semanticContentAttribute` in Interface Builder files (`DirectionCell.xib`: a content view
/// forced right to left with a title at its leading margin and a badge, forced left to right, at
/// its trailing margin holding a dot and a label).
@Suite struct InterfaceBuilderDirectionTests {
    @Test func readsTheAttributes() throws {
        let imported = try IBImports.imported("DirectionCell.xib", "DirectionCell")
        #expect(imported.spec.contentViewSemanticContentAttribute == .forceRightToLeft)
        let attributes = Dictionary(uniqueKeysWithValues: imported.spec.views.map { (imported.ibIDs[$0.id] ?? $0.id, $0.semanticContentAttribute) })
        #expect(attributes == ["dTl-L1-001": .unspecified, "dBg-Vw-002": .forceLeftToRight, "dDt-Vw-003": .unspecified,
                               "dNw-L2-004": .unspecified])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    @Test func asRecordedReproducesTheRecordedRightToLeftFrames() throws {
        let imported = try IBImports.imported("DirectionCell.xib", "DirectionCell", asRecorded: true)
        let size = try #require(imported.spec.size)
        let frames = InterfaceBuilderLayoutTests.frames(try imported.makeTemplate(measurer: ScaledMeasurer()), size: size)
        for (id, recorded) in imported.recordedFrames {
            let frame = try #require(frames[id])
            #expect(InterfaceBuilderLayoutTests.difference(frame, recorded) <= 0.5, "\(imported.ibIDs[id] ?? id): \(frame) vs recorded \(recorded)")
        }
    }

    @Test func runTimeLayoutFlipsTheTitleAndKeepsTheBadgeLeftToRight() throws {
        let imported = try IBImports.imported("DirectionCell.xib", "DirectionCell")
        let template = try imported.makeTemplate(measurer: FixedAdvanceMeasurer())
        let size = template.fittingSize(width: 320)
        let frames = InterfaceBuilderLayoutTests.frames(template, size: size)
        let id = { (ib: String) throws -> CGRect in try #require(frames[try IBImports.id(imported, ib)]) }
        // Margins 20 at the sides, 11 above and below (rule 4); "Title" is 5 x 7 points wide.
        #expect(approx(size.height, 11 + 20 + 11))
        #expect(InterfaceBuilderLayoutTests.difference(try id("dTl-L1-001"), CGRect(x: 320 - 20 - 35, y: 11, width: 35, height: 20)) < 1e-6)
        // The content view's trailing margin is on the left; the badge's own content runs left to right.
        let badge = try id("dBg-Vw-002")
        #expect(InterfaceBuilderLayoutTests.difference(badge, CGRect(x: 20, y: 11, width: 60, height: 20)) < 1e-6)
        #expect(approx(try id("dDt-Vw-003").minX, badge.minX + 4))
        #expect(approx(try id("dNw-L2-004").minX, badge.minX + 4 + 8 + 4))
    }

    @Test func theCellsAttributeIsTheContentViewsAndUnknownValuesWarn() throws {
        let data = IBFixtures.inline("""
        <tableViewCell contentMode="scaleToFill" semanticContentAttribute="forceRightToLeft" reuseIdentifier="Cell" id="c1-Ce-001">
            <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
            <tableViewCellContentView key="contentView" tableViewCell="c1-Ce-001" id="c1-Cv-002">
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                <subviews>
                    <view semanticContentAttribute="sideways" translatesAutoresizingMaskIntoConstraints="NO" id="c1-Vw-003">
                        <rect key="frame" x="16" y="11" width="20" height="20"/>
                    </view>
                </subviews>
            </tableViewCellContentView>
        </tableViewCell>
        """)
        let document = try InterfaceBuilderDocument(data: data, file: "inline.xib")
        let imported = try InterfaceBuilderImport(cell: try document.cell(named: "Cell"), in: document)
        #expect(imported.spec.contentViewSemanticContentAttribute == .forceRightToLeft)
        #expect(imported.spec.views.first?.semanticContentAttribute == .unspecified)
        let warning = try #require(imported.warnings.first { $0.message.contains("sideways") })
        #expect(warning.message == "semanticContentAttribute=\"sideways\" is not one of unspecified, playback, spatial, forceLeftToRight, forceRightToLeft; using unspecified")
        #expect(warning.location.line == 9)
    }
}
