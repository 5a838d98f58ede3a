// herald-benchmarks: one benchmark per first argument; each prints its figures and ratios against a
// baseline measured in the same run (raw libxml2 SAX for parsing, raw SQLite for storage and the reader).
import Foundation

let usage = """
    usage: herald-benchmarks parse [--items N] [--repetitions N] [--keep DIR]
           herald-benchmarks store [--articles N] [--saves-in-flight K] [--upsert-only]
           herald-benchmarks refresh [--feeds N] [--items M] [--latency-ms L] [--origins K] [--repeat R]
                                     [--scale N,N|none] [--limits default|per-origin|both]
                                     [--scenarios all|in-process|process]
           herald-benchmarks refresh-serve [--feeds N] [--items M] [--latency-ms L] [--origins K] --urls FILE
           herald-benchmarks reader [--articles N] [--feeds N] [--keys N] [--runs R] [--pause-ms P] [--cache FOLDER]
           herald-benchmarks web [--articles N] [--feeds N] [--cache FOLDER] [--seconds S] [--connections C]
           herald-benchmarks scale [--feeds N] [--items M] [--origins K] [--latency-ms L] [--workers 1,2,4]
                                   [--no-sqlite]   (PostgreSQL: HERALD_BENCH_POSTGRES_URL or HERALD_TEST_POSTGRES_URL)
           herald-benchmarks migrate [--articles N] [--postgres URL]
           herald-benchmarks sync [--articles N] [--feeds N] [--cache FOLDER] [--unread N]
           herald-benchmarks extract [--pages DIR] [--repetitions N] [--process-pages N]

    """
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse": ParsingBenchmark.run(Array(arguments.dropFirst()))
case ParsingBenchmark.childMode: ParsingBenchmark.runChild(Array(arguments.dropFirst()))
case ParseCommandBenchmark.helperMode: ParseCommandBenchmark.runHelper(Array(arguments.dropFirst()))
case "store": await StoreBenchmark.run(Array(arguments.dropFirst()))
case "store-writer": await StoreWriterChild.run(Array(arguments.dropFirst()))
case "refresh": await RefreshBenchmark.run(Array(arguments.dropFirst()))
case RefreshBenchmarkServe.mode: await RefreshBenchmarkServe.run(Array(arguments.dropFirst()))
case "reader": await ReaderBenchmark.run(Array(arguments.dropFirst()))
case "web": await WebBenchmark.run(Array(arguments.dropFirst()))
case "scale": await ScaleBenchmark.run(Array(arguments.dropFirst()))
case "migrate": await MigrationBenchmark.run(Array(arguments.dropFirst()))
case "sync": await SyncBenchmark.run(Array(arguments.dropFirst()))
case "extract": ExtractBenchmark.run(Array(arguments.dropFirst()))
case ReaderBenchmarkChild.mode: await ReaderBenchmarkChild.run(Array(arguments.dropFirst()))
case ReaderBenchmarkBaseline.mode: ReaderBenchmarkBaseline.run(Array(arguments.dropFirst()))
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
