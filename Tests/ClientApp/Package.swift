// swift-tools-version: 6.1
import PackageDescription

/// This repository added to an app as an app adds it: `swift build --package-path Tests/ClientApp`
/// compiles what an app that uses CounterpartClient and EmailRule compiles, and nothing of the server.
let package = Package(
    name: "ClientApp",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [
        // Named, so the products are found whatever this checkout's folder is called (a path
        // dependency's identity is its folder's name).
        .package(name: "Counterpart", path: "../..")
    ],
    targets: [
        .target(
            name: "ClientApp",
            dependencies: [
                .product(name: "CounterpartClient", package: "Counterpart"),
                .product(name: "EmailRule", package: "Counterpart"),
            ]
        )
    ]
)
