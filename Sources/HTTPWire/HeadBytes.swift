#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The bytes of a head as they sit in libevent's buffer, read in place.
typealias HeadBytes = Slice<UnsafeRawBufferPointer>

/// Scans read a head's bytes as a raw buffer: a slice checks each index it reads, ~20 instructions a
/// byte on every byte of every field.
extension HeadBytes {
    /// Whether `byte` is whitespace a field may hold around its value or options (RFC 9110 §5.6.3).
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// The index of the first `byte`, if there is one.
    func firstIndex(ofByte byte: UInt8) -> Int? {
        UnsafeRawBufferPointer(rebasing: self).firstIndex(of: byte).map { startIndex + $0 }
    }

    /// The index of the first `byte`, found with `memchr` (vectorized): for spans as long as a
    /// request target, which a byte loop walked at ~5 instructions a byte.
    func scanIndex(ofByte byte: UInt8) -> Int? {
        base.firstOffset(of: byte, in: startIndex..<endIndex)
    }

    /// Whether every byte is visible ASCII (0x21–0x7E), tested eight bytes at a time: a word has a
    /// byte below 0x21 when subtracting 0x21 from each borrows into a high bit its byte lacked, and
    /// one above 0x7E when adding 0x01 to each sets a high bit, or one was set already.
    var isVisibleASCII: Bool {
        let bytes = UnsafeRawBufferPointer(rebasing: self)
        let (ones, highs) = (UInt64(0x0101_0101_0101_0101), UInt64(0x8080_8080_8080_8080))
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let below = (word &- ones &* 0x21) & ~word & highs
            let above = ((word &+ ones) | word) & highs
            guard below | above == 0 else { return false }
            offset += 8
        }
        return bytes[offset...].allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Whether every byte satisfies `predicate`.
    func allBytesSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        UnsafeRawBufferPointer(rebasing: self).allSatisfy(predicate)
    }

    /// The first byte that satisfies `predicate`, if there is one.
    func firstByte(where predicate: (UInt8) -> Bool) -> UInt8? {
        UnsafeRawBufferPointer(rebasing: self).first(where: predicate)
    }

    /// Whether these bytes are exactly `literal`'s, case and all.
    func spells(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { spells(UnsafeRawBufferPointer($0)) }
    }

    /// Whether these bytes are exactly `other`, compared by offset in place: `elementsEqual` walked
    /// both through generic iterators, ~200 instructions for a method or a field name.
    func spells(_ other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        let bytes = UnsafeRawBufferPointer(rebasing: self)
        for offset in 0..<count where bytes[offset] != other[offset] { return false }
        return true
    }
}

extension UnsafeRawBufferPointer {
    /// The offset of the first `byte` in `range`, found with `memchr`: the scan the head's lines
    /// and its request line share (HTTPKit's target split has its own, since a call across
    /// modules cost more than a short line's scan).
    func firstOffset(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard let base = baseAddress, !range.isEmpty,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
