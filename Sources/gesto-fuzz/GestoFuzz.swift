// gesto-fuzz: the fuzz targets of GestoFuzzTargets as one executable. Built by
// scripts/fuzz with `--sanitize=fuzzer -DFUZZING`, libFuzzer's main drives the target named by
// GESTO_FUZZ_TARGET. Built normally, it replays files: `gesto-fuzz TARGET FILE...` runs each
// through the target (what GestoFuzzTests does with Tests/Fixtures/fuzz).
import GestoFuzzTargets
import GestoSystem
#if canImport(Glibc)
import Glibc
#endif

/// Writes `text` to standard error.
private func printError(_ text: String) {
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
}

#if FUZZING
/// The target libFuzzer drives, from `GESTO_FUZZ_TARGET` (read once).
nonisolated(unsafe) private var fuzzTarget: FuzzTarget? = nil

@_cdecl("LLVMFuzzerTestOneInput")
public func gestoFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if fuzzTarget == nil {
        let name = getenv("GESTO_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            printError("gesto-fuzz: set GESTO_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n")
            exit(2)
        }
        fuzzTarget = target
    }
    fuzzTarget!.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
@main struct GestoFuzz {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            printError("usage: gesto-fuzz TARGET FILE...\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n"
                  + "(build with scripts/fuzz to fuzz under libFuzzer)\n")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let file = fopen(path, "rb") else { printError("gesto-fuzz: cannot open \(path)\n"); exit(1) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count == 0 { break }
                bytes += chunk[0..<count]
            }
            fclose(file)
            target.run(bytes)
            print("\(path): ok")
        }
    }
}
#endif
