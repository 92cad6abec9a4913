// swift-tools-version: 6.3
import PackageDescription

/// The language strictness every target shares (style.md, "Package.swift").
let strictLanguage: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// What every hand-written target builds with: the strict language and no warnings.
let strictSettings: [SwiftSetting] = strictLanguage + [.treatAllWarnings(as: .error)]

/// The scale-out profile's database (architecture.md §4.3) is a package trait, off by default: the
/// embedded build — what `Scripts/serve` runs on SQLite — compiles no SwiftNIO, BoringSSL or
/// PostgresNIO (BUILDING.md). Every PostgreSQL module's sources are inside `#if PostgreSQL`, so
/// without the trait they compile to nothing, and each depends on PostgresNIO only under it.
let postgreSQL: Set<String> = ["PostgreSQL"]

/// PostgresNIO, for a target whose PostgreSQL code is compiled only with the trait.
let postgresNIO: Target.Dependency = .product(
    name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: postgreSQL))

/// One of the PostgreSQL modules, named by a target that uses it only with the trait.
func postgresModule(_ name: String) -> Target.Dependency {
    .target(name: name, condition: .when(traits: postgreSQL))
}

let package = Package(
    name: "Counterpart",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "counterpart", targets: ["CounterpartServer"]),
        // The API as a Swift client, generated from the server's OpenAPI document: what a demo app adds.
        .library(name: "CounterpartClient", targets: ["CounterpartClient"]),
        // The newsletter's email rule (api.md §4.4), for a sign-up screen that validates as the user types.
        .library(name: "EmailRule", targets: ["EmailRule"]),
    ],
    traits: [
        .trait(
            name: "PostgreSQL",
            description: """
                Serve postgres:// databases (the scale-out profile: Scripts/cluster, compose.yaml, the image). \
                Adds SwiftNIO, BoringSSL and PostgresNIO to the build (BUILDING.md).
                """)
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(
            url: "https://github.com/pointfreeco/swift-dependencies",
            from: "1.17.1",
            traits: ["Clocks", "Foundation"]
        ),
        .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .systemLibrary(name: "CLibevent", pkgConfig: "libevent_pthreads", providers: [.apt(["libevent-dev"])]),
        // SQLite's process-wide settings, which only C can make (`sqlite3_config` is variadic).
        .target(name: "CSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "HTTPKit",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "HTTPWire",
            dependencies: ["CLibevent", "HTTPKit", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "EventHTTP",
            dependencies: [
                "CLibevent",
                "HTTPKit",
                "HTTPWire",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Reducers",
            dependencies: [
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ReducersTesting",
            dependencies: [
                "Reducers",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Storage",
            dependencies: [
                "CSQLiteSettings",
                "HTTPKit",
                "Reducers",
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C interface, for LocalReads' own connections and RowReader's column reads
                // (the library GRDB links already).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        // The scale-out profile's database (architecture.md §4.3): PostgresNIO's pooled client,
        // versioned migrations under an advisory lock, and the engine's errors as RepositoryError.
        .target(
            name: "PostgresStorage",
            dependencies: [
                "Storage",
                .product(name: "Logging", package: "swift-log"),
                postgresNIO,
                // PostgresNIO's own pool: named only to map its refusals (no code beyond PostgresNIO's).
                .product(
                    name: "_ConnectionPoolModule", package: "postgres-nio", condition: .when(traits: postgreSQL)),
            ],
            swiftSettings: strictSettings
        ),
        // Each domain's PostgreSQL backend and schema, apart from the domain so the embedded build
        // leaves them out; the app wires them in AppPostgres.
        .target(
            name: "TodosPostgres",
            dependencies: ["HTTPKit", "PostgresStorage", "Storage", "TodosFeature", postgresNIO],
            swiftSettings: strictSettings
        ),
        .target(
            name: "RepoSearchPostgres",
            dependencies: ["HTTPKit", "PostgresStorage", "RepoSearchFeature", "Storage", postgresNIO],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NewsletterPostgres",
            dependencies: ["EmailRule", "HTTPKit", "NewsletterFeature", "PostgresStorage", "Storage", postgresNIO],
            swiftSettings: strictSettings
        ),
        .target(
            name: "MapPinsPostgres",
            dependencies: ["MapPinsFeature", "PinGeometry", "PostgresStorage", "Storage", postgresNIO],
            swiftSettings: strictSettings
        ),
        // The app's PostgreSQL profile: opening a shared database, the sandboxes and the pipeline state
        // instances share, behind AppFeature's seams (SharedStores, PostgresSupport).
        .target(
            name: "AppPostgres",
            dependencies: [
                "AppFeature",
                "HTTPKit",
                "MapPinsFeature",
                "MapPinsPostgres",
                "NewsletterFeature",
                "NewsletterPostgres",
                "PinGeometry",
                "PostgresStorage",
                "RepoSearchFeature",
                "RepoSearchPostgres",
                "Storage",
                "TodosFeature",
                "TodosPostgres",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                postgresNIO,
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "TodosFeature",
            dependencies: [
                "HTTPKit",
                "Reducers",
                "Storage",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "RepoSearchFeature",
            dependencies: [
                "HTTPKit",
                "Reducers",
                "SeededRandom",
                "Storage",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        // The seeded generator behind every seeded dataset and generated test input (api.md §7).
        .target(name: "SeededRandom", swiftSettings: strictSettings),
        // Standard library only: the same rule compiles in an iOS app and in the server.
        .target(name: "EmailRule", swiftSettings: strictSettings),
        // Map pins' geometry (areas, snapping, a KD-tree, the seed) and clustering (supercluster's
        // algorithm): pure Swift, no dependency, so an app could use them as they are.
        .target(name: "PinGeometry", dependencies: ["SeededRandom"], swiftSettings: strictSettings),
        .target(name: "PinClusters", swiftSettings: strictSettings),
        .target(
            name: "MapPinsFeature",
            dependencies: [
                "HTTPKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                "PinClusters",
                "PinGeometry",
                "Reducers",
                "Storage",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NewsletterFeature",
            dependencies: [
                "EmailRule",
                "HTTPKit",
                "Reducers",
                "Storage",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AppFeature",
            dependencies: [
                "EventHTTP",
                "HTTPKit",
                "MapPinsFeature",
                "NewsletterFeature",
                "PinGeometry",
                "Reducers",
                "RepoSearchFeature",
                "Storage",
                "TodosFeature",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The API's one OpenAPI document, compiled in and served byte for byte at /openapi.json.
            resources: [.embedInCode("OpenAPI/openapi.json")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "SearchPhases",
            dependencies: [
                "HTTPKit",
                "RepoSearchFeature",
                "Storage",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "CounterpartServer",
            dependencies: [
                "AppFeature",
                postgresModule("AppPostgres"),
                "EventHTTP",
                "HTTPKit",
                "NewsletterFeature",
                "Storage",
                "TodosFeature",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CounterpartClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            // Warnings stay warnings here: the generated files (Generated/, Scripts/generate-client)
            // import modules publicly that some of them do not use, and silence that only for Swift 6.4+.
            swiftSettings: strictLanguage
        ),
        .target(
            name: "CounterpartTestSupport",
            dependencies: [
                "Storage",
                postgresModule("PostgresStorage"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                postgresNIO,
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EventHTTPTests",
            dependencies: [
                "EventHTTP", "HTTPKit", "HTTPWire", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HTTPWireTests",
            dependencies: [
                "CLibevent", "HTTPKit", "HTTPWire", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HTTPKitTests",
            dependencies: ["HTTPKit", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReducersTests",
            dependencies: [
                "Reducers",
                "ReducersTesting",
                "RepoSearchFeature",
                "TodosFeature",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AppFeatureTests",
            dependencies: [
                postgresModule("AppPostgres"),
                postgresModule("PostgresStorage"),
                postgresNIO,
                "AppFeature",
                "CounterpartClient",
                "CounterpartTestSupport",
                "EventHTTP",
                "HTTPKit",
                "MapPinsFeature",
                "NewsletterFeature",
                "PinGeometry",
                "Reducers",
                "ReducersTesting",
                "RepoSearchFeature",
                "Storage",
                "TodosFeature",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TodosFeatureTests",
            dependencies: [
                postgresModule("TodosPostgres"),
                "CounterpartTestSupport",
                "HTTPKit",
                postgresModule("PostgresStorage"),
                "Reducers",
                "ReducersTesting",
                "Storage",
                "TodosFeature",
                postgresNIO,
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RepoSearchFeatureTests",
            dependencies: [
                postgresModule("RepoSearchPostgres"),
                postgresNIO,
                "CounterpartTestSupport",
                "HTTPKit",
                postgresModule("PostgresStorage"),
                "Reducers",
                "ReducersTesting",
                "SeededRandom",
                "RepoSearchFeature",
                "Storage",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EmailRuleTests", dependencies: ["EmailRule", "SeededRandom"], swiftSettings: strictSettings),
        .testTarget(
            name: "PinGeometryTests", dependencies: ["PinGeometry", "SeededRandom"], swiftSettings: strictSettings),
        .testTarget(
            name: "PinClustersTests", dependencies: ["PinClusters", "SeededRandom"], swiftSettings: strictSettings),
        .testTarget(
            name: "MapPinsFeatureTests",
            dependencies: [
                postgresModule("MapPinsPostgres"),
                postgresNIO,
                "CounterpartTestSupport",
                "HTTPKit",
                postgresModule("PostgresStorage"),
                "MapPinsFeature",
                "PinClusters",
                "PinGeometry",
                "Reducers",
                "ReducersTesting",
                "Storage",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "CounterpartTestSupport",
                postgresModule("PostgresStorage"),
                "Storage",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                postgresNIO,
                .product(
                    name: "_ConnectionPoolModule", package: "postgres-nio", condition: .when(traits: postgreSQL)),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NewsletterFeatureTests",
            dependencies: [
                postgresModule("NewsletterPostgres"),
                "CounterpartTestSupport",
                "EmailRule",
                postgresModule("PostgresStorage"),
                postgresNIO,
                "HTTPKit",
                "NewsletterFeature",
                "Reducers",
                "ReducersTesting",
                "Storage",
                .product(name: "CasePathsCore", package: "swift-case-paths"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CounterpartServerTests",
            dependencies: [
                "CounterpartServer",
                "Storage",
                "CounterpartTestSupport",
                postgresModule("PostgresStorage"),
                postgresNIO,
            ],
            swiftSettings: strictSettings
        ),
    ]
)
