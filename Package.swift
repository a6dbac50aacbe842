// swift-tools-version:6.1
import PackageDescription

/// libgit2 and the libraries it needs linked in from their static archives (Debian's libgit2-dev brings them
/// all): loading libgit2's tree of shared libraries (mbedTLS, libssh2 with OpenSSL's libcrypto, PCRE2, …) cost
/// every run about 2 ms of CPU before `main`, git or not. GSSAPI, which Debian ships shared only, is opened on
/// first use (`CGitTLS/gssapi.c`) instead of being linked. mbedTLS's two certificate loaders are wrapped
/// (`CGitTLS`), so that libgit2 reads the CA bundle when a command goes to the network, not whenever it starts;
/// and libgit2's checksum of whole files (the 10 MB index of a large journal, read by every commit) is computed
/// with libcrypto's SHA-1, which uses the CPU's SHA instructions.
let staticLibgit2 = ["git2", "mbedtls", "mbedx509", "mbedcrypto", "http_parser", "ssh2", "crypto", "pcre2-8", "z"]
    .flatMap { ["-Xlinker", "-l:lib\($0).a"] } + ["-Xlinker", "-lrt"]
    + ["mbedtls_x509_crt_parse_file", "mbedtls_x509_crt_parse_path", "git_hash_buf"].flatMap { ["-Xlinker", "--wrap=\($0)"] }

/// The executable is linked by lld (in every Swift toolchain for Linux) with its relative relocations packed
/// (DT_RELR, glibc 2.36): 122,000 of them, 2.9 MB of `.rela.dyn` that the loader read on every start, are 25 KB.
/// gold, the default, cannot pack them.
let packedRelocations = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]

/// A release build's executables take libstdc++ from its static archive where `make build` has set it aside
/// (`.build/static-libstdc++`, the only file there), and export none of their own symbols. The shared
/// libstdc++ was loaded, relocated and initialized at every start; `-export-dynamic`, which the toolchain
/// links with, put 16,500 symbols in the dynamic table that no one looks up, and that the runtime's `dladdr`
/// searched one by one. Together: `list -n 20` 5.45 → 4.42 ms, `--version` 4.0 → 3.0 ms (BENCHMARKS run N).
/// Without that folder (a plain `swift build -c release` on a fresh clone) the shared libstdc++ is linked.
let releaseLinking = ["-Xlinker", "--no-export-dynamic", "-L", Context.packageDirectory + "/.build/static-libstdc++"]

/// The commit `journal --version` names: the Makefile passes it as JOURNAL_COMMIT (`git rev-parse`, plus
/// `-dirty` for uncommitted changes). Only the one-file C target below is compiled with it, so a new commit
/// recompiles that file and relinks, nothing else; a plain `swift build` leaves it out.
let commit = String((Context.environment["JOURNAL_COMMIT"] ?? "").filter { $0.isASCII && ($0.isHexDigit || "-dirty".contains($0)) }.prefix(64))

let package = Package(
    name: "journal",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "journal", targets: ["journal"]),
        .executable(name: "journal-serve", targets: ["journal-serve"]),
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
        // The web view's server, in `journal-serve` only: no other command loads SwiftNIO.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        // HTTPS for `journal serve --listen`, in `journal-serve` only (its own BoringSSL: see BENCHMARKS.md).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // libgit2's link-time wrappers: the CA bundle loaded on the first network operation, not when libgit2
        // starts (certificates.c); whole-file checksums with the CPU's SHA instructions (checksums.c); GSSAPI opened
        // on first use (gssapi.c).
        .target(name: "CGitTLS", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "Git", dependencies: ["CGit2", "CGitTLS"],
            linkerSettings: [.unsafeFlags(staticLibgit2, .when(platforms: [.linux]))]),
        .target(name: "CBuildInfo", cSettings: commit.isEmpty ? [] : [.define("JOURNAL_COMMIT", to: "\"\(commit)\"")]),
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
                .product(name: "Ink", package: "Ink"),
            ]
        ),
        .executableTarget(
            name: "journal",
            dependencies: [
                "JournalKit", "CBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                .unsafeFlags(packedRelocations, .when(platforms: [.linux])),
                .unsafeFlags(releaseLinking, .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        .target(
            name: "JournalWeb",
            dependencies: ["JournalKit", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdCore", package: "hummingbird"),
                           .product(name: "HummingbirdTLS", package: "hummingbird"),
                           .product(name: "NIOSSL", package: "swift-nio-ssl")]
        ),
        .executableTarget(
            name: "journal-serve",
            dependencies: ["JournalWeb", "JournalKit"],
            linkerSettings: [
                .unsafeFlags(packedRelocations, .when(platforms: [.linux])),
                .unsafeFlags(releaseLinking, .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // What the test targets share: running a program (the binary, the git program) and the fake weather server.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "GitTests", dependencies: ["Git", "TestSupport"]),
        .testTarget(name: "JournalKitTests", dependencies: ["JournalKit", "TestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(
            name: "journalTests", dependencies: ["journal", "journal-serve", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

