extension Duration {
    /// The duration in milliseconds, fractions kept (`Server-Timing`, logs, the journal).
    public var inMilliseconds: Double {
        // Read once: each read of `components` divides a 128-bit count of attoseconds.
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
