import CellSpecs
import Foundation

/// A 64-bit FNV-1a hash that is the same in every process, on every machine: what a saved cache
/// keys content and templates by (Swift's `Hasher` is seeded anew in each process).
///
/// Rules:
/// 1. Bytes are hashed one at a time: `h = (h ^ byte) &* 0x100000001b3`, from `0xcbf29ce484222325`.
/// 2. A string is its UTF-8 bytes and then a 0 byte, so that `["ab", "c"]` and `["a", "bc"]` differ.
/// 3. A data item (`DataItem`) is its fields in ascending key order, each the key (rule 2), a tag
///    byte (`s`tring, `n`umber, `b`ool, `0` null) and the value: a string by rule 2, a number as
///    the 8 little-endian bytes of its IEEE 754 bits (-0 as 0), a bool as one byte.
public struct StableHash: Hashable, Sendable {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet.
    public init() {}

    /// Adds bytes (rule 1).
    public mutating func combine<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        var h = value
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        value = h
    }

    /// Adds a string and its terminating 0 byte (rule 2).
    public mutating func combine(_ string: String) {
        var s = string
        s.withUTF8 { combine(bytes: $0) }
        combine(bytes: CollectionOfOne(0))
    }

    /// Adds a 64-bit integer as its 8 little-endian bytes.
    public mutating func combine(_ n: UInt64) {
        var h = value
        for i in 0..<8 { h = (h ^ ((n >> (8 * UInt64(i))) & 0xff)) &* 0x0000_0100_0000_01b3 }
        value = h
    }

    /// Adds a data item's fields in ascending key order (rule 3).
    public mutating func combine(_ item: DataItem) {
        for key in item.keys.sorted() {
            combine(key)
            switch item[key]! {
            case let .string(s): combine(bytes: CollectionOfOne(UInt8(ascii: "s"))); combine(s)
            case let .number(n): combine(bytes: CollectionOfOne(UInt8(ascii: "n"))); combine((n == 0 ? 0 : n).bitPattern)
            case let .bool(b): combine(bytes: [UInt8(ascii: "b"), b ? 1 : 0])
            case .null: combine(bytes: CollectionOfOne(UInt8(ascii: "0")))
            }
        }
    }

    /// The stable hash of a data item's bound content (rule 3).
    public static func of(_ item: DataItem) -> UInt64 {
        var h = StableHash()
        h.combine(item)
        return h.value
    }

    /// The stable hash of bytes (a spec file's, say).
    public static func of(bytes: Data) -> UInt64 {
        var h = StableHash()
        h.combine(bytes: bytes)
        return h.value
    }

    /// The hash as 16 lowercase hexadecimal digits, as saved caches write it.
    public static func hex(_ value: UInt64) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
