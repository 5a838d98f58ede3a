// herald-benchmarks: one mode per first argument.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "store": await StoreBenchmark.run(Array(arguments.dropFirst()))
case "store-writer": await StoreWriterChild.run(Array(arguments.dropFirst()))
default:
    FileHandle.standardError.write(Data("usage: herald-benchmarks store [--articles N]\n".utf8))
    exit(2)
}
