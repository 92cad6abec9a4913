extension Duration {
    /// The duration in milliseconds, fractions kept (`Server-Timing`, logs, the journal).
    public var inMilliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
