// Benchmarks of touchscreen recognition: nanoseconds per touch frame, from libinput's touch
// events through the frame assembler (centroid, spread and angle from the raw points) and every
// touch recognizer (tap, double tap, long press and drag, edge swipe before swipe, pinch with
// rotation), with 1, 2, 5 and 10 fingers. A touchscreen reports 60–240 frames per second.
import Glibc
import GestoCore

/// Frames timed per finger count: 400,000.
private let touchFrames = 400_000

/// Prints ns per touch frame for each finger count.
func runTouchBenchmarks() {
    for fingers in [1, 2, 5, 10] {
        // One stroke: the fingers land on a circle, turn and spread for 58 frames, and lift.
        var stroke: [TouchEvent] = []
        var framesPerStroke = 0
        func point(_ finger: Int, _ step: Int) -> Vector2 {
            let angle = Double(finger) / Double(fingers) * 2 * Double.pi + Double(step) * 0.01
            let radius = 20 + Double(step) * 0.2
            return Vector2(150 + radius * cos(angle) + Double(step), 100 + radius * sin(angle))
        }
        for step in 0..<60 {
            let time = Timestamp(microseconds: Int64(step) * 8_000)
            for finger in 0..<fingers {
                let kind: TouchEventKind = step == 0 ? .down : (step == 59 ? .up : .motion)
                stroke.append(TouchEvent(kind, slot: Int32(finger), percent: .zero, millimeters: point(finger, step),
                                         time: time, device: 1))
            }
            stroke.append(TouchEvent(.frame, time: time, device: 1))
            framesPerStroke += 1
        }
        var frontEnd = TouchscreenFrontEnd(size: Vector2(300, 200))
        var engine = GestureEngine()
        var reports = 0, frames = 0
        var round: Int64 = 0
        var best = Double.infinity
        for _ in 0..<3 {
            frames = 0
            let start = monotonicNanoseconds()
            while frames < touchFrames {
                let offset = round * 1_000_000
                for var event in stroke {
                    event.time.microseconds += offset
                    frontEnd.handle(event, emit: { sample in
                        frames += 1
                        engine.handle(.sample(sample)) { _ in reports += 1 }
                    }, diagnose: { _ in })
                }
                round += 1
            }
            best = min(best, Double(monotonicNanoseconds() - start) / Double(frames))
        }
        // The frame assembler alone (centroid, spread and angle from the raw points).
        var assemblerOnly = TouchFrameAssembler(size: Vector2(300, 200), device: 1)
        var assembled = 0
        var assemblerBest = Double.infinity
        for _ in 0..<3 {
            assembled = 0
            let start = monotonicNanoseconds()
            while assembled < touchFrames {
                let offset = round * 1_000_000
                for var event in stroke {
                    event.time.microseconds += offset
                    assemblerOnly.handle(event, emit: { _ in assembled += 1 }, diagnose: { _ in })
                }
                round += 1
            }
            assemblerBest = min(assemblerBest, Double(monotonicNanoseconds() - start) / Double(assembled))
        }
        print("touch frames alone, \(fingers) finger\(fingers == 1 ? "" : "s"): \(formatFixed(assemblerBest, decimals: 1)) ns per touch frame")
        print("touch recognition, \(fingers) finger\(fingers == 1 ? "" : "s"): \(formatFixed(best, decimals: 1)) ns per touch frame "
              + "(events to frame to every touch recognizer; \(frames) frames, \(reports) reports; target <= 500 ns at 10 fingers)")
    }
}

/// CLOCK_MONOTONIC in nanoseconds (each benchmark file keeps its own, as the others do).
private func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
