// swift-tools-version: 6.1
// Herald: a news-aggregator engine. The dependency lists below are the layer rule
// of Docs/architecture.md: Domain depends on nothing; services and interactors know
// Domain only; Composition is the one place that knows every concrete type.
import PackageDescription

let package = Package(
    name: "Herald",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Herald", targets: ["Herald"]),
        .executable(name: "herald", targets: ["herald"]),
        .executable(name: "herald-benchmarks", targets: ["HeraldBenchmarks"]),
        .executable(name: "unread-digest", targets: ["UnreadDigest"]),
        .executable(name: "herald-fuzz", targets: ["HeraldFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // TLS settings of the fetchers (already built for AsyncHTTPClient): pinned `https`
        // connections, and the tests' own certificate authority.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // The web front end's server (`herald serve`); its default traits pull swift-configuration,
        // which Herald does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
        // Hummingbird's own service runner: the web front end ends its event streams on Ctrl-C with it.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // The PostgreSQL store (`--db postgres://…`): the client, its connection pool and TLS.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // The logging API of the ecosystem (already built for AsyncHTTPClient and PostgresNIO): each
        // refresh writes its journal through it (Docs/refresh.md, "The refresh log").
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Accounts of the sync APIs: scrypt password hashes, SHA-256 token digests, Fever's md5 key
        // (already built for PostgresNIO's SCRAM sign-in, so it adds no build time).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // ncursesw, linked by the module map (its pkg-config flags only add -D flags SwiftPM rejects).
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        // zlib, to inflate gzip documents served without `Content-Encoding` (the parser's only use).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "HeraldDomain"),
        // The ports services implement and interactors call (stores, fetcher, parser, renderer,
        // sanitiser, queue, ledger). Not re-exported by the facade: a front end cannot name them.
        .target(name: "HeraldPorts", dependencies: ["HeraldDomain"]),
        .target(name: "HeraldParsing", dependencies: [
            "HeraldDomain", "HeraldPorts", "CLibXML2", "CZlib",
            // The system SQLite (a module map only), to read newsboat's cache.db.
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // What both stores share: the column codec and the article row mapping by name.
        .target(name: "HeraldStoreCore", dependencies: ["HeraldDomain"]),
        .target(
            name: "HeraldStore",
            dependencies: [
                "HeraldDomain", "HeraldPorts", "HeraldStoreCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The same ports as HeraldStore, on PostgreSQL (several users and refresh workers share one
        // database: Docs/scale.md).
        .target(
            name: "HeraldPostgres",
            dependencies: [
                "HeraldDomain", "HeraldPorts", "HeraldStoreCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .target(
            name: "HeraldFetching",
            dependencies: [
                "HeraldDomain", "HeraldPorts",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The cryptography of accounts (CredentialHashing) on swift-crypto.
        .target(
            name: "HeraldCredentials",
            dependencies: [
                "HeraldDomain", "HeraldPorts",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(name: "HeraldInteractors",
                dependencies: ["HeraldDomain", "HeraldPorts", .product(name: "Logging", package: "swift-log")]),
        .target(name: "HeraldPresenters", dependencies: ["HeraldDomain", "HeraldInteractors"]),
        .target(name: "HeraldRouting", dependencies: ["HeraldDomain"]),
        .target(name: "HeraldContainer", dependencies: ["HeraldDomain"]),
        // What a user can configure and the config file's grammar: pure text to settings, with no
        // file, environment or service (ConfigurationLoader in Composition reads those), so the
        // `config` fuzz target builds without NIO, AsyncHTTPClient or PostgreSQL.
        .target(name: "HeraldSettings", dependencies: ["HeraldDomain"]),
        .target(
            name: "HeraldComposition",
            dependencies: [
                "HeraldDomain", "HeraldPorts", "HeraldSettings", "HeraldParsing", "HeraldStore", "HeraldPostgres", "HeraldFetching",
                "HeraldCredentials",
                "HeraldInteractors", "HeraldPresenters", "HeraldRouting", "HeraldContainer",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The facade other front ends import: one file that is the public API.
        .target(
            name: "Herald",
            dependencies: [
                "HeraldDomain", "HeraldComposition", "HeraldInteractors", "HeraldPresenters",
                "HeraldRouting", "HeraldContainer", "HeraldSettings",
            ]
        ),
        // The interactive reader: pure views, the key map, the session, and the one backend that
        // touches the terminal (ncursesw).
        .target(name: "HeraldTerminal", dependencies: ["Herald", "CNcurses"]),
        // The web front end: pages rendered on the server from the same view models, intents and
        // routes as the terminal reader, served by Hummingbird.
        .target(
            name: "HeraldWeb",
            dependencies: [
                "Herald",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The sync APIs (Miniflux's REST API; Google Reader and Fever next) on `herald serve`: a front
        // end like the others, through the facade only.
        .target(
            name: "HeraldSync",
            dependencies: [
                "Herald",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "HeraldCLI",
            dependencies: [
                "Herald", "HeraldTerminal", "HeraldWeb", "HeraldSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "herald", dependencies: ["HeraldCLI"]),
        // libFuzzer targets over the parsers (scripts/fuzz builds them with -DFUZZING and the
        // fuzzer and address sanitizers); a normal build makes a replayer of saved inputs.
        .executableTarget(name: "HeraldFuzz",
                          dependencies: ["HeraldParsing", "HeraldDomain", "HeraldPorts", "HeraldStore", "HeraldSettings", "CLibXML2"],
                          path: "Fuzz/HeraldFuzz"),
        .executableTarget(
            name: "HeraldBenchmarks",
            dependencies: [
                "HeraldDomain", "HeraldPorts", "HeraldParsing", "HeraldStore", "HeraldFetching",
                "HeraldInteractors", "HeraldTestSupport", "CLibXML2", "Herald", "HeraldTerminal", "HeraldWeb",
                "HeraldComposition", "HeraldPostgres", "HeraldSync", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "UnreadDigest",
            dependencies: ["Herald"],
            path: "Examples/UnreadDigest"
        ),
        // Test helpers shared by the test targets and the benchmarks: a real HTTP
        // server on 127.0.0.1, fixture lookup, in-memory fakes behind Domain ports.
        .target(
            name: "HeraldTestSupport",
            dependencies: [
                "HeraldDomain", "HeraldPorts",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .testTarget(name: "HeraldDomainTests", dependencies: ["HeraldDomain", "HeraldStoreCore"]),
        .testTarget(name: "HeraldParsingTests", dependencies: ["HeraldParsing", "HeraldTestSupport", "CLibXML2"]),
        .testTarget(name: "HeraldStoreTests", dependencies: ["HeraldStore", "HeraldStoreCore", "HeraldTestSupport"]),
        .testTarget(name: "HeraldPostgresTests", dependencies: ["HeraldPostgres"]),
        // The store behaviour both backends must share, run over each (SQLite, and PostgreSQL when
        // HERALD_TEST_POSTGRES_URL names a server: scripts/postgres).
        .testTarget(
            name: "HeraldStoreBackendTests",
            dependencies: [
                "HeraldStore", "HeraldPostgres", "HeraldPorts", "HeraldComposition", "HeraldInteractors", "HeraldTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(name: "HeraldFetchingTests", dependencies: [
            "HeraldFetching", "HeraldTestSupport", .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]),
        .testTarget(name: "HeraldInteractorsTests", dependencies: [
            "HeraldInteractors", "HeraldPorts", "HeraldTestSupport", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "HeraldPresentersTests", dependencies: ["HeraldPresenters", "HeraldTestSupport"]),
        .testTarget(name: "HeraldRoutingTests", dependencies: ["HeraldRouting"]),
        .testTarget(name: "HeraldContainerTests", dependencies: ["HeraldContainer"]),
        .testTarget(name: "HeraldSettingsTests", dependencies: ["HeraldSettings"]),
        .testTarget(name: "HeraldCompositionTests",
                    dependencies: ["HeraldComposition", "HeraldTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "HeraldTests", dependencies: ["Herald", "HeraldTestSupport"]),
        .testTarget(name: "HeraldTerminalTests", dependencies: ["HeraldTerminal", "HeraldTestSupport"]),
        .testTarget(
            name: "HeraldWebTests",
            dependencies: [
                "HeraldWeb", "HeraldTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "HeraldCLITests",
            // The system SQLite (a module map) to flag articles in newsboat's own cache.db, as newsboat does.
            dependencies: ["HeraldCLI", "HeraldTestSupport", .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "HeraldSyncTests",
            dependencies: [
                "HeraldSync", "Herald", "HeraldTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // md5 for the Fever API's key, computed the way its clients do.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
