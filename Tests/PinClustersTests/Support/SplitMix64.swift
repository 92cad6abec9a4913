import SeededRandom

extension SplitMix64 {
    mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// A random version-4 UUID string, lower case.
    mutating func nextUUIDString() -> String {
        let high = next()
        let low = next()
        func hex(_ value: UInt64, digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return [
            hex(high >> 32, digits: 8),
            hex((high >> 16) & 0xFFFF, digits: 4),
            hex(0x4000 | (high & 0x0FFF), digits: 4),
            hex(0x8000 | ((low >> 48) & 0x3FFF), digits: 4),
            hex(low & 0xFFFF_FFFF_FFFF, digits: 12),
        ].joined(separator: "-")
    }
}
