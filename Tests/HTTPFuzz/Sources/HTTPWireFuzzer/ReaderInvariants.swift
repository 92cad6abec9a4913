/// What libFuzzer checks of one input, read by the production reader as the server reads a
/// connection's bytes, with the server's limits (`WireFeed`).
///
/// AddressSanitizer catches a read past any buffer; the checks here catch what it cannot see. The
/// same bytes, handed over in two pieces split anywhere, must give the same requests and the same
/// refusal as in one piece: a reader whose answer depends on how TCP cut the stream is one a
/// client can steer. And no body is longer than the limit allows.
enum ReaderInvariants {
    static func check(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let whole = WireFeed.read(bytes)
        for message in whole.messages {
            precondition(message.body.count <= WireFeed.maxBodyBytes, "a body beyond --max-body-bytes was read")
        }
        guard size > 1 else { return 0 }
        let splits = [size / 2, 1 + Int(bytes[size - 1]) % (size - 1)]
        for split in splits {
            let pieces = WireFeed.read(bytes, splitAt: [split])
            precondition(pieces == whole, "split at \(split) of \(size): \(pieces) instead of \(whole)")
        }
        return 0
    }
}
