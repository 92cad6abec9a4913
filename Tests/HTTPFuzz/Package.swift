// swift-tools-version: 6.3
import PackageDescription

/// The request reader under libFuzzer, built apart from the server so that its sanitizer build
/// compiles only what the reader needs: HTTPWire, HTTPKit and swift-http-types (their sources are
/// the server's own, linked into `Sources/`). `Scripts/fuzz-http` builds and runs it with
/// `-sanitize=fuzzer,address`, passed on the command line as style.md asks.
let package = Package(
    name: "HTTPFuzz",
    dependencies: [.package(url: "https://github.com/apple/swift-http-types", from: "1.8.0")],
    targets: [
        .systemLibrary(name: "CLibevent", pkgConfig: "libevent_pthreads", providers: [.apt(["libevent-dev"])]),
        .target(name: "HTTPKit", dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")]),
        .target(
            name: "HTTPWire",
            dependencies: ["CLibevent", "HTTPKit", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        .executableTarget(
            name: "HTTPWireFuzzer",
            dependencies: [
                "CLibevent", "HTTPKit", "HTTPWire", .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
