// The small tableau's bookkeeping: its variables and the log of calls kept for promotion, its
// tags (one per installed constraint: its markers, priority and constant) and its objective
// levels (one line per priority, highest first). See SmallTableau.swift.

extension SmallTableau {
    // MARK: - Variables

    /// Makes a variable, or returns nil when there is no room (nothing moved).
    mutating func makeVariable(named name: String) -> VariableHandle? {
        guard availableSymbols >= 1, !keepsLog || logCount < SmallTableau.maxLog else { return nil }
        let s = newSymbol(.external)
        if !name.isEmpty { names[s] = name }
        record(LogEntry(kind: .variable, relation: .equal, index: s, termStart: 0, termCount: 0, priority: 0, constant: 0))
        return VariableHandle(owner: serial, symbol: s)
    }

    /// Appends a call that succeeded to the log, for promotion (when the tableau keeps one).
    mutating func record(_ entry: LogEntry) {
        guard keepsLog else { return }
        log[logCount] = entry
        logCount += 1
    }

    // MARK: - Tags

    /// The tag of an installed constraint's handle, or nil.
    mutating func tag(of handle: ConstraintHandle) -> Int32? {
        let t = handle.tag
        guard handle.owner == serial, t >= 0, Int(t) < tagCount, tags[Int(t)].live,
              tags[Int(t)].generation == handle.generation else { return nil }
        return t
    }

    /// Stores a tag in the slot freed last, or a new one (as `Tableau` stores value tags).
    mutating func storeTag(marker: Int32, other: Int32, priority: Double, constant: Double) -> Int32 {
        let t: Int32
        if freeTagCount > 0 {
            freeTagCount -= 1
            t = freeTags[freeTagCount]
        } else {
            t = Int32(tagCount)
            tags[Int(t)].generation = 0
            tagCount += 1
        }
        tags[Int(t)].marker = marker
        tags[Int(t)].other = other
        tags[Int(t)].priority = priority
        tags[Int(t)].constant = constant
        tags[Int(t)].live = true
        constraintObjects[Int(t)] = nil
        return t
    }

    mutating func releaseTag(_ t: Int32) {
        tags[Int(t)].live = false
        tags[Int(t)].generation &+= 1
        freeTags[freeTagCount] = t
        freeTagCount += 1
    }

    /// The installed constraints.
    var liveTags: Int { tagCount - freeTagCount }

    var availableTags: Int { SmallTableau.maxTags - tagCount + freeTagCount }

    // MARK: - Levels

    /// The line of the objective level for `priority`, made if needed (levels stay ordered
    /// highest first through `levelLines`, so making one moves no coefficients).
    mutating func level(for priority: Double) -> Int {
        var i = 0
        while i < levelCount {
            if levelPriorities[i] == priority { return Int(levelLines[i]) }
            if levelPriorities[i] < priority { break }
            i += 1
        }
        let l = newLine(SmallTableau.levelLine)
        var j = levelCount
        while j > i {
            levelPriorities[j] = levelPriorities[j - 1]
            levelLines[j] = levelLines[j - 1]
            j -= 1
        }
        levelPriorities[i] = priority
        levelLines[i] = Int32(l)
        levelCount += 1
        return l
    }

    mutating func existingLevel(for priority: Double) -> Int? {
        for i in 0..<levelCount where levelPriorities[i] == priority { return Int(levelLines[i]) }
        return nil
    }

    /// Whether a constraint at `priority` would need a level that there is no room for.
    mutating func needsMissingLevel(_ priority: Priority) -> Bool {
        !priority.isRequired && existingLevel(for: priority.rawValue) == nil && levelCount == SmallTableau.maxLevels
    }
}
