import AutoLayout
import Foundation

/// What a list tells its cache to restore or save sizes: for each item, the template it is sized
/// with, its key and its content hash.
///
/// Rules:
/// 1. An item's saved size is restored when the saved cache has a group for the item's template
///    identity and the list's context, holding the item's key with the item's content hash.
/// 2. Keys are looked for first at the item's own position in the group (a list saved and
///    restored in one order finds every key there), then by a table of the group's keys.
/// 3. Only sizes of the current context are saved, one group per template identity, items in
///    index-path order; items without a size (not measured) are left out.
public struct SavedSizesItems {
    /// The identity of the template that sizes an item; nil for an item not to save or restore.
    public var template: (IndexPath) -> String?
    /// An item's key (by default `"section.row"`).
    public var key: (IndexPath) -> String
    /// The stable hash of an item's bound content (``StableHash/of(_:)`` of its data item, say).
    public var contentHash: (IndexPath) -> UInt64

    /// Items described by the three functions.
    public init(template: @escaping (IndexPath) -> String?, key: @escaping (IndexPath) -> String = SavedSizesItems.indexPathKey,
                contentHash: @escaping (IndexPath) -> UInt64) {
        self.template = template
        self.key = key
        self.contentHash = contentHash
    }

    /// The default key: `"section.row"`.
    public static func indexPathKey(_ indexPath: IndexPath) -> String { "\(indexPath[0]).\(indexPath[1])" }
}

extension SizeCache {
    /// Fills the current context's index-path sizes from a saved cache (see ``SavedSizesItems``'s
    /// rules), leaving other items as they are.
    /// - Parameters:
    ///   - saved: the saved cache.
    ///   - context: the list's current context, as its groups name it.
    ///   - items: the items' templates, keys and content hashes.
    /// - Returns: the number of sizes restored.
    /// - Complexity: O(n) in the items and the saved sizes of their groups.
    @discardableResult
    public func restore(_ saved: SavedSizes, context: String, items: SavedSizesItems) -> Int {
        var lookups: [String: GroupLookup?] = [:]
        var restored = 0, position = -1
        for (s, count) in itemCounts.enumerated() {
            for i in 0..<count {
                position += 1
                let ip = IndexPath(item: i, section: s)
                guard let template = items.template(ip) else { continue }
                if lookups[template] == nil { lookups[template] = .some(saved.group(template: template, context: context).map(GroupLookup.init)) }
                guard let lookup = lookups[template]!, let j = lookup.index(of: items.key(ip), near: position) else { continue }
                let g = lookup.group
                guard g.hashes[j] == items.contentHash(ip) else { continue }
                setSize(CGSize(width: g.widths[j], height: g.heights[j]), at: ip)
                restored += 1
            }
        }
        return restored
    }

    /// The current context's index-path sizes as saved groups, one per template identity (see
    /// ``SavedSizesItems``'s rules).
    /// - Parameters:
    ///   - context: the list's current context, as its groups name it.
    ///   - items: the items' templates, keys and content hashes.
    /// - Complexity: O(n) in the items.
    public func savedGroups(context: String, items: SavedSizesItems) -> [SavedSizes.Group] {
        var groups: [SavedSizes.Group] = []
        var byTemplate: [String: Int] = [:]
        for (s, count) in itemCounts.enumerated() {
            for i in 0..<count {
                let ip = IndexPath(item: i, section: s)
                guard let size = size(at: ip), let template = items.template(ip) else { continue }
                let g = byTemplate[template] ?? {
                    groups.append(SavedSizes.Group(template: template, context: context))
                    byTemplate[template] = groups.count - 1
                    return groups.count - 1
                }()
                groups[g].append(key: items.key(ip), hash: items.contentHash(ip), size: size)
            }
        }
        return groups
    }
}

/// A saved group and, made when first needed, a table of its keys.
private final class GroupLookup {
    let group: SavedSizes.Group
    private var indices: [String: Int]?

    init(_ group: SavedSizes.Group) { self.group = group }

    /// The index of a key: at `position` when it is there (rule 2), else by the table.
    func index(of key: String, near position: Int) -> Int? {
        if position < group.keys.count, group.keys[position] == key { return position }
        if indices == nil {
            var table: [String: Int] = [:]
            table.reserveCapacity(group.keys.count)
            for (j, k) in group.keys.enumerated() where table[k] == nil { table[k] = j }
            indices = table
        }
        return indices![key]
    }
}
