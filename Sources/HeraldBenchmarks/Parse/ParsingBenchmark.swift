import CLibXML2
import Foundation
import HeraldDomain
import HeraldParsing

/// `herald-benchmarks parse`: generates a large RSS 2.0 feed (and an Atom one), parses the same
/// bytes with a bare libxml2 SAX pass that only counts events and with `LibXMLFeedParser` into
/// Domain values, and reports MB/s, the ratio and the peak memory of a full parse measured in
/// a child process (VmHWM of a process that only read the file and parsed it); then the whole
/// `herald parse --json` process on the same file (``ParseCommandBenchmark``).
enum ParsingBenchmark {
    /// The hidden sub-command the child process runs.
    static let childMode = "parse-child"

    /// Runs the benchmark on feeds of `items` items, each pass `repetitions` times; with `keep` it
    /// also leaves the generated documents in that folder (rss.xml, atom.xml) for profiling
    /// `herald parse` by hand.
    static func run(items: Int, repetitions: Int, keep: String?) {
        print("Parsing benchmark: \(items) items, \(repetitions) repetitions each, best and median shown")
        for (name, file, document) in [("RSS 2.0", "rss.xml", FeedGenerator.rss(items: items)),
                                       ("Atom 1.0", "atom.xml", FeedGenerator.atom(items: items))] {
            if let keep { try? document.write(to: URL(fileURLWithPath: keep).appendingPathComponent(file)) }
            measure(name, document, repetitions: repetitions)
        }
    }

    /// Measures one document: bare SAX and library passes alternating, then the child processes.
    private static func measure(_ name: String, _ document: Data, repetitions: Int) {
        let megabytes = Double(document.count) / 1_048_576
        print("\n\(name): \(String(format: "%.1f", megabytes)) MB")
        // The two passes alternate so that a noisy machine slows both alike.
        var bareTimes: [Double] = [], fullTimes: [Double] = [], releaseTimes: [Double] = []
        var events = 0, parsedItems = 0
        let parser = LibXMLFeedParser()
        for _ in 0..<repetitions {
            let (bareSeconds, count) = time { BareSAXPass.countEvents(document) }
            bareTimes.append(bareSeconds)
            events = count
            // The feed is released after the clock stops: freeing 12,000 items is not parsing
            // (and `herald parse` skips it by exiting), while the bare pass has nothing to free.
            var kept: ParsedFeed?
            let (fullSeconds, items) = time {
                kept = try? parser.parseFeed(document, documentURL: "https://bench.example.com/feed", transportCharset: nil)
                return kept?.items.count ?? -1
            }
            releaseTimes.append(time { kept = nil }.0)
            fullTimes.append(fullSeconds)
            parsedItems = items
        }
        let bare = megabytes / bareTimes.min()!, full = megabytes / fullTimes.min()!
        let bareMedian = megabytes / median(bareTimes), fullMedian = megabytes / median(fullTimes)
        print("  bare libxml2 SAX pass : \(format(bare)) MB/s best, \(format(bareMedian)) MB/s median (\(events) events)")
        print("  LibXMLFeedParser      : \(format(full)) MB/s best, \(format(fullMedian)) MB/s median (\(parsedItems) items)")
        print("  release of the feed   : \(String(format: "%.1f", 1000 * median(releaseTimes))) ms median, after the clock stops (with it the ratio would be "
              + "\(String(format: "%.0f", 100 * megabytes / (fullTimes.min()! + releaseTimes.min()!) / bare))% best)")
        print("  ratio full/bare       : \(String(format: "%.0f", 100 * full / bare))% best, \(String(format: "%.0f", 100 * fullMedian / bareMedian))% median (goal ≥ 55%)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-\(ProcessInfo.processInfo.processIdentifier).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try document.write(to: file)
        } catch {
            return print("  could not write the document for the child processes (\(error))")
        }
        peakMemory(of: file, megabytes: megabytes)
        ParseCommandBenchmark.report(file: file.path, megabytes: megabytes, bareBest: bare, bareMedian: bareMedian,
                                     repetitions: max(3, repetitions))
    }

    /// Runs one full parse of `file` in a child process and reads its peak resident size.
    private static func peakMemory(of file: URL, megabytes: Double) {
        do {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = [childMode, file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let numbers = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard numbers.count == 2 else { return print("  peak memory           : child failed (\(output))") }
            let (before, after) = (numbers[0] / 1024, numbers[1] / 1024)
            print("  peak memory (child)   : VmHWM \(format(before)) MB after reading the file, \(format(after)) MB after parsing")
            print("                          parse added \(format(after - before)) MB = \(String(format: "%.2f", (after - before) / megabytes))x the document; whole process \(String(format: "%.2f", after / megabytes))x (goal < 3x)")
            let mapped = Process()
            mapped.executableURL = process.executableURL
            mapped.arguments = [childMode, file.path, "--mapped"]
            let mappedPipe = Pipe()
            mapped.standardOutput = mappedPipe
            try mapped.run()
            let mappedOutput = String(decoding: mappedPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            mapped.waitUntilExit()
            let mappedNumbers = mappedOutput.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard mappedNumbers.count == 2 else { return print("  peak memory (mapped)  : child failed (\(mappedOutput))") }
            let mappedPeak = mappedNumbers[1] / 1024
            print("  peak memory (mapped)  : VmHWM \(format(mappedPeak)) MB parsing the file with parseFeed(fileAtPath:) = "
                  + "\(String(format: "%.2f", mappedPeak / megabytes))x the document (goal < 3x)")
        } catch {
            print("  peak memory           : could not run the child process (\(error))")
        }
    }

    /// The child: read the file, note VmHWM, parse it fully, note VmHWM again; prints both in kB.
    /// With `--mapped` it parses the file with `parseFeed(fileAtPath:)` (mapped, let go as read).
    static func runChild(_ arguments: [String]) {
        if arguments.count > 1, arguments[1] == "--mapped" {
            let before = peakResidentKilobytes()
            let feed = try? LibXMLFeedParser().parseFeed(fileAtPath: arguments[0], documentURL: nil, transportCharset: nil)
            let after = peakResidentKilobytes()
            return withExtendedLifetime(feed) { print("\(before) \(after)") }
        }
        guard let path = arguments.first, let data = FileManager.default.contents(atPath: path) else { exit(1) }
        let before = peakResidentKilobytes()
        let feed = try? LibXMLFeedParser().parseFeed(data, documentURL: nil, transportCharset: nil)
        let after = peakResidentKilobytes()
        withExtendedLifetime(feed) { print("\(before) \(after)") }
    }

    private static func peakResidentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    private static func time<T>(_ body: () -> T) -> (Double, T) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = body()
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, result)
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// The baseline: libxml2's push parser with the same options and chunking as the feed
/// parser, and SAX2 callbacks that only count events.
enum BareSAXPass {
    static func countEvents(_ document: Data) -> Int {
        final class Counter { var events = 0 }
        let counter = Counter()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { ctx, _, _, _, _, _, _, _, _ in Unmanaged<Counter>.fromOpaque(ctx!).takeUnretainedValue().events += 1 }
        handler.endElementNs = { ctx, _, _, _ in Unmanaged<Counter>.fromOpaque(ctx!).takeUnretainedValue().events += 1 }
        handler.characters = { ctx, _, _ in Unmanaged<Counter>.fromOpaque(ctx!).takeUnretainedValue().events += 1 }
        handler.cdataBlock = handler.characters
        withExtendedLifetime(counter) {
            guard let ctxt = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(counter).toOpaque(), nil, 0, nil) else { return }
            defer { xmlFreeParserCtxt(ctxt) }
            xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
            document.withUnsafeBytes { raw in
                let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                var offset = 0
                while offset < raw.count {
                    let length = min(64 * 1024, raw.count - offset)
                    xmlParseChunk(ctxt, base + offset, Int32(length), 0)
                    offset += length
                }
            }
            xmlParseChunk(ctxt, nil, 0, 1)
        }
        return counter.events
    }
}
