// herald-benchmarks: one benchmark per subcommand (BenchmarksCommand); each prints its figures and ratios
// against a baseline measured in the same run (raw libxml2 SAX for parsing, raw SQLite for storage and
// the reader). The hidden child and helper modes the benchmarks and the tests start with fixed command
// lines are dispatched first, by their first argument, before ArgumentParser sees anything.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case ParsingBenchmark.childMode: ParsingBenchmark.runChild(Array(arguments.dropFirst()))
case ParseCommandBenchmark.helperMode: ParseCommandBenchmark.runHelper(Array(arguments.dropFirst()))
case "store-writer": await StoreWriterChild.run(Array(arguments.dropFirst()))
case ReaderBenchmarkChild.mode: await ReaderBenchmarkChild.run(Array(arguments.dropFirst()))
case ReaderBenchmarkBaseline.mode: ReaderBenchmarkBaseline.run(Array(arguments.dropFirst()))
default: await BenchmarksCommand.runAsRoot()
}
