// `tap:F` and `double-tap:F` from a touchscreen's samples and their positions: SwiftUI's `TapGesture(count:)`, with Android's
// timeouts. A tap beside a bound double tap waits for the double-tap interval (SwiftUI's
// `doubleTap.exclusively(before: tap)`): the second tap makes it a double tap, the interval
// passing without one makes it a tap.
//
//   idle ─stroke ends short and still→ (tap waits) waiting ─deadline / other stroke→ tap ended
//                                      (no wait)   tap ended ─→ recent
//   waiting|recent ─another short still stroke, same F, in time and place→ double-tap ended ─→ idle

/// Recognizes taps and double taps of F fingers (F = the most fingers down at once).
public struct TapRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds.
    public let settings: TouchSettings

    /// A completed tap.
    struct Tap: Sendable {
        var fingers: Int
        var lift: Timestamp
        var place: Vector2
        var unit: ContactUnit
        var translation: Vector2
    }

    enum State: Sendable {
        /// No tap to remember.
        case idle
        /// A tap held back for the double-tap interval; `followed` once a second stroke began
        /// in time (its end decides).
        case waiting(Tap, followed: Bool)
        /// A tap already reported that a second one may still make a double tap.
        case recent(Tap)
    }

    private var state: State = .idle

    /// Makes a tap recognizer with the given thresholds.
    public init(settings: TouchSettings = TouchSettings()) { self.settings = settings }

    public var nextDeadline: Timestamp? {
        switch state {
        case .waiting(let tap, false): tap.lift.advanced(bySeconds: settings.tap.doubleTapInterval)
        case .idle, .waiting, .recent: nil
        }
    }

    public var isActive: Bool {
        switch state {
        case .waiting: true
        case .idle, .recent: false
        }
    }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .idle: .idle
        case .waiting(let tap, let followed): RecognizerTraceState(name: followed ? "followed" : "waiting", fingers: tap.fingers)
        case .recent(let tap): RecognizerTraceState(name: "recent", fingers: tap.fingers)
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch input {
        case .sample(let sample):
            // Taps read positions: a touchpad's samples have none.
            guard let positions = sample.positions else { return }
            handle(sample, positions, emit: emit)
        case .deadline(let time), .endOfInput(let time):
            // The interval passed with no second tap (or the input ended): it was a tap.
            guard case .waiting(let tap, let followed) = state else { return }
            if case .deadline = input, followed { return }
            state = .idle
            emit(.report(.ended, value(.touchscreen(.tap, fingers: tap.fingers), tap, at: max(time, tap.lift))))
        }
    }

    private mutating func handle(_ sample: ContactSample, _ positions: ContactPositions, emit: (RecognizedGesture) -> Void) {
        let isStrokeEnd = sample.fingersDown == 0
        if !isStrokeEnd {
            if positions.allLanded, case .waiting(let tap, false) = state {
                state = .waiting(tap, followed: true)
            }
            return
        }
        let duration = sample.time.seconds(since: positions.startTime)
        let isTap = sample.phase != .cancel && sample.fingerCount > 0 && duration <= settings.tap.maximumDuration
            && (sample.fingerTravel ?? 0) <= settings.tap.maximumDistance.value(in: sample.unit)
        let previous: Tap?
        switch state {
        case .idle: previous = nil
        case .waiting(let tap, _), .recent(let tap): previous = tap
        }
        guard isTap else {
            if case .waiting(let tap, _) = state { emit(.report(.ended, value(.touchscreen(.tap, fingers: tap.fingers), tap, at: sample.time))) }
            state = .idle
            return
        }
        let tap = Tap(fingers: sample.fingerCount, lift: sample.time, place: positions.origin, unit: sample.unit,
                      translation: positions.translation)
        if let previous, previous.fingers == tap.fingers, previous.unit == tap.unit,
           positions.startTime.seconds(since: previous.lift) <= settings.tap.doubleTapInterval,
           (tap.place - previous.place).length <= settings.tap.doubleTapDistance.value(in: sample.unit) {
            // The held tap (if it waited) is the double tap's first half: it never reports.
            state = .idle
            emit(.report(.ended, value(.touchscreen(.doubleTap, fingers: tap.fingers), tap, at: sample.time)))
            return
        }
        if case .waiting(let held, _) = state { emit(.report(.ended, value(.touchscreen(.tap, fingers: held.fingers), held, at: sample.time))) }
        if settings.waitsForDoubleTap(fingers: tap.fingers) {
            state = .waiting(tap, followed: false)
        } else {
            state = .recent(tap)
            emit(.report(.ended, value(.touchscreen(.tap, fingers: tap.fingers), tap, at: sample.time)))
        }
    }

    private func value(_ name: GestureName, _ tap: Tap, at time: Timestamp) -> GestureValue {
        GestureValue(name: name, time: time, translation: tap.translation, progress: 1)
    }
}
