// Symbols: making one (reusing a removed constraint's), the symbol of an external variable
// (cached in the variable when this tableau is its only holder), and the stamps that mark
// symbols and slots in one pass.

extension Tableau {
    mutating func newSymbol(_ kind: Kind) -> Int32 {
        if let s = freeSymbols.popLast() {
            symbols[Int(s)] = SymbolInfo(kind: kind)
            values[Int(s)] = 0
            scratch[Int(s)] = SymbolScratch()
            cellPositions[Int(s)] = 0
            return s
        }
        let s = Int32(symbols.count)
        symbols.append(SymbolInfo(kind: kind))
        values.append(0)
        published.append(0)
        scratch.append(SymbolScratch())
        cellPositions.append(0)
        variables.append(nil)
        objective.append(repeating: 0, count: 1 << levelShift)
        return s
    }

    /// The symbol of an external variable, created on first use.
    mutating func symbol(for variable: Variable) -> Int32 {
        if let s = existingSymbol(for: variable) { return s }
        let s = newSymbol(.external)
        variables[Int(s)] = Unmanaged.passRetained(variable)
        externalSymbols.append(s)
        externalReferences.append(Unmanaged.passUnretained(variable))
        if usesCaches {
            variable.holders += 1
            if variable.holders > 1 {
                sharesVariables = true
                if let owner = variable.cachedOwner, owner != identity {
                    // Published by its other solver: the value lives in the object from now on.
                    if variable.isPublished {
                        variable.storedValue = variable.value
                        variable.isPublished = false
                    }
                    Solver.noteVariablesShared(owner: owner)
                }
            }
        }
        if usesCaches && variable.cachedOwner == nil {
            variable.cachedOwner = identity
            variable.cachedSymbol = s
            if variable.holders == 1 {
                published[Int(s)] = variable.storedValue
                variable.isPublished = true
            }
        } else {
            variableSymbols[ObjectIdentifier(variable)] = s
        }
        return s
    }

    mutating func existingSymbol(for variable: Variable) -> Int32? {
        if usesCaches, variable.cachedOwner == identity {
            let s = variable.cachedSymbol
            if s >= 0, Int(s) < variables.count, variables[Int(s)]?.toOpaque() == Unmanaged.passUnretained(variable).toOpaque() { return s }
        }
        return variableSymbols.isEmpty ? nil : variableSymbols[ObjectIdentifier(variable)]
    }

    mutating func nextStamp() -> UInt32 {
        stampCounter &+= 1
        if stampCounter == 0 {
            for i in slotStamp.indices { slotStamp[i] = 0 }
            for i in scratch.indices {
                scratch[i].stamp = 0
                scratch[i].queued = 0
            }
            stampCounter = 1
        }
        return stampCounter
    }
}
