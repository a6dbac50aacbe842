// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "journal",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "journal", targets: ["journal"]),
        .library(name: "JournalKit", targets: ["JournalKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .target(name: "Git", dependencies: ["CGit2"]),
        // libcurl through dlopen, for the weather: no command that stays off the network loads it.
        .target(name: "CFetch", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "JournalKit",
            dependencies: [
                "Git", "CFetch", .product(name: "Yams", package: "Yams"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "journal",
            dependencies: [
                "JournalKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Ink", package: "Ink"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(name: "GitTests", dependencies: ["Git"]),
        .testTarget(name: "JournalKitTests", dependencies: ["JournalKit", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "journalTests", dependencies: ["journal"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
