// A compact way to write libinput gesture streams in tests: times in seconds, deltas in
// unaccelerated units, as `libinput debug-events` would print them.
import GestoCore

/// Builds a list of gesture events in time order.
struct EventScript {
    private(set) var events: [GestureEvent] = []
    var time = 0.0

    mutating func at(_ seconds: Double) -> EventScript { time = seconds; return self }

    mutating func begin(_ kind: GestureKind, _ fingers: Int, at seconds: Double) {
        time = seconds
        events.append(GestureEvent(kind, .begin, fingers: fingers, time: Timestamp(seconds: seconds)))
    }

    mutating func swipe(_ fingers: Int, dx: Double, dy: Double, at seconds: Double) {
        time = seconds
        events.append(GestureEvent(.swipe, .update, fingers: fingers, time: Timestamp(seconds: seconds),
                                   delta: Vector2(dx, dy)))
    }

    /// `count` equal swipe updates every `interval` seconds, starting `interval` after `time`.
    mutating func swipe(_ fingers: Int, steps count: Int, dx: Double, dy: Double, every interval: Double = 0.008) {
        for _ in 0..<count { swipe(fingers, dx: dx, dy: dy, at: time + interval) }
    }

    mutating func pinch(_ fingers: Int, scale: Double, angle: Double = 0, dx: Double = 0, dy: Double = 0, at seconds: Double) {
        time = seconds
        events.append(GestureEvent(.pinch, .update, fingers: fingers, time: Timestamp(seconds: seconds),
                                   delta: Vector2(dx, dy), scale: scale, angleDelta: angle))
    }

    mutating func end(_ kind: GestureKind, _ fingers: Int, at seconds: Double, cancelled: Bool = false) {
        time = seconds
        events.append(GestureEvent(kind, .end, fingers: fingers, time: Timestamp(seconds: seconds), cancelled: cancelled))
    }
}

/// Runs a recognizer over events (then end of input, if asked) and collects its reports.
func run<R: Recognizer>(_ recognizer: inout R, _ events: [GestureEvent], endOfInputAt end: Double? = nil)
    -> [RecognizerUpdate<R.Value>] {
    var updates: [RecognizerUpdate<R.Value>] = []
    for event in events {
        while let deadline = recognizer.nextDeadline, deadline <= event.time {
            recognizer.handle(.deadline(deadline)) { updates.append($0) }
        }
        recognizer.handle(.touchpad(event)) { updates.append($0) }
    }
    if let end {
        let time = Timestamp(seconds: end)
        while let deadline = recognizer.nextDeadline, deadline <= time {
            recognizer.handle(.deadline(deadline)) { updates.append($0) }
        }
        recognizer.handle(.endOfInput(time)) { updates.append($0) }
    }
    return updates
}

/// Runs the whole engine and returns "name phase" strings of its reports, in order.
func outcomes(_ events: [GestureEvent], settings: RecognizerSettings = RecognizerSettings(),
              endOfInputAt end: Double? = nil, finalOnly: Bool = true) -> [String] {
    var engine = GestureEngine(settings: settings)
    var result: [String] = []
    let record = { (g: RecognizedGesture) in
        if !finalOnly || g.phase.isFinal { result.append("\(g.name) \(g.phase.name)") }
    }
    for event in events { engine.handle(event, emit: record) }
    if let end { engine.handle(.endOfInput(Timestamp(seconds: end)), emit: record) }
    return result
}

extension RecognizerInput {
    /// A touchpad's event as its front end makes it a sample.
    static func touchpad(_ event: GestureEvent) -> RecognizerInput { .sample(ContactSample(touchpad: event)) }
    /// A touchscreen's frame as its front end makes it a sample.
    static func touchscreen(_ frame: TouchFrame) -> RecognizerInput { .sample(ContactSample(touchscreen: frame)) }
}
