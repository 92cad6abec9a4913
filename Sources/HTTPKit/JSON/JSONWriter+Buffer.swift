extension JSONWriter {
    /// Makes room for `extra` more bytes, growing the buffer geometrically.
    @inlinable
    mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(toFit: extra) }
    }

    @usableFromInline
    mutating func grow(toFit extra: Int) {
        let newCapacity = Swift.max(count + extra, capacity * 2, 64)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let start {
            grown.initialize(from: start, count: count)
            if ownsBuffer { start.deallocate() }
        }
        start = grown
        capacity = newCapacity
        ownsBuffer = true
    }

    /// Appends one byte into room made by `reserve`.
    @inlinable
    mutating func put(_ byte: UInt8) {
        precondition(count < capacity, "JSONWriter: a byte written beyond the room reserved")
        start.unsafelyUnwrapped[count] = byte
        count &+= 1
    }

    /// Appends `bytes` into room made by `reserve`.
    @inlinable @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= capacity &- count, "JSONWriter: bytes written beyond the room reserved")
        // Nothing to copy also covers a writer that has no buffer yet.
        guard !bytes.isEmpty, let source = bytes.baseAddress else { return }
        let target = start.unsafelyUnwrapped + count
        if bytes.count <= 32 {
            Self.copySmall(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(target), count: bytes.count)
        } else {
            target.initialize(from: source, count: bytes.count)
        }
        count &+= bytes.count
    }

    /// Copies 1–32 bytes with two overlapping loads and stores of the widest word that fits, inline:
    /// most pieces of JSON are that short (a member's name, a number, a `true`, a todo's fragments),
    /// and a call to `memmove` for each cost more than the copy (measured on an uncached list of 100
    /// todos).
    @inlinable
    static func copySmall(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        func copy<Word>(_: Word.Type) {
            let tail = count &- MemoryLayout<Word>.size
            let head = source.loadUnaligned(as: Word.self)
            let last = source.loadUnaligned(fromByteOffset: tail, as: Word.self)
            target.storeBytes(of: head, as: Word.self)
            target.storeBytes(of: last, toByteOffset: tail, as: Word.self)
        }
        switch count {
        case 16...: copy(SIMD16<UInt8>.self)
        case 8...: copy(UInt64.self)
        case 4...: copy(UInt32.self)
        case 2...: copy(UInt16.self)
        default: target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        }
    }

    /// Appends a literal's UTF-8 into room made by `reserve`.
    @inlinable @inline(__always)
    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the bytes `body` writes into the next `maxCount` bytes of room made by `reserve`.
    @inlinable
    mutating func appendWritten(upTo maxCount: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        precondition(maxCount <= capacity &- count, "JSONWriter: room for a piece not reserved")
        guard maxCount > 0 else { return }
        let written = body(UnsafeMutableBufferPointer(start: start.unsafelyUnwrapped + count, count: maxCount))
        precondition((0...maxCount).contains(written), "JSONWriter: a piece longer than its \(maxCount) bytes")
        count &+= written
    }

    /// Appends a comma if a value came before, into room made by `reserve`.
    @inlinable
    mutating func separate() {
        if needsComma { put(UInt8(ascii: ",")) }
    }

    /// Appends the decimal digits of `value` into room made by `reserve` (20 bytes at most).
    @usableFromInline
    mutating func appendDigits(_ value: Int64) {
        // One or two digits, the most common numbers (a list's orders, counts), without the loop.
        if value >= 0, value < 100 {
            if value >= 10 { put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)) }
            return put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
        }
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits.
        withUnsafeMutableBytes(of: &digits) { buffer in
            var first = buffer.count
            repeat {
                first -= 1
                buffer[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            put(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[first...]))
        }
    }
}
