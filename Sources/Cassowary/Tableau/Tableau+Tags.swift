// The tags of installed constraint objects: finding a constraint's tag (the constraint's cache,
// else the tableau's index), and storing and releasing tags.

extension Tableau {
    // MARK: - Lookup

    mutating func tag(of constraint: Constraint) -> Int32? {
        if usesCaches, constraint.cachedOwner == identity {
            let t = constraint.cachedTag
            if t >= 0, Int(t) < tags.count, tags[Int(t)].id == ObjectIdentifier(constraint) { return t }
        }
        return tagIndex.isEmpty ? nil : tagIndex[ObjectIdentifier(constraint)]
    }

    mutating func storeTag(_ tag: Tag, _ c: Constraint) -> Int32 {
        let t: Int32
        if let free = freeTags.popLast() {
            t = free
            tags[Int(t)] = tag
            tagConstraints[Int(t)] = Unmanaged.passRetained(c)
        } else {
            t = Int32(tags.count)
            tags.append(tag)
            tagConstraints.append(Unmanaged.passRetained(c))
        }
        if usesCaches && (c.cachedOwner == nil || c.cachedOwner == identity) {
            c.cachedOwner = identity
            c.cachedTag = t
        } else {
            tagIndex[ObjectIdentifier(c)] = t
        }
        return t
    }

    mutating func releaseTag(_ t: Int32) {
        let reference = tagConstraints[Int(t)].unsafelyUnwrapped
        let c = reference.takeUnretainedValue()
        defer { reference.release() }
        if c.cachedOwner == identity && c.cachedTag == t {
            c.cachedOwner = nil
            c.cachedTag = -1
        } else {
            tagIndex[ObjectIdentifier(c)] = nil
        }
        tags[Int(t)].id = nil
        tagConstraints[Int(t)] = nil
        freeTags.append(t)
    }
}
