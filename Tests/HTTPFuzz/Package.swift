// swift-tools-version: 6.3
import PackageDescription

/// The request reader under libFuzzer, built apart from the server so that its sanitizer build
/// compiles only what the reader needs: HTTPWire, HTTPKit and swift-http-types (their sources are
/// the server's own, linked into `Sources/`). `Scripts/fuzz-http` builds and runs it with
/// `-sanitize=fuzzer,address`, passed on the command line as style.md asks.
/// The root package's language settings: the same sources must compile the same way here.
let strictLanguage: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "HTTPFuzz",
    dependencies: [.package(url: "https://github.com/apple/swift-http-types", from: "1.8.0")],
    targets: [
        .systemLibrary(name: "CLibevent", pkgConfig: "libevent_pthreads", providers: [.apt(["libevent-dev"])]),
        .target(name: "CLibFuzzer"),
        .target(
            name: "HTTPKit",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictLanguage
        ),
        .target(
            name: "HTTPWire",
            dependencies: ["CLibevent", "HTTPKit", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strictLanguage
        ),
        .executableTarget(
            name: "HTTPWireFuzzer",
            dependencies: [
                "CLibevent", "CLibFuzzer", "HTTPKit", "HTTPWire",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictLanguage
        ),
    ]
)
