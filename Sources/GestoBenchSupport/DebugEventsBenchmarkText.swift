// A realistic `libinput debug-events` recording made up on demand, for the parser benchmark
// and for tests that need volume: swipes, pinches and holds with BEGIN/UPDATE/END in
// libinput 1.22's exact layout (`%-7s  %-23s %+6.3fs\t` then the fields), deterministic.
import GestoCore

/// The interval between UPDATEs of the generated gestures: 7 ms, a typical touchpad frame
/// (the T480 recordings report every 7–8 ms).
let benchmarkFrameInterval = Timestamp(microseconds: 7_000)

/// Makes `lines` lines of `libinput debug-events` text as libinput 1.22 prints it: a
/// DEVICE_ADDED line for a touchpad, then 3- and 4-finger swipes, 2-finger pinches and holds
/// (some cancelled), each BEGIN, UPDATEs every 7 ms, END. The same `lines` always gives the
/// same bytes. Every line ends with `\n`.
public func makeDebugEventsBenchmarkText(lines: Int) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(lines * 80)
    writeDebugEventsBenchmarkText(lines: lines) { text.append(contentsOf: $0) }
    return text
}

/// Streams the text ``makeDebugEventsBenchmarkText(lines:)`` makes to `sink`, in chunks of
/// whole lines of about 64 KiB, so a benchmark can write a recording of any length to a file
/// or pipe without holding it (the same bytes, in order).
public func writeDebugEventsBenchmarkText(lines: Int, _ sink: ([UInt8]) -> Void) {
    /// The size after which a chunk goes to the sink: 64 KiB (a pipe's default capacity).
    let chunkBytes = 1 << 16
    var output: [UInt8] = []
    output.reserveCapacity(chunkBytes + 8_192)  // a chunk and one more gesture
    var random = SplitMix64(seed: 0x6765_7374_6f)
    var time: Int64 = 40_000
    var written = 0

    func header(_ name: String, newDevice: Bool = false) {
        output.append(newDevice ? UInt8(ascii: "-") : UInt8(ascii: " "))
        append(padded("event7", width: 7) + "  " + padded(name, width: 23) + " ")
    }
    func append(_ text: String) { output.append(contentsOf: text.utf8) }
    func stamp() { append("+" + formatFixed(Double(time) / 1_000_000, decimals: 3) + "s\t") }
    func number(_ value: Double) -> String { padded(formatFixed(value, decimals: 2), width: 5, right: true) }

    if lines > 0 {
        header("DEVICE_ADDED", newDevice: true)
        append("Synaptics TM3276-022              seat0 default group1  cap:pg  size 97x65mm tap(dl off) "
               + "left scroll-nat scroll-2fg-edge click-buttonareas-clickfinger dwt-on dwtp-on\n")
        written += 1
    }
    while written < lines {
        if output.count >= chunkBytes {
            sink(output)
            output.removeAll(keepingCapacity: true)
        }
        let choice = random.next() % 10
        let kind: GestureKind = choice < 6 ? .swipe : choice < 9 ? .pinch : .hold
        let fingers = kind == .swipe ? 3 + Int(random.next() % 2) : kind == .pinch ? 2 : 1 + Int(random.next() % 3)
        let name = kind.description.uppercased()
        header("GESTURE_\(name)_BEGIN"); stamp(); append("\(fingers)\n"); written += 1
        var cancelled = kind == .hold && random.next() % 2 == 0
        if kind != .hold {
            let updates = 10 + Int(random.next() % 30)
            let direction = Vector2(Double(Int(random.next() % 201) - 100) / 10, Double(Int(random.next() % 201) - 100) / 10)
            var scale = 1.0
            let scaleStep = (Double(random.next() % 41) - 20) / 1000
            for _ in 0..<updates where written < lines - 1 {
                time += benchmarkFrameInterval.microseconds + Int64(random.next() % 2_000)
                let jitter = Double(Int(random.next() % 101) - 50) / 100
                let raw = Vector2(direction.x + jitter, direction.y - jitter)
                let accelerated = raw * 1.3
                header("GESTURE_\(name)_UPDATE"); stamp()
                append("\(fingers) \(number(accelerated.x))/\(number(accelerated.y)) (\(number(raw.x))/\(number(raw.y)) unaccelerated)")
                if kind == .pinch {
                    scale += scaleStep
                    append(" \(number(scale)) @ \(number(jitter))")
                }
                append("\n")
                written += 1
            }
            cancelled = random.next() % 8 == 0
        } else {
            time += 100_000 + Int64(random.next() % 900_000)
        }
        guard written < lines else { break }
        time += 30_000
        header("GESTURE_\(name)_END"); stamp(); append(cancelled ? "\(fingers) cancelled\n" : "\(fingers)\n")
        written += 1
        time += 200_000 + Int64(random.next() % 1_000_000)
    }
    if !output.isEmpty { sink(output) }
}

/// `text` padded with spaces to `width` (on the left when `right`), like printf's `%-Ns`/`%Ns`.
private func padded(_ text: String, width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.utf8.count))
    return right ? padding + text : text + padding
}

/// A small deterministic generator (SplitMix64), so generated recordings are repeatable.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
