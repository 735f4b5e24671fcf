// The seam between devices and recognizers: each device's front end makes one contact sample of
// each input, and the recognizers of every device are fed those samples.
import Testing
@testable import GestoCore

@Suite struct FrontEndTests {
    static func at(_ ms: Int) -> Timestamp { Timestamp(microseconds: Int64(ms) * 1000) }

    /// The touchscreen front end's samples of `events` (positions in mm on a 300 × 200 mm screen).
    static func samples(_ events: [TouchEvent], transform: TouchTransform = .normal) -> [ContactSample] {
        var frontEnd = TouchscreenFrontEnd(size: Vector2(300, 200), transform: transform)
        var samples: [ContactSample] = []
        for event in events { frontEnd.handle(event, emit: { samples.append($0) }, diagnose: { _ in }) }
        return samples
    }

    static func touch(_ kind: TouchEventKind, _ x: Double = 0, _ y: Double = 0, at ms: Int) -> TouchEvent {
        TouchEvent(kind, slot: 0, percent: Vector2(x / 3, y / 2), millimeters: Vector2(x, y), time: at(ms), device: 1)
    }

    @Test func aTouchpadEventIsOneSampleWithBothItsDeltas() {
        let update = ContactSample(touchpad: GestureEvent(.swipe, .update, fingers: 3, time: Self.at(10),
                                                          delta: Vector2(4, 0), unaccelerated: Vector2(2, 0)))
        #expect(update.phase == .update && update.device == .touchpad && update.touchpadGesture == .swipe)
        #expect(update.motion == Vector2(2, 0) && update.pointerMotion == Vector2(4, 0))
        #expect(update.positions == nil)
        let end = ContactSample(touchpad: GestureEvent(.swipe, .end, fingers: 3, time: Self.at(20), cancelled: true))
        #expect(end.phase == .cancel && end.motion == nil && end.pointerMotion == nil)
    }

    @Test func aTouchscreenFrameIsOneSampleThatHoldsItsPositions() {
        let samples = Self.samples([
            Self.touch(.down, 10, 100, at: 0), Self.touch(.frame, at: 0),
            Self.touch(.motion, 20, 100, at: 10), Self.touch(.frame, at: 10),
            Self.touch(.up, at: 20), Self.touch(.frame, at: 20),
        ])
        #expect(samples.map(\.phase) == [.begin, .update, .end])
        #expect(samples.allSatisfy { $0.device == .touchscreen && $0.unit == .millimeters && $0.touchpadGesture == nil })
        #expect(samples[1].motion == Vector2(10, 0))
        #expect(samples[0].positions?.origin == Vector2(10, 100))
        #expect(samples[2].fingersDown == 0 && samples[2].positions?.translation == Vector2(10, 0))
    }

    /// A finger that lands and lifts between two frames makes a stream of one sample: taps read
    /// it; no stream recognizer diagnoses an END it never saw begin.
    @Test func aStrokeOfOneFrameReachesOnlyTheRecognizersThatReadPositions() {
        let samples = Self.samples([Self.touch(.down, 10, 100, at: 0), Self.touch(.up, at: 0), Self.touch(.frame, at: 0)])
        #expect(samples.map(\.phase) == [.beginAndEnd])
        var engine = GestureEngine()
        var diagnostics: [String] = []
        for sample in samples {
            engine.handle(.sample(sample), emit: { _ in }, diagnose: { diagnostics.append("\($0)") })
        }
        #expect(diagnostics.isEmpty)
    }

    /// The transform is the front end's: a change waits until no finger is down, so one touch
    /// keeps one frame.
    @Test func aTransformChangeWaitsForTheFingersToLift() {
        var frontEnd = TouchscreenFrontEnd(size: Vector2(300, 200))
        var samples: [ContactSample] = []
        func feed(_ event: TouchEvent) { frontEnd.handle(event, emit: { samples.append($0) }, diagnose: { _ in }) }
        feed(Self.touch(.down, 10, 100, at: 0))
        feed(Self.touch(.frame, at: 0))
        frontEnd.transform = .rotated180
        feed(Self.touch(.motion, 20, 100, at: 10))
        feed(Self.touch(.frame, at: 10))
        #expect(samples.last?.motion == Vector2(10, 0))
        feed(Self.touch(.up, at: 20))
        feed(Self.touch(.frame, at: 20))
        feed(Self.touch(.down, 10, 100, at: 30))
        feed(Self.touch(.frame, at: 30))
        #expect(samples.last?.positions?.origin == Vector2(290, 100))
    }
}
