extension String {
    /// Writes the string's UTF-8 at the start of `buffer`, which holds at least as many bytes;
    /// returns how many it wrote. For the values a head's writer puts in place without first making
    /// a string of them (`ConventionFields.Value`), where a value that is text is copied as it is.
    @inlinable
    public func writeUTF8(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var text = self
        return text.withUTF8 { bytes in
            precondition(
                buffer.count >= bytes.count, "\(bytes.count) bytes of text need as much room, not \(buffer.count).")
            return UnsafeMutableBufferPointer(rebasing: buffer[..<bytes.count]).initialize(fromContentsOf: bytes)
        }
    }
}
