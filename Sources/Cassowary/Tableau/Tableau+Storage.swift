// The tableau's storage: the arena its buffers start in, and the one list of its buffers that
// freeing them and counting its heap blocks share.

/// What `Tableau.forEachBuffer(_:)` calls with each buffer.
protocol TableauBufferVisitor {
    mutating func visit<Element: BitwiseCopyable>(_ buffer: inout Buffer<Element>)
}

extension Tableau {
    /// Points the buffers at their initial slices of `arena`.
    mutating func takeInitialStorage() {
        let ns = Tableau.initialSymbols, nr = Tableau.initialRows, nc = Tableau.initialCells
        let nl = Tableau.initialLevels, small = 16
        symbols = arena.take(SymbolInfo.self, ns)
        values = arena.take(Double.self, ns)
        published = arena.take(Double.self, ns)
        scratch = arena.take(SymbolScratch.self, ns)
        cellPositions = arena.take(Int32.self, ns)
        variables = arena.take(Unmanaged<Variable>?.self, ns)
        freeSymbols = arena.take(Int32.self, small)
        freeSlots = arena.take(Int32.self, small)
        freeTags = arena.take(Int32.self, small)
        infeasible = arena.take(Int32.self, small)
        bounds = arena.take(Bound.self, small)
        boundsToHold = arena.take(Int32.self, small)
        externalSymbols = arena.take(Int32.self, nr)
        externalReferences = arena.take(Unmanaged<Variable>.self, nr)
        rows = arena.take(RowHeader.self, nr)
        slotStamp = arena.take(UInt32.self, nr)
        rowKinds = arena.take(Kind.self, nr)
        cellSymbols = arena.take(Int32.self, nc)
        cellCoefficients = arena.take(Double.self, nc)
        nodes = arena.take(ColumnNode.self, nc)
        freeNodes = arena.take(Int32.self, nr)
        staleColumns = arena.take(Int32.self, small)
        dagOrder = arena.take(DagEntry.self, nr)
        tags = arena.take(Tag.self, nr)
        tagConstraints = arena.take(Unmanaged<Constraint>?.self, nr)
        valueTags = arena.take(ValueTag.self, nr)
        termSymbols = arena.take(Int32.self, 4 * nr)
        termCoefficients = arena.take(Double.self, 4 * nr)
        touched = arena.take(Int32.self, nr)
        columnSlots = arena.take(Int32.self, nr)
        expansionProper = arena.take(Int32.self, nr)
        columnCells = arena.take(Int.self, nr)
        expansionHeap = arena.take(Int64.self, nr)
        levels = arena.take(Level.self, nl)
        objective = arena.take(Double.self, ns << Tableau.initialLevelShift)
        levelPool = arena.take(PooledLevel.self, nl)
        for _ in 0..<nl {
            let pooled = PooledLevel(candidates: arena.take(Int32.self, small))
            if !arena.isMeasuring { levelPool.append(pooled) }
        }
    }

    /// Calls `visitor` with every buffer of the tableau's own: the objective levels' buffers and
    /// the row indexes' tables are not in the list (`deallocate()` and `heapBlocks` see to them).
    mutating func forEachBuffer<V: TableauBufferVisitor>(_ visitor: inout V) {
        visitor.visit(&symbols)
        visitor.visit(&values)
        visitor.visit(&published)
        visitor.visit(&scratch)
        visitor.visit(&cellPositions)
        visitor.visit(&variables)
        visitor.visit(&freeSymbols)
        visitor.visit(&externalSymbols)
        visitor.visit(&externalReferences)
        visitor.visit(&rows)
        visitor.visit(&freeSlots)
        visitor.visit(&cellSymbols)
        visitor.visit(&cellCoefficients)
        visitor.visit(&rowIndexes)
        visitor.visit(&freeIndexes)
        visitor.visit(&denseRows)
        visitor.visit(&sortSymbols)
        visitor.visit(&sortCoefficients)
        visitor.visit(&dagOrder)
        visitor.visit(&dagProgram.codes)
        visitor.visit(&dagProgram.numbers)
        visitor.visit(&dagProgram.positions)
        visitor.visit(&columnCopy.slots)
        visitor.visit(&columnCopy.coefficients)
        visitor.visit(&columnCopy.spareSlots)
        visitor.visit(&columnCopy.spareCoefficients)
        visitor.visit(&columnCopy.noted)
        visitor.visit(&columnCopy.pending)
        visitor.visit(&columnCopy.unlinked)
        visitor.visit(&columnCopy.dagRows)
        visitor.visit(&columnCopy.unlinkedBits)
        visitor.visit(&nodes)
        visitor.visit(&freeNodes)
        visitor.visit(&staleColumns)
        visitor.visit(&levels)
        visitor.visit(&objective)
        visitor.visit(&levelPool)
        visitor.visit(&infeasible)
        visitor.visit(&tags)
        visitor.visit(&tagConstraints)
        visitor.visit(&valueTags)
        visitor.visit(&termSymbols)
        visitor.visit(&termCoefficients)
        visitor.visit(&freeTags)
        visitor.visit(&slotStamp)
        visitor.visit(&rowKinds)
        visitor.visit(&touched)
        visitor.visit(&columnSlots)
        visitor.visit(&columnCells)
        visitor.visit(&expansionHeap)
        visitor.visit(&expansionProper)
        visitor.visit(&dirtyRows)
        visitor.visit(&dirtyStamp)
        visitor.visit(&changedExternals)
        visitor.visit(&dualHeap)
        visitor.visit(&dualEntries)
        visitor.visit(&dualKeys)
        visitor.visit(&passedSlots)
        visitor.visit(&passedCells)
        visitor.visit(&stalledSymbols)
        visitor.visit(&bounds)
        visitor.visit(&boundsToHold)
    }

    /// Frees the storage of the buffers and releases the variables and constraints; the tableau
    /// must not be used afterwards.
    mutating func deallocate() {
        for s in variables.indices {
            guard let v = variables[s] else { continue }
            if usesCaches {
                v._withUnsafeGuaranteedRef { variable in
                    variable.holders -= 1
                    if variable.cachedOwner == identity {
                        // The last published value stays with the variable.
                        if variable.isPublished {
                            variable.storedValue = published[s]
                            variable.isPublished = false
                        }
                        variable.cachedOwner = nil
                    }
                }
            }
            v.release()
        }
        for c in tagConstraints {
            guard let c else { continue }
            // A constraint outlives its solver when the caller keeps it: clear its cache so that
            // the next solver to take it claims the cache instead of hashing.
            if usesCaches {
                c._withUnsafeGuaranteedRef { constraint in
                    if constraint.cachedOwner == identity {
                        constraint.cachedOwner = nil
                        constraint.cachedTag = -1
                    }
                }
            }
            c.release()
        }
        // What the listed buffers hold first, then the buffers.
        for l in levels.indices { levels[l].candidates.deallocate() }
        for i in rowIndexes.indices { rowIndexes[i].deallocate() }
        var freeing = Freeing()
        forEachBuffer(&freeing)
        arena.deallocate()
    }

    /// The heap blocks the tableau holds now: its arena, the buffers that outgrew their slice of
    /// it, and its collections that are not empty. For the allocation tests.
    var heapBlocks: Int {
        mutating get {
            var counting = CountingOwners()
            forEachBuffer(&counting)
            var n = counting.owners + (arena.base != nil ? 1 : 0)
            for l in levels { n += l.candidates.ownsStorage ? 1 : 0 }
            n += rowIndexes.count
            for collection in [variableSymbols.isEmpty, tagIndex.isEmpty, edits.isEmpty, handleNames.isEmpty] {
                n += collection ? 0 : 1
            }
            return n
        }
    }
}

private struct Freeing: TableauBufferVisitor {
    mutating func visit<Element: BitwiseCopyable>(_ buffer: inout Buffer<Element>) { buffer.deallocate() }
}

private struct CountingOwners: TableauBufferVisitor {
    var owners = 0
    mutating func visit<Element: BitwiseCopyable>(_ buffer: inout Buffer<Element>) {
        if buffer.ownsStorage { owners += 1 }
    }
}
