// swift-tools-version: 6.1
import PackageDescription

/// Only the generator that writes Sources/CounterpartClient/Generated: Scripts/generate-client runs its
/// executable (`swift run --package-path Tests/ClientGeneration swift-openapi-generator generate …`),
/// so neither the server's build nor an app's compiles OpenAPIKit, Yams or the generator.
let package = Package(
    name: "ClientGeneration",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
