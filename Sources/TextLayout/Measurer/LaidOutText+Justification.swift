extension LaidOutText.Line {
    /// The number of word spaces between the line's first and last glyphs that are not spaces (the
    /// spaces justification stretches).
    public var justifiableSpaces: Int {
        var count = 0, pending = 0, seenInk = false
        for run in runs {
            for space in run.isWordSpace {
                if space {
                    if seenInk { pending += 1 }
                } else {
                    seenInk = true
                    count += pending
                    pending = 0
                }
            }
        }
        return count
    }

    /// The line justified to `width`, as UILabel's `.justified` draws every line of a paragraph but
    /// its last: the room left (`width` less the measured width) is shared out equally between the
    /// word spaces inside the line (``justifiableSpaces``), each glyph after a space moved right
    /// by its share. The line as it is when it ends its paragraph, has no inner space, or is as
    /// wide as `width` already.
    public func justified(to width: Double) -> LaidOutText.Line {
        let spaces = justifiableSpaces
        guard !endsParagraph, spaces > 0, width > self.width else { return self }
        let extra = (width - self.width) / Double(spaces)
        var out = self
        var shift = 0.0, pending = 0.0, seenInk = false
        // Runs and glyphs are in visual order: left to right.
        for r in out.runs.indices {
            for g in out.runs[r].glyphs.indices {
                if out.runs[r].isWordSpace[g] {
                    out.runs[r].positions[g].x += shift
                    if seenInk { pending += extra }
                } else {
                    shift += pending
                    pending = 0
                    seenInk = true
                    out.runs[r].positions[g].x += shift
                }
            }
        }
        out.width = width
        return out
    }
}
