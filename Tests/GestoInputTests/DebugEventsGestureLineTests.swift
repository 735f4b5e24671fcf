// The parser's fast path for gesture lines of libinput's own shape (DebugEventsGestureLine.swift)
// against the general path: on every line of every debug-events fixture, the fuzz corpus and
// the generated benchmark text, a line the fast path reads gives exactly the general path's
// event; the shapes it leaves to the general path do reach it.
import Foundation
import GestoBenchSupport
import Testing
import GestoCore
@testable import GestoInput

/// The fast path's event for `line` (given a `\n` sentinel after it, as parseLines does).
private func fastPath(_ line: [UInt8]) -> GestureEvent? {
    let bytes = line + [0x0A]
    return bytes.withUnsafeBufferPointer {
        DebugEventsParser.libinputGestureLine(base: $0.baseAddress!, count: line.count)
    }
}

private func fastPath(_ line: String) -> GestureEvent? { fastPath(Array(line.utf8)) }

/// The general path's outcome for `line`, from a fresh parser.
private func generalPath(_ line: [UInt8]) -> ParsedLine {
    var parser = DebugEventsParser()
    return line.withUnsafeBufferPointer { parser.parse(line: $0, number: 1) }
}

/// Every line of `bytes` (split at `\n`, without it).
private func lines(of bytes: [UInt8]) -> [[UInt8]] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
}

/// The files of the debug-events fixtures, the fuzz corpus and, where present, the shared corpus.
private func debugEventsFiles() -> [String] {
    let folders = ["Tests/Fixtures/debug-events", "Tests/Fixtures/libinput-1.22", "Tests/Fixtures/fuzz/debug-events",
                   "../shared/corpus/debug-events", "../shared/corpus/libinput-1.22"]
    return folders.flatMap { folder -> [String] in
        let directory = packageRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0).path }
    }
}

@Suite("debug-events fast path for libinput's gesture lines")
struct DebugEventsGestureLineTests {
    /// Checks that the fast path, wherever it reads a line, agrees with the general path;
    /// returns how many lines it read.
    private func agree(on lines: [[UInt8]], in file: String) -> Int {
        var read = 0
        for (index, line) in lines.enumerated() {
            guard let event = fastPath(line) else { continue }
            read += 1
            let general = generalPath(line)
            #expect(general == .record(.gesture(event)), "\(file):\(index + 1): fast \(event), general \(general)")
            // The same bits, not only == (which equates 0.0 and -0.0).
            if case .record(.gesture(let other)) = general {
                #expect([event.delta.x, event.delta.y, event.unacceleratedDelta.x, event.unacceleratedDelta.y,
                         event.scale, event.angleDelta].map(\.bitPattern)
                        == [other.delta.x, other.delta.y, other.unacceleratedDelta.x, other.unacceleratedDelta.y,
                            other.scale, other.angleDelta].map(\.bitPattern), "\(file):\(index + 1)")
            }
        }
        return read
    }

    @Test func agreesWithTheGeneralPathOnEveryFixtureLine() throws {
        let files = debugEventsFiles()
        #expect(files.count >= 40)
        var read = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            read += agree(on: lines(of: bytes), in: file)
        }
        // The real recordings are libinput's own output: most of their gesture lines take it.
        #expect(read > 2_000)
    }

    @Test func readsNearlyEveryLineOfTheBenchmarkText() {
        let text = lines(of: makeDebugEventsBenchmarkText(lines: 5_000)).filter { !$0.isEmpty }
        let read = agree(on: text, in: "benchmark")
        // All but the DEVICE_ADDED line.
        #expect(read == text.count - 1)
    }

    @Test func readsEachPhaseOfLibinput122() {
        #expect(fastPath("-event7   GESTURE_SWIPE_BEGIN     +0.040s\t3")
                == GestureEvent(.swipe, .begin, fingers: 3, time: Timestamp(microseconds: 40_000), device: 7))
        #expect(fastPath(" event1   GESTURE_PINCH_UPDATE    +0.152s\t2  0.00/-0.19 ( 0.00/-0.53 unaccelerated)  0.99 @ -0.02")
                == GestureEvent(.pinch, .update, fingers: 2, time: Timestamp(microseconds: 152_000),
                                delta: Vector2(0, -0.19), unaccelerated: Vector2(0, -0.53),
                                scale: 0.99, angleDelta: -0.02, device: 1))
        #expect(fastPath(" event12  GESTURE_HOLD_END        +1.290s\t3 cancelled")
                == GestureEvent(.hold, .end, fingers: 3, time: Timestamp(microseconds: 1_290_000), cancelled: true, device: 12))
        // libinput 1.6–1.14: a 16-column name, two decimals.
        #expect(fastPath(" event10  GESTURE_SWIPE_UPDATE +9.54s\t4 -0.08/23.39 (-0.21/62.16 unaccelerated)")
                == GestureEvent(.swipe, .update, fingers: 4, time: Timestamp(microseconds: 9_540_000),
                                delta: Vector2(-0.08, 23.39), unaccelerated: Vector2(-0.21, 62.16), device: 10))
        // CRLF text: the `\r` ends the last field as the general path's stripped end does.
        #expect(fastPath(" event7   GESTURE_SWIPE_END       +0.300s\t3\r")
                == GestureEvent(.swipe, .end, fingers: 3, time: Timestamp(microseconds: 300_000), device: 7))
    }

    /// Shapes libinput does not print, or values out of range: the general path decides
    /// (and gives any warning its column).
    @Test func leavesOtherShapesToTheGeneralPath() {
        for line in [
            " event7   GESTURE_PINCH_UPDATE      2 +3.010s\t2  1.00/ 2.00 ( 1.00/ 2.00 unaccelerated)  1.01 @  0.50", // 1.27's counter
            " event7   GESTURE_SWIPE_BEGIN     +2.000s\t10",
            " event7   GESTURE_SWIPE_BEGIN     +2.000s\t0",
            " event7   GESTURE_SWIPE_BEGIN     +2.000s3",
            " event7   GESTURE_SWIPE_UPDATE    +1.054s\t3 1.50/2.00",
            " event7   GESTURE_SWIPE_UPDATE    +1.057s\t3 1000001.00/2.00 (1.00/2.00 unaccelerated)",
            " event7   GESTURE_PINCH_UPDATE    +3.020s\t2  1.00/ 2.00 ( 1.00/ 2.00 unaccelerated)  0.00 @  0.50",
            " event7   GESTURE_PINCH_UPDATE    +3.040s\t2  1.00/ 2.00 ( 1.00/ 2.00 unaccelerated)",
            " event7   GESTURE_HOLD_UPDATE     +5.200s\t3",
            " event1234 GESTURE_HOLD_BEGIN     +4.00s\t3",
            "event7\tGESTURE_HOLD_BEGIN\t+5.00s\t3",
            "[fusuma] event7   GESTURE_HOLD_BEGIN  +5.5s\t3",
            " event7   GESTURE_HOLD_BEGIN   +5.1234567s\t3",
            " event7   GESTURE_HOLD_BEGIN",
        ] {
            #expect(fastPath(line) == nil, "\(line)")
        }
    }
}
