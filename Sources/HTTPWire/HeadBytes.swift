/// The bytes of a head as they sit in libevent's buffer, read in place.
typealias HeadBytes = Slice<UnsafeRawBufferPointer>

extension HeadBytes {
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
