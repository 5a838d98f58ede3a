import Foundation

#if FUZZING
// Built by scripts/fuzz with -sanitize=fuzzer,address: libFuzzer drives `LLVMFuzzerTestOneInput`.
// SwiftPM renames an executable's `main` to `HeraldFuzz_main`, so that is where libFuzzer's driver
// is started from.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// One input from libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzTarget.current.run(data)
    return 0
}

/// The program's entry: libFuzzer's driver with the command line.
@_cdecl("HeraldFuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var vector = argv
    return runFuzzerDriver(&count, &vector, fuzzOneInput)
}
#else
/// Without the fuzzer: replays the files named on the command line through the target named by
/// `HERALD_FUZZ_TARGET` (a regression check of saved crash inputs).
@main
struct FuzzReplay {
    static func main() {
        let target = FuzzTarget.current
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                continue
            }
            target.run(data)
            print("\(target.rawValue): \(path): no crash")
        }
    }
}
#endif
