// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Loupe",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "loupe", targets: ["loupe"]),
        .library(name: "LoupeCore", targets: ["LoupeCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "LoupeCore",
            dependencies: [
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "loupe",
            dependencies: [
                "LoupeCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "loupe-bench",
            dependencies: ["LoupeCore"]
        ),
        .testTarget(
            name: "LoupeCoreTests",
            dependencies: [
                "LoupeCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
