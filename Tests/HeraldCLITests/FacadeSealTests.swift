import Foundation
import Testing

/// The facade is the only door (Docs/decisions.md, D39): a front end that writes `import Herald`
/// can name entities, view models, intents, routes, the Container and the facade's use cases, and
/// cannot name a store, fetcher or parser port or the composition root's services. Checked two
/// ways: the compiler type-checks probe files against the built `Herald` module with the very flags
/// SwiftPM compiled `HeraldCLI` with, and the front ends' sources import nothing but the facade.
extension CLISuite {
@Suite("The facade is the only door")
struct FacadeSealTests {
    /// The names a front end must not be able to name through `import Herald`.
    static let sealed = [
        // Ports (HeraldPorts).
        "FeedStoring", "ArticleStoring", "ArticleSearching", "StoreObserving", "StoreArchiving", "UserManaging",
        "FeedFetching", "FeedParsing", "HTMLRendering", "HTMLSanitizing", "FeedQueueing", "FetchLedgering",
        "HolderProbing", "FeedRefreshing", "FeedSubscribing", "FeedDiscovering", "SubscriptionListConverting",
        "AccountStoring", "ArticleExtracting", "CredentialHashing", "FullTextStoring", "NewsboatHomeReading",
        "RefreshHooking", "FeedIconStoring", "TagStoring", "RuleRecording", "DownloadQueueStoring", "EnclosureDownloading",
        // The composition root and the concrete services.
        "HeraldServices", "ModuleFactory", "ServiceOverrides", "ConfigurationLoader", "DatabaseMaintenance",
        "SQLiteStore", "PostgresStore", "HTTPFeedFetcher", "LibXMLFeedParser", "StoreFactory", "OpenedStore",
        "DownloadQueueFile", "HTTPEnclosureDownloader",
        // (`StoreMigration` is a use case in HeraldInteractors: a front end may name it, and cannot
        // build one, since its initialiser takes the archive ports.)
    ]

    /// The modules a front-end target may import.
    static let allowedImports: Set<String> = [
        "Herald", "HeraldTerminal", "HeraldWeb", "Foundation", "FoundationEssentials", "Glibc", "Musl", "Dispatch",
        "Synchronization", "ArgumentParser", "Hummingbird", "HTTPTypes", "ServiceLifecycle", "Logging", "CNcurses",
        "HeraldSync",
        "HeraldCLI",
    ]

    /// The folders that hold front ends.
    static let frontEnds = ["Sources/HeraldCLI", "Sources/HeraldWeb", "Sources/HeraldTerminal", "Sources/HeraldSync", "Sources/herald",
                            "Examples"]

    @Test("A front end that names a port, a service or the composition root does not compile")
    func sealedNamesDoNotCompile() async throws {
        guard let compiler = try FrontEndCompiler.fromBuildManifest() else { return }
        var probe = "import Herald\n"
        for (index, name) in Self.sealed.enumerated() {
            probe += "func probe\(index)(_ value: \(name)) {}\n"
        }
        probe += "func probeServices(_ herald: Herald) { _ = herald.services; _ = herald.modules }\n"
        let result = try await compiler.typecheck(probe)
        #expect(result.status != 0, "the probe naming sealed types compiled")
        for name in Self.sealed {
            #expect(result.output.contains("cannot find type '\(name)' in scope"),
                    "a front end can name \(name) through `import Herald`")
        }
        #expect(result.output.contains("'services' is inaccessible"), "a front end can reach Herald.services")
        #expect(result.output.contains("'modules' is inaccessible"), "a front end can reach Herald.modules")
    }

    @Test("What a front end needs compiles through `import Herald` alone")
    func frontEndVocabularyCompiles() async throws {
        guard let compiler = try FrontEndCompiler.fromBuildManifest() else { return }
        let probe = """
            import Herald
            func screens(_ herald: Herald, display: any ScreenDisplaying) async throws {
                let module: ScreenModule = herald.module(for: Route.feeds, display: display)
                await module.appear()
                let model: ScreenViewModel = .none
                _ = model
                let filter = ArticleFilter(unreadOnly: true)
                _ = herald.articleListScreen(filter, display: display)
                let feeds: [Feed] = try await herald.feeds()
                _ = feeds
                let state: ContainerState? = nil
                _ = state
                let error: HeraldError = .notFound("x")
                _ = error.message
                let format: BodyFormat = .html
                _ = format
                let router = Router(root: .feeds)
                _ = router
            }
            """
        let result = try await compiler.typecheck(probe)
        #expect(result.status == 0, "the front-end probe does not compile:\n\(result.output)")
    }

    @Test("Front-end sources import the facade and their own libraries only")
    func frontEndsImportTheFacadeOnly() throws {
        let root = Locations.packageRoot
        var offending: [String] = []
        var files = 0
        for folder in Self.frontEnds {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                files += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                for module in Self.imports(in: text) where !Self.allowedImports.contains(module) {
                    offending.append("\(url.path.dropFirst(root.path.count + 1)) imports \(module)")
                }
            }
        }
        #expect(files > 50, "the front-end folders were not found under \(root.path)")
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }

    @Test("The facade re-exports no port, service or composition module")
    func facadeReExportsNoServices() throws {
        let sources = Locations.packageRoot.appendingPathComponent("Sources")
        // Each module's `@_exported import`s, then what `Herald` re-exports, transitively.
        var reExports: [String: Set<String>] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            guard let walker = FileManager.default.enumerator(at: sources.appendingPathComponent(module),
                                                              includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("@_exported import ") {
                    let words = line.split(separator: " ")
                    // `@_exported import struct M.T` names one declaration, not the module.
                    if words.count == 3 { reExports[module, default: []].insert(String(words[2])) }
                }
            }
        }
        var seen: Set<String> = []
        var pending = ["Herald"]
        while let module = pending.popLast() {
            for next in reExports[module, default: []] where seen.insert(next).inserted { pending.append(next) }
        }
        #expect(seen.contains("HeraldDomain"), "the facade should re-export the entities: \(seen.sorted())")
        let forbidden: Set = ["HeraldComposition", "HeraldPorts", "HeraldStore", "HeraldPostgres", "HeraldFetching",
                              "HeraldParsing"]
        #expect(seen.isDisjoint(with: forbidden), "the facade re-exports \(seen.intersection(forbidden).sorted())")
    }

    /// The module names of a file's top-level `import` lines (`import struct M.T` counts as M).
    static func imports(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "internal", "package", "private",
                                                                       "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { return nil }
            let name = words.count >= 3 ? words[2] : words[1]
            return String(name.split(separator: ".").first ?? "")
        }
    }
}
}

/// `swiftc -typecheck` with the module search paths and C module maps SwiftPM compiled the
/// `HeraldCLI` front end with (read from the build manifest `.build/debug.yaml`), so a probe file
/// sees exactly the modules a front end sees.
struct FrontEndCompiler {
    let arguments: [String]

    /// The compiler of the manifest `swift build` wrote, or nil (the test is skipped, with why) when
    /// there is none; under CI a missing manifest is a failure.
    static func fromBuildManifest() throws -> FrontEndCompiler? {
        let candidates = [
            Locations.herald.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent(),
            Locations.herald.deletingLastPathComponent().deletingLastPathComponent(),
            Locations.packageRoot.appendingPathComponent(".build"),
        ].map { $0.appendingPathComponent("debug.yaml") }
        guard let manifest = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            let why = "no build manifest at \(candidates.map(\.path)); the facade's compile probes were skipped"
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record(Comment(rawValue: why)) }
            print(why)
            return nil
        }
        let text = try String(contentsOf: manifest, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.contains(#""-module-name","HeraldCLI""#) }),
              let open = line.firstIndex(of: "["),
              let data = String(line[open...]).data(using: .utf8),
              let all = try JSONSerialization.jsonObject(with: data) as? [String] else {
            Issue.record("The build manifest \(manifest.path) has no compile command for HeraldCLI")
            return nil
        }
        return FrontEndCompiler(arguments: Self.searchArguments(from: all))
    }

    /// The arguments that decide what a source file can see: the compiler, `-I`, `-F`, `-target`,
    /// `-sdk`, `-swift-version`, `-D`, features and every `-Xcc` pair; not sources nor outputs.
    static func searchArguments(from all: [String]) -> [String] {
        var kept = [all[0]]
        var index = 1
        let withValue: Set = ["-I", "-F", "-target", "-sdk", "-swift-version", "-Xcc", "-enable-upcoming-feature",
                              "-enable-experimental-feature", "-resource-dir", "-Xfrontend"]
        while index < all.count {
            let argument = all[index]
            if withValue.contains(argument), index + 1 < all.count {
                kept += [argument, all[index + 1]]
                index += 2
                continue
            }
            if argument.hasPrefix("-D") || argument.hasPrefix("-I") && argument.count > 2 {
                kept.append(argument)
            }
            index += 1
        }
        return kept
    }

    /// Type-checks `source` as a module of its own, in a child process (the test's threads are not
    /// held while it runs). - Returns: The exit status and the diagnostics.
    func typecheck(_ source: String) async throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-facade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Probe.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: arguments[0]),
            arguments: Array(arguments.dropFirst()) + ["-typecheck", "-module-name", "FrontEndProbe", file.path],
            environment: ProcessInfo.processInfo.environment, directory: folder, stdin: nil, scratch: folder)
        let result = await child.finish(timeout: .seconds(300))
        return (result.timedOut ? -1 : result.status, result.stdout + result.stderr)
    }
}
