// A `libinput record --with-libinput` file of a touchpad made up on demand, for the recording
// reader's benchmark: the header libinput's tools/libinput-record.c writes (evdev code and
// axis tables, the HID report descriptor, udev properties, quirks), then for each kernel frame
// its `- evdev:` list and the `- libinput:` gesture entries libinput made of it. Deterministic.
import GestoCore

/// Streams a recording of `frames` kernel frames (each 6 evdev events and one gesture entry:
/// 3-finger swipes of 40 frames) to `sink`, in chunks of about 64 KiB.
public func writeLibinputRecordBenchmarkText(frames: Int, _ sink: ([UInt8]) -> Void) {
    let chunkBytes = 1 << 16
    var output: [UInt8] = []
    output.reserveCapacity(chunkBytes + 4_096)
    func append(_ text: String) { output.append(contentsOf: text.utf8) }
    func number(_ value: Int, width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
    func decimal(_ value: Double) -> String {
        let text = formatFixed(value, decimals: 2)
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }

    append("""
        # libinput record
        version: 1
        ndevices: 1
        libinput:
          version: "1.25.0"
          git: "unknown"
        system:
          os: "debian:13"
          kernel: "6.12.12-amd64"
          dmi: "dmi:bvnLENOVO:bvrR1MET43W(1.13):svnLENOVO:pn20XWCTO1WW"
        devices:
        - node: /dev/input/event11
          evdev:
            # Name: ELAN0672:00 04F3:3187 Touchpad
            name: "ELAN0672:00 04F3:3187 Touchpad"
            id: [24, 1267, 12679, 256]
            codes:
              0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
              1: [272, 325, 328, 330, 333, 334, 335] # EV_KEY
              3: [0, 1, 47, 53, 54, 55, 57] # EV_ABS
              4: [5] # EV_MSC
            absinfo:
              0: [0, 3209, 0, 0, 31]
              1: [0, 1859, 0, 0, 31]
              47: [0, 4, 0, 0, 0]
              53: [0, 3209, 0, 0, 31]
              54: [0, 1859, 0, 0, 31]
              55: [0, 2, 0, 0, 0]
              57: [0, 65535, 0, 0, 0]
            properties: [0, 2]
          hid: [

        """)
    for row in 0..<48 {
        append("    " + (0..<16).map { column in
            let byte = (row * 16 + column) &* 37 % 256
            return "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined(separator: ", ") + ",\n")
    }
    append("""
          ]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHPAD=1
            - ID_INPUT_WIDTH_MM=103
            - ID_INPUT_HEIGHT_MM=60
            virtual: false
          quirks:
          - AttrPressureRange=10:8
          - AttrThumbPressureThreshold=100
          libinput:
            size: [103, 60]
            capabilities: [pointer, gesture]
          events:
          # Current time is 12:00:00

        """)
    var random = SplitMix64(seed: 0x7265_636f_7264)
    var x = 1_200, y = 1_000
    for frame in 0..<frames {
        if output.count >= chunkBytes {
            sink(output)
            output.removeAll(keepingCapacity: true)
        }
        let microseconds = 40_000 + frame * 7_000
        let seconds = microseconds / 1_000_000, fraction = microseconds % 1_000_000
        let stamp = "  \(number(seconds, width: 2)), \(number(fraction, width: 6))"
        let dx = Int(random.next() % 21) - 4, dy = Int(random.next() % 9) - 4
        x += dx; y += dy
        append("  - evdev:\n")
        for (type, code, value, name) in [(3, 47, frame % 3, "ABS_MT_SLOT"), (3, 53, x, "ABS_MT_POSITION_X"),
                                          (3, 54, y, "ABS_MT_POSITION_Y"), (3, 0, x, "ABS_X"), (3, 1, y, "ABS_Y")] {
            append("    - [\(stamp), \(number(type, width: 3)), \(number(code, width: 3)), \(number(value, width: 7))] # EV_ABS / \(name)\n")
        }
        append("    - [\(stamp),   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +7ms\n")
        let phase = frame % 40 == 0 ? "BEGIN" : frame % 40 == 39 ? "END" : "UPDATE"
        let moving = phase == "UPDATE"
        let time = formatFixed(Double(microseconds) / 1_000_000, decimals: 6)
        append("  - libinput:\n    - {time: \(time), type: GESTURE_SWIPE_\(phase), nfingers: 3, "
               + "delta: [\(decimal(moving ? Double(dx) * 1.3 : 0)), \(decimal(moving ? Double(dy) * 1.3 : 0))], "
               + "unaccel: [\(decimal(moving ? Double(dx) : 0)), \(decimal(moving ? Double(dy) : 0))]}\n")
    }
    sink(output)
}
