import ConcurrencyExtras
public import Dependencies

/// Where new tokens come from: the system's cryptographic generator live, a counter in tests.
///
/// `SystemRandomNumberGenerator` reads the kernel's CSPRNG (`getrandom` on Linux,
/// `SecRandomCopyBytes`' source on Apple platforms), which api.md §4.2 asks for.
public struct TokenGenerator: Sendable {
    /// A fresh token.
    public var next: @Sendable () -> NewsletterToken

    /// Creates a generator.
    public init(next: @escaping @Sendable () -> NewsletterToken) {
        self.next = next
    }

    /// 32 bytes from the system's cryptographic generator.
    /// 32 bytes from the system's cryptographic generator, drawn 64 bits at a time (each draw is a
    /// system call).
    public static let system = TokenGenerator {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return NewsletterToken(randomBytes: bytes)
    }

    /// Tokens 1, 2, 3…: each call's bytes are its number, so tests can name the tokens they expect.
    public static func counting() -> TokenGenerator {
        let counter = LockIsolated<UInt8>(0)
        return TokenGenerator {
            let number = counter.withValue { value in
                value &+= 1
                return value
            }
            return NewsletterToken(randomBytes: Array(repeating: number, count: 32))
        }
    }
}

extension TokenGenerator: DependencyKey {
    public static let liveValue = TokenGenerator.system
    public static var testValue: TokenGenerator { .counting() }
}

extension DependencyValues {
    /// The source of confirm and unsubscribe tokens.
    public var tokenGenerator: TokenGenerator {
        get { self[TokenGenerator.self] }
        set { self[TokenGenerator.self] = newValue }
    }
}
