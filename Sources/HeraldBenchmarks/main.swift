import Foundation

// herald-benchmarks: one sub-command per benchmark, chosen by the first argument.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse":
    ParsingBenchmark.run(Array(arguments.dropFirst()))
case ParsingBenchmark.childMode:
    ParsingBenchmark.runChild(Array(arguments.dropFirst()))
default:
    FileHandle.standardError.write(Data("usage: herald-benchmarks parse [--items N] [--repetitions N]\n".utf8))
    exit(2)
}
