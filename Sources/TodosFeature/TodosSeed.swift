import Foundation
import HTTPKit

/// The seeded todos (api.md §7 and architecture.md §8), identical on every machine.
public enum TodosSeed {
    /// The `demo` dataset: the four todos of the TCA tutorial, `createdAt` = epoch + n minutes.
    public static let demo: [Todo] = [
        ("deadbeef-dead-beef-dead-beefdeadbeef", "Check Mail", false),
        ("cafebeef-cafe-beef-cafe-beefcafebeef", "Buy Milk", false),
        ("d00dcafe-d00d-cafe-d00d-cafed00dcafe", "Call Mom", true),
        ("f00dface-f00d-face-f00d-facef00dface", "Water the plants", true),
    ].enumerated().compactMap { index, seed in
        guard let id = UUID(strict: seed.0) else { return nil }
        let time = Timestamp.seedEpoch.adding(seconds: Int64(index) * 60)
        return Todo(id: id, description: seed.1, isComplete: seed.2, order: index, createdAt: time, updatedAt: time)
    }

    /// The `bench` dataset: 100 todos shaped like `../shared/bench/bodies/todos.json`.
    public static let bench: [Todo] = (1...100).compactMap { number in
        let suffix = String(number)
        guard
            let id = UUID(
                strict: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - suffix.count) + suffix)
        else { return nil }
        let time = Timestamp.seedEpoch.adding(seconds: Int64(number) * 60)
        return Todo(
            id: id,
            description: "Todo number \(number)",
            isComplete: number % 3 == 0,
            order: number - 1,
            createdAt: time,
            updatedAt: time
        )
    }
}
