import CFontconfig

/// The few fontconfig calls the library makes: matching a description, listing a PostScript name,
/// adding a directory. Callers hold ``FontLibrary``'s lock: a configuration is not thread-safe.
enum Fontconfig {
    /// A face fontconfig found, with the names and style it reports for it.
    struct Found {
        var path: String
        var index: Int
        /// Every family name of the face, the typographic family first ("Inter", "Inter Semi Bold").
        var families: [String]
        var style: String
        var postScriptName: String
        /// OpenType weight, 100...900 (400 regular).
        var weight: Int
        var isItalic: Bool

        /// Whether one of the face's families is `family`, ignoring case and spaces as fontconfig does.
        func hasFamily(_ family: String) -> Bool {
            let asked = Fontconfig.folded(family)
            return families.contains { Fontconfig.folded($0) == asked }
        }
    }

    /// A name as fontconfig compares family names: lowercased, without spaces.
    static func folded(_ name: String) -> String {
        name.lowercased().filter { $0 != " " }
    }

    /// The face fontconfig's rules give a description: the family asked for when it has it, else a
    /// substitute (its default sans-serif). Nil only when the configuration has no font at all.
    static func match(_ config: OpaquePointer?, family: String, weight: Int, italic: Bool, language: String?) -> Found? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(family, FC_FAMILY, to: pattern)
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        if let language { add(language, FC_LANG, to: pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        return describe(found)
    }

    /// The face whose PostScript name is `name` (ignoring case), or nil when no face has it.
    static func face(_ config: OpaquePointer?, postScriptName name: String) -> Found? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(name, FC_POSTSCRIPT_NAME, to: pattern)
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        for object in [FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, FC_POSTSCRIPT_NAME, FC_WEIGHT, FC_SLANT] {
            _ = FcObjectSetAdd(objects, object)
        }
        guard let set = FcFontList(config, pattern, objects) else { return nil }
        defer { FcFontSetDestroy(set) }
        // Several files may carry the name (a font installed twice): the first, in path order, so
        // that every run picks the same one.
        let faces = (0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0].flatMap(describe) }
        return faces.filter { $0.postScriptName.lowercased() == name.lowercased() }
            .min { ($0.path, $0.index) < ($1.path, $1.index) }
    }

    /// Adds font files to a configuration's application fonts; the number of faces it added (0
    /// when none was a font), or nil when fontconfig could read none of them.
    static func addFiles(_ config: OpaquePointer?, _ paths: [String]) -> Int? {
        let before = applicationFaceCount(config)
        var read = false
        for path in paths {
            let ok = path.withCString {
                FcConfigAppFontAddFile(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
            }
            if ok != 0 { read = true }
        }
        guard read || paths.isEmpty else { return nil }
        return applicationFaceCount(config) - before
    }

    private static func applicationFaceCount(_ config: OpaquePointer?) -> Int {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return 0 }
        return Int(set.pointee.nfont)
    }

    private static func add(_ value: String, _ object: String, to pattern: OpaquePointer) {
        _ = value.withCString { FcPatternAddString(pattern, object, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
    }

    /// A found pattern's file, names and style; nil without a file.
    private static func describe(_ pattern: OpaquePointer) -> Found? {
        guard let path = string(pattern, FC_FILE, 0) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        var families: [String] = []
        while let family = string(pattern, FC_FAMILY, Int32(families.count)) { families.append(family) }
        var weight = Double(FC_WEIGHT_REGULAR)
        if FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight) != FcResultMatch {
            var w: Int32 = 0
            if FcPatternGetInteger(pattern, FC_WEIGHT, 0, &w) == FcResultMatch { weight = Double(w) }
        }
        var slant = Int32(FC_SLANT_ROMAN)
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        return Found(path: path, index: Int(index), families: families, style: string(pattern, FC_STYLE, 0) ?? "",
                     postScriptName: string(pattern, FC_POSTSCRIPT_NAME, 0) ?? "",
                     weight: Int(FcWeightToOpenTypeDouble(weight).rounded()), isItalic: slant != Int32(FC_SLANT_ROMAN))
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
