// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Loupe",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "loupe", targets: ["loupe"]),
        .library(name: "LoupeCore", targets: ["LoupeCore"]),
        .library(name: "LoupeRedaction", targets: ["LoupeRedaction"]),
        .library(name: "LoupeClient", targets: ["LoupeClient"]),
        .library(name: "ChatAPI", targets: ["ChatAPI"]),
        .library(name: "ChatBackend", targets: ["ChatBackend"]),
        .executable(name: "loupe-sample-backend", targets: ["loupe-sample-backend"]),
        .library(name: "LoupeExport", targets: ["LoupeExport"]),
        .library(name: "LoupeServer", targets: ["LoupeServer"]),
        .library(name: "LoupeConsole", targets: ["LoupeConsole"]),
        .library(name: "LoupeProxy", targets: ["LoupeProxy"]),
        .library(name: "ChatClient", targets: ["ChatClient"]),
        .library(name: "ChatDemo", targets: ["ChatDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", exact: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Loupe's local certificate authority (LoupeProxy/TLS): the root and the leaves it signs.
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        // WebSocketClient (LoupeClient) and the sample backend's /ws endpoint.
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        // HTTP/2 in the proxy (client and upstream legs).
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        // A real gRPC client and server for the proxy's HTTP/2 tests (tests only).
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    ],
    targets: [
        .target(
            name: "LoupeCore",
            dependencies: [
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        .systemLibrary(
            name: "CLoupeZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "LoupeRedaction",
            dependencies: [
                "LoupeCore",
                "CPCRE2",
                "CLoupeZlib",
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "LoupeClient",
            dependencies: [
                "LoupeCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCompression", package: "swift-websocket"),
            ]
        ),
        // LoupeExport also depends on LoupeRedaction (DESIGN.md lists LoupeCore + ZIPFoundation):
        // the verification pass re-scans everything written with the rule set before a file is
        // finalized, and imported files are redacted on the way in.
        .target(
            name: "LoupeExport",
            dependencies: [
                "LoupeCore",
                "LoupeRedaction",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // The digest of a binary WebSocket message imported from another tool's HAR.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "LoupeServer",
            dependencies: [
                "LoupeCore",
                "LoupeExport",
                "LoupeRedaction",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The web inspector's page, embedded in the binary (LogAPIServer+Inspector.swift).
            resources: [
                .embedInCode("Inspector/index.html"),
                .embedInCode("Inspector/inspector.js"),
                .embedInCode("Inspector/inspector.css"),
            ]
        ),
        .systemLibrary(
            name: "CNCurses",
            // No pkgConfig: ncursesw.pc only adds -D flags SwiftPM refuses (a warning on every
            // build); the module map links ncursesw, whose Debian linker script pulls in tinfo.
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        .target(
            name: "LoupeConsole",
            dependencies: [
                "LoupeCore",
                "LoupeExport",
                // The export key's verification pass takes a RuleSet (LoupeExport depends on it too).
                "LoupeRedaction",
                "LoupeClient",
                "CNCurses",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "LoupeProxy",
            dependencies: [
                "LoupeCore",
                "LoupeRedaction",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                // WebSocket frames read along a relayed connection (LoupeProxy/WebSocket).
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "loupe",
            dependencies: [
                "LoupeCore",
                "LoupeRedaction",
                "LoupeClient",
                "LoupeExport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                "LoupeConsole",
                .product(name: "Logging", package: "swift-log"),
                "LoupeProxy",
                "LoupeServer",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "ChatDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The labelled redaction corpus (issue 13): generator and evaluator, shared by the
        // redaction tests and loupe-bench's recall benchmark.
        .target(name: "RedactionCorpus", dependencies: ["LoupeCore", "LoupeRedaction"], path: "Tests/RedactionCorpus",
                exclude: ["README.md"]),
        .executableTarget(
            name: "loupe-bench",
            dependencies: [
                "LoupeCore", "LoupeRedaction", "LoupeExport", "LoupeConsole", "LoupeProxy", "RedactionCorpus",
                // The WebSocket benchmark: the sample backend's /ws echo and LoupeClient's client.
                "ChatBackend", "LoupeClient",
                // The inspector benchmark serves a log to headless Chromium.
                "LoupeServer",
                // The HTTPS benchmark's load generator (CONNECT through a proxy, then TLS).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The HTTP/2 benchmark's origin.
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
            ]
        ),
        .executableTarget(
            name: "loupe-profile",
            dependencies: [
                "LoupeCore", "LoupeRedaction", "LoupeProxy", "LoupeExport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Starting and stopping the in-process servers of the network test suites.
        .target(
            name: "TestServerSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/TestServerSupport"
        ),
        .testTarget(
            name: "LoupeCoreTests",
            dependencies: [
                "LoupeCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LoupeRedactionTests",
            dependencies: [
                "LoupeRedaction",
                "RedactionCorpus",
                "TestServerSupport",  // only Duration.scaledForTests, for the pathological-input limit
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]  // read from disk by path (#filePath), not compiled or bundled
        ),
        .testTarget(
            name: "LoupeClientTests",
            dependencies: [
                "TestServerSupport",
                "LoupeClient",
                "LoupeRedaction",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Sample chat app (samples/): shared DTOs, a Hummingbird backend with fault knobs, its CLI.
        .target(name: "ChatAPI", path: "samples/ChatAPI"),
        .target(
            name: "ChatBackend",
            dependencies: [
                "ChatAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSCompression", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "samples/ChatBackend"
        ),
        .executableTarget(
            name: "loupe-sample-backend",
            dependencies: [
                "ChatBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "samples/loupe-sample-backend"
        ),
        .target(
            name: "ChatClient",
            dependencies: [
                "ChatAPI",
                "LoupeClient",
                "LoupeCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "samples/ChatClient"
        ),
        .testTarget(
            name: "ChatClientTests",
            dependencies: [
                "TestServerSupport",
                "ChatClient",
                "ChatAPI",
                "ChatBackend",
                "LoupeClient",
                "LoupeRedaction",
                "LoupeCore",
                // The sample backend's /ws behind the proxy, with the WebSocketClient.
                "LoupeProxy",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // `loupe demo`: the sample backend, a reverse proxy and the log API sharing one log, and
        // the scripted session that drives traffic into it.
        .target(
            name: "ChatDemo",
            dependencies: [
                "ChatAPI",
                "ChatBackend",
                "ChatClient",
                "LoupeClient",
                "LoupeCore",
                "LoupeProxy",
                "LoupeServer",
                "LoupeRedaction",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "samples/ChatDemo"
        ),
        .testTarget(
            name: "ChatDemoTests",
            dependencies: [
                "ChatDemo",
                "LoupeCore",
                "LoupeExport",
                "LoupeRedaction",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ChatBackendTests",
            dependencies: [
                "ChatBackend",
                "ChatAPI",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "LoupeExportTests",
            dependencies: [
                "LoupeExport",
                "LoupeRedaction",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Fixtures"]  // read from disk by path (#filePath)
        ),
        .testTarget(
            name: "LoupeServerTests",
            dependencies: [
                "LoupeServer",
                "LoupeExport",
                "LoupeRedaction",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "LoupeConsoleTests",
            dependencies: [
                "TestServerSupport",
                "LoupeConsole",
                "LoupeExport",
                "LoupeRedaction",
                "LoupeServer",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "LoupeProxyTests",
            dependencies: [
                "TestServerSupport",
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                "LoupeProxy",
                "LoupeRedaction",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
