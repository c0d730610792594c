import AutoLayout
import Foundation
import Testing

@Suite struct FittingTests {
    /// A cell: a label between top and bottom margins, fitted as UITableView fits self-sizing cells.
    func cell() -> (View, SizedView) {
        let content = View(identifier: "contentView")
        let label = SizedView("label", width: 100, height: 40)
        content.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
            content.bottomAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
        ])
        return (content, label)
    }

    @Test func fittingHeightAtARequiredWidth() {
        let (content, label) = cell()
        let size = content.systemLayoutSizeFitting(CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 375, height: 56))
        label.size.height = 100
        let taller = content.systemLayoutSizeFitting(CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel)
        #expect(taller.height == 116)
    }

    @Test func compressedAndExpandedSizes() {
        let (content, _) = cell()
        #expect(content.systemLayoutSizeFitting(.compressedSize) == CGSize(width: 132, height: 56))
        let expanded = content.systemLayoutSizeFitting(.expandedSize)
        #expect(expanded.height == 56)
        #expect(expanded.width == CGSize.expandedSize.width)
    }

    @Test func fittingAViewInsideAHierarchyUsesItsSubtree() {
        let outer = container(width: 500, height: 500)
        let (content, _) = cell()
        content.translatesAutoresizingMaskIntoConstraints = false
        outer.addSubview(content)
        LayoutConstraint.activate([content.widthAnchor.constraint(equalTo: outer.widthAnchor)])
        let size = content.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 300, height: 56))
    }

    @Test func layoutAfterFittingUsesTheRootFrame() {
        let (content, label) = cell()
        _ = content.systemLayoutSizeFitting(CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        content.frame = CGRect(x: 0, y: 0, width: 320, height: 56)
        content.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 16, y: 8, width: 100, height: 40))
    }
}

@Suite struct ConstraintErrorTests {
    @Test func incompatibleAttributesAreRefused() {
        let a = View(identifier: "a"), b = View(identifier: "b")
        #expect(throws: LayoutError.incompatibleAttributes(.top, .left)) {
            try LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: b, attribute: .left)
        }
        #expect(throws: LayoutError.incompatibleAttributes(.width, .left)) {
            try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: b, attribute: .left)
        }
        #expect(throws: LayoutError.mixedDirectionalAttributes(.leading, .left)) {
            try LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: b, attribute: .left)
        }
        #expect(throws: LayoutError.positionWithoutSecondItem(.top)) {
            try LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, constant: 5)
        }
        #expect(throws: LayoutError.self) {
            try LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, toItem: b, attribute: .width, multiplier: .nan)
        }
    }

    @Test func descriptionsReadLikeCode() throws {
        let title = View(identifier: "title"), content = View(identifier: "contentView")
        let c = try LayoutConstraint(item: title, attribute: .leading, relatedBy: .equal, toItem: content,
                                     attribute: .leading, constant: 20)
        #expect(c.description == "title.leading == contentView.leading + 20")
        c.priority = LayoutPriority(750)
        #expect(c.description == "title.leading == contentView.leading + 20 @750")
        #expect(title.widthAnchor.constraint(equalToConstant: 44).description == "title.width == 44")
    }

    @Test func unsatisfiableConstraintsAreReportedAndLayoutGoesOn() {
        let root = container()
        let child = constrained("child", in: root)
        LayoutConstraint.activate([
            child.widthAnchor.constraint(equalToConstant: 10), child.widthAnchor.constraint(equalToConstant: 20),
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor), child.topAnchor.constraint(equalTo: root.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(child.frame.width == 10)
        #expect(root.layoutDiagnostics.count == 1)
    }
}

/// Fitting a subtree and probing for ambiguity use scratch engines over the hierarchy's views and
/// constraints: the hierarchy's engine must find its bookkeeping as it left it.
@Suite struct ScratchEngineTests {
    @Test func scratchEnginesLeaveTheHierarchysEngineAlone() {
        let root = container()
        let box = constrained("box", in: root)
        let width = box.widthAnchor.constraint(equalToConstant: 50)
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), width,
            box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 10, y: 0, width: 50, height: 20))
        // A fitting that cannot hold (box is 50 wide, the target 30): the scratch engine that
        // fits the subtree keeps its failure to itself.
        let before = root.layoutDiagnostics.count
        _ = box.systemLayoutSizeFitting(CGSize(width: 30, height: 0), withHorizontalFittingPriority: .required,
                                        verticalFittingPriority: .fittingSizeLevel)
        #expect(!box.hasAmbiguousLayout)
        #expect(root.layoutDiagnostics.count == before)
        // The constraints still tell the hierarchy's engine of their changes.
        width.constant = 70
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 10, y: 0, width: 70, height: 20))
        box.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(root.layoutDiagnostics.count == before)
    }
}
