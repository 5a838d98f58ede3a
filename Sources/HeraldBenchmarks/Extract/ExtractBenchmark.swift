import CLibXML2
import Foundation
import HeraldDomain
import HeraldParsing

/// `herald-benchmarks extract --pages DIR [--repetitions N] [--process-pages N]`: the article
/// extractor on a folder of pages (each `*/source.html`, the layout of Mozilla's Readability test
/// pages), against a bare libxml2 HTML parse (`htmlReadMemory` and `xmlFreeDoc`) of the same
/// bytes in the same run. Per page the best of N repetitions is kept; the report gives the
/// median, p90, p99 and the slowest page, the ratio to the bare parse, then the whole `herald
/// extract --json` process (wall time, peak memory over the runtime's own, as a multiple of the page).
enum ExtractBenchmark {
    struct PageTiming {
        let name: String
        let bytes: Int
        let bare: Double
        let extract: Double
    }

    /// Runs the benchmark on the pages under `pagesFolder`, keeping the best of `repetitions` per
    /// page, then the whole process on `processPages` of them (none when 0); exits 2 without pages.
    static func run(pagesFolder: String, repetitions: Int, processPages: Int) {
        let pages = pageFiles(in: pagesFolder)
        guard !pages.isEmpty else {
            FileHandle.standardError.write(Data("""
                no pages under \(pagesFolder): mkdir -p .build/extraction && tar -xJf ../shared/extraction/mozilla-readability-pages.tar.xz -C .build/extraction

                """.utf8))
            exit(2)
        }
        let extractor = LibXMLArticleExtractor()
        var timings: [PageTiming] = []
        var words = 0
        for (name, path) in pages {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            var bare = Double.infinity
            var extract = Double.infinity
            for _ in 0..<repetitions {
                bare = min(bare, time { bareParse(data) })
                extract = min(extract, time {
                    words &+= extractor.extractArticle(from: data, pageURL: "http://fakehost/test/page.html", charset: nil).text.utf8.count
                })
            }
            timings.append(PageTiming(name: name, bytes: data.count, bare: bare, extract: extract))
        }
        let totalBytes = timings.reduce(0) { $0 + $1.bytes }
        print("herald-benchmarks extract: \(timings.count) pages, \(String(format: "%.1f", Double(totalBytes) / 1_048_576)) MB, "
              + "median page \(String(format: "%.0f", percentile(timings.map { Double($0.bytes) }, 0.5) / 1024)) KB; "
              + "best of \(repetitions) per page (checksum \(words % 1000))")
        print("| figure | bare libxml2 HTML parse | herald extraction | ratio |")
        print("|---|---|---|---|")
        for (label, fraction) in [("median page", 0.5), ("p90", 0.9), ("p99", 0.99), ("slowest", 1.0)] {
            let bare = percentile(timings.map(\.bare), fraction)
            let extract = percentile(timings.map(\.extract), fraction)
            print("| \(label) | \(ms(bare)) | \(ms(extract)) | \(String(format: "%.1f", extract / bare))x |")
        }
        let bareSum = timings.reduce(0) { $0 + $1.bare }
        let extractSum = timings.reduce(0) { $0 + $1.extract }
        print("| all pages | \(ms(bareSum)) | \(ms(extractSum)) | \(String(format: "%.1f", extractSum / bareSum))x |")
        let slowest = timings.max { $0.extract < $1.extract }!
        print("slowest page: \(slowest.name) (\(slowest.bytes / 1024) KB) \(ms(slowest.extract))")
        print("goals: median < 5 ms, p99 < 50 ms")
        reportProcess(timings: timings, pages: Dictionary(uniqueKeysWithValues: pages), count: processPages)
    }

    /// The whole `herald extract --json FILE` process on the largest pages and a sample of the rest.
    private static func reportProcess(timings: [PageTiming], pages: [String: String], count: Int) {
        guard count > 0 else { return }
        guard let herald = ParseCommandBenchmark.heraldExecutable() else {
            return print("whole process: skipped, no release herald beside this binary (swift build -c release --product herald)")
        }
        guard let version = ParseCommandBenchmark.throughHelper([herald, "--version"]) else {
            return print("whole process: the child failed")
        }
        // The baselines of memory: each process on a page of a sentence, so the code an extract
        // loads (libxml2's HTML parser, the extractor) is the runtime's, not the page's.
        let tiny = NSTemporaryDirectory() + "herald-extract-tiny-\(getpid()).html"
        try? Data(tinyPage.utf8).write(to: URL(fileURLWithPath: tiny))
        defer { try? FileManager.default.removeItem(atPath: tiny) }
        let this = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        guard let runtime = ParseCommandBenchmark.throughHelper([herald, "extract", tiny, "--json"]),
              let treeRuntime = ParseCommandBenchmark.throughHelper([this, "extract-tree", tiny]),
              let anonymousRuntime = medianAnonymousPeak([herald, "extract", tiny, "--json"], runs: 7) else {
            return print("whole process: the child failed on a tiny page")
        }
        let bySize = timings.sorted { $0.bytes > $1.bytes }
        let stride = max(1, bySize.count / max(1, count))
        let sample = Array(bySize.prefix(5)) + Swift.stride(from: 5, to: bySize.count, by: stride).map { bySize[$0] }
        var seconds: [Double] = []
        var memory: [PageMemory] = []
        // Every page of 256 KB or more is weighed for memory (below that a page is lost in the
        // allocator's own growth); the timing sample is the largest pages and a stride of the rest.
        let weighed = Set(bySize.filter { $0.bytes >= 256 * 1024 }.map(\.name))
        let timed = Set(sample.prefix(count).map(\.name))
        for timing in bySize where timed.contains(timing.name) || weighed.contains(timing.name) {
            guard let path = pages[timing.name],
                  let run = ParseCommandBenchmark.throughHelper(
                      [herald, "extract", path, "--json", "--url", "http://fakehost/test/page.html"]), run.succeeded
            else { return print("whole process: herald extract failed on \(timing.name)") }
            if timed.contains(timing.name) { seconds.append(run.seconds) }
            guard weighed.contains(timing.name) else { continue }
            let tree = ParseCommandBenchmark.throughHelper([this, "extract-tree", path])
                .map { Double(max(0, $0.peakKilobytes - treeRuntime.peakKilobytes)) * 1024 / Double(timing.bytes) } ?? 0
            let anonymous = medianAnonymousPeak([herald, "extract", path, "--json", "--url", "http://fakehost/test/page.html"],
                                                runs: 5) ?? 0
            memory.append(PageMemory(name: timing.name, bytes: timing.bytes,
                                     over: Double(max(0, run.peakKilobytes - runtime.peakKilobytes)) * 1024,
                                     peakMegabytes: Double(run.peakKilobytes) / 1024, tree: tree,
                                     anonymousOver: Double(max(0, anonymous - anonymousRuntime)) * 1024))
        }
        print("whole process (herald extract --json, \(seconds.count) pages, the 5 largest included): "
              + "median \(ms(percentile(seconds, 0.5))), p90 \(ms(percentile(seconds, 0.9))), slowest \(ms(percentile(seconds, 1))) "
              + "(goal < 30 ms a page); `herald --version` alone: \(ms(version.seconds))")
        reportMemory(memory, runtime: runtime, version: version)
        reportAnonymousMemory(memory, runtime: anonymousRuntime)
    }

    /// The median over `runs` of the child's highest anonymous resident memory, in kilobytes.
    private static func medianAnonymousPeak(_ command: [String], runs: Int) -> Int? {
        var peaks: [Int] = []
        for _ in 0 ..< runs {
            guard let run = ParseCommandBenchmark.throughHelper(command, watchingAnonymousMemory: true), run.succeeded else { return nil }
            peaks.append(run.peakAnonymousKilobytes)
        }
        return peaks.sorted()[peaks.count / 2]
    }

    /// The memory that grows with the page: anonymous memory (the heap, the page, libxml2's
    /// buffers, the output) over the one-sentence page's; the pages of code and libraries the
    /// extraction touches (`RssFile`, which `ru_maxrss` counts) are the runtime's.
    private static func reportAnonymousMemory(_ memory: [PageMemory], runtime: Int) {
        guard let worst = memory.max(by: { $0.anonymousRatio < $1.anonymousRatio }) else { return }
        let ratios = memory.map(\.anonymousRatio)
        func x(_ value: Double) -> String { String(format: "%.1f", value) + "x" }
        print("anonymous memory (RssAnon, median of 5 runs, read in a loop while the child runs) over the one-sentence "
              + "page's (\(String(format: "%.1f", Double(runtime) / 1024)) MB, median of 7), all \(memory.count) pages of 256 KB "
              + "or more: median \(x(percentile(ratios, 0.5))), \(ratios.filter { $0 < 4 }.count) of \(memory.count) under 4x, "
              + "at most \(x(worst.anonymousRatio)) the page (\(worst.name), \(worst.bytes / 1024) KB; goal < 4x)")
        for page in memory.sorted(by: { $0.anonymousRatio > $1.anonymousRatio }).prefix(5) {
            print("  \(page.name): \(page.bytes / 1024) KB, \(x(page.anonymousRatio)) anonymous, \(x(page.ratio)) by ru_maxrss")
        }
    }

    /// One page's peak memory over the runtime's, beside libxml2's bare tree of it.
    private struct PageMemory {
        let name: String
        let bytes: Int
        /// Peak resident set over the one-sentence page's, in bytes.
        let over: Double
        let peakMegabytes: Double
        /// libxml2's tree alone, as a multiple of the page.
        let tree: Double
        /// Anonymous memory over the one-sentence page's, in bytes.
        let anonymousOver: Double

        var ratio: Double { over / Double(bytes) }
        var anonymousRatio: Double { anonymousOver / Double(bytes) }
    }

    private static func reportMemory(_ memory: [PageMemory], runtime: ParseCommandBenchmark.Run,
                                     version: ParseCommandBenchmark.Run) {
        guard let worst = memory.max(by: { $0.ratio < $1.ratio }),
              let worstTree = memory.max(by: { $0.tree < $1.tree }) else {
            return print("peak memory: no page of 256 KB or more")
        }
        let ratios = memory.map(\.ratio)
        let within = ratios.filter { $0 < 4 }.count
        func x(_ value: Double) -> String { String(format: "%.1f", value) + "x" }
        print("peak memory over an extract of a one-sentence page (\(String(format: "%.1f", Double(runtime.peakKilobytes) / 1024)) MB; "
              + "`herald --version` \(String(format: "%.1f", Double(version.peakKilobytes) / 1024)) MB), "
              + "all \(memory.count) pages of 256 KB or more: median \(x(percentile(ratios, 0.5))), "
              + "\(within) of \(memory.count) under 4x, at most \(x(worst.ratio)) the page (\(worst.name), "
              + "\(worst.bytes / 1024) KB, ru_maxrss \(String(format: "%.1f", worst.peakMegabytes)) MB; goal < 4x), "
              + "where libxml2's tree alone takes \(x(worst.tree)); libxml2's tree alone at most \(x(worstTree.tree)) (\(worstTree.name))")
        for page in memory.sorted(by: { $0.ratio > $1.ratio }).prefix(5) {
            print("  \(page.name): \(page.bytes / 1024) KB, \(x(page.ratio)) (libxml2's tree alone \(x(page.tree)))")
        }
    }

    /// The page of the memory baselines.
    private static let tinyPage = "<html><head><title>Tiny</title></head><body><article><p>One sentence of text, "
        + "so that the extractor runs its whole path on a page of almost nothing.</p></article></body></html>"

    /// libxml2 builds the tree of the page at `path` and frees it: a child process whose peak
    /// memory is the tree's (`extract-tree`).
    static func buildTree(of path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        bareParse(data)
    }

    /// `NAME/source.html` under the folder, by name.
    private static func pageFiles(in folder: String) -> [(String, String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            let path = folder + "/" + name + "/source.html"
            return FileManager.default.fileExists(atPath: path) ? (name, path) : nil
        }
    }

    /// The baseline: libxml2 builds and frees the page's tree (the extractor's own parse options).
    private static func bareParse(_ data: Data) {
        let options = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_COMPACT.rawValue
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let document = htmlReadMemory(base, Int32(raw.count), nil, "UTF-8", Int32(options)) else { return }
            xmlFreeDoc(document)
        }
    }

    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded(.up)))
        return sorted[index]
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
}
