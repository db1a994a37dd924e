// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for Loupe's parsers of outside bytes (issue 15). A package of its own so that
// the main `swift build` and `make test` never build sanitized binaries; `make fuzz`
// (scripts/fuzz.sh) builds it with `--sanitize fuzzer -Xswiftc -sanitize=fuzzer,address` in
// .build-fuzz. Each executable is one fuzzer: libFuzzer supplies `main` and calls the target's
// `LLVMFuzzerTestOneInput`.

/// One fuzzer executable, in Sources/<name>.
func fuzzer(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies)
}

let package = Package(
    name: "LoupeFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Loupe", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(name: "CFuzzZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "LoupeCore", package: "Loupe"),
                .product(name: "LoupeRedaction", package: "Loupe"),
                .product(name: "LoupeExport", package: "Loupe"),
            ]
        ),
        fuzzer("FuzzSSEParser", [.product(name: "LoupeCore", package: "Loupe")]),
        fuzzer("FuzzFilter", [.product(name: "LoupeCore", package: "Loupe")]),
        fuzzer("FuzzRuleFile", [.product(name: "LoupeRedaction", package: "Loupe")]),
        fuzzer("FuzzHAR", [.product(name: "LoupeExport", package: "Loupe")]),
        fuzzer("FuzzNDJSON", [.product(name: "LoupeExport", package: "Loupe")]),
        fuzzer("FuzzZipBundle", [.product(name: "LoupeExport", package: "Loupe")]),
        fuzzer("FuzzJSONRedactor", [.product(name: "LoupeRedaction", package: "Loupe")]),
        fuzzer("FuzzBodyDecoding", ["CFuzzZlib", .product(name: "LoupeRedaction", package: "Loupe")]),
        fuzzer("FuzzHeaders", [.product(name: "LoupeRedaction", package: "Loupe")]),
        fuzzer("FuzzWebSocketFrames", [
            .product(name: "LoupeProxy", package: "Loupe"),
            .product(name: "LoupeCore", package: "Loupe"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        fuzzer("FuzzProxyRequest", [
            .product(name: "LoupeProxy", package: "Loupe"),
            .product(name: "LoupeCore", package: "Loupe"),
            .product(name: "LoupeRedaction", package: "Loupe"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ]),
    ]
)
