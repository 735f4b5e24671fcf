// What a recognizer reports when an input comes that its state does not expect, as libinput's
// `log_gesture_bug` (src/evdev-mt-touchpad-gestures.c) names the event and the state. The
// recognizer still does something sensible (the input is ignored, or the gesture in progress
// is closed); the diagnostic says what happened, so a lost END or a replayed log that starts
// mid-gesture can be told from a gesto bug. Who is to blame is in ``Blame``.

/// An input a recognizer did not expect in its state, and what it did about it.
public struct RecognizerDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Whose mistake the input most likely is (libinput's kernel / libinput / client split).
    public enum Blame: String, Sendable, Hashable {
        /// The event stream broke libinput's own order (an END lost, a BEGIN twice): the
        /// device, libinput, or a log cut or pasted in the middle.
        case input = "input"
        /// The caller fed gesto something out of order (a deadline before it was due).
        case caller = "caller"
    }

    /// The recognizer's kind (`swipe`, `hold`…, or `engine` for the engine itself).
    public var kind: String
    /// The finger count of the gesture the recognizer was in (or the event's).
    public var fingers: Int
    /// The state the input found: `idle`, `tracking`, `pending`…
    public var state: String
    /// The input, as libinput names it: its event (`GESTURE_SWIPE_END`, ``GestureEvent/eventName``)
    /// or, on a touchscreen, `TOUCH_FRAME` (``ContactSample/inputName``).
    public var event: String
    /// The input's time.
    public var time: Timestamp
    /// What the recognizer did with it.
    public var outcome: String
    /// Whose mistake it most likely is.
    public var blame: Blame

    /// Makes the diagnostic of `kind` with `fingers` for `event` in `state`.
    public init(_ kind: String, fingers: Int, state: String, _ event: GestureEvent, outcome: String, blame: Blame = .input) {
        self.init(kind, fingers: fingers, state: state, input: event.eventName, time: event.time, outcome: outcome, blame: blame)
    }

    /// Makes the diagnostic of `kind` with `fingers` for contact `sample` in `state`.
    public init(_ kind: String, fingers: Int, state: String, _ sample: ContactSample, outcome: String, blame: Blame = .input) {
        self.init(kind, fingers: fingers, state: state, input: sample.inputName, time: sample.time, outcome: outcome, blame: blame)
    }

    /// Makes the diagnostic of `kind` with `fingers` for the input named `input` at `time`.
    public init(_ kind: String, fingers: Int, state: String, input: String, time: Timestamp, outcome: String,
                blame: Blame = .input) {
        self.kind = kind
        self.fingers = fingers
        self.state = state
        self.event = input
        self.time = time
        self.outcome = outcome
        self.blame = blame
    }

    /// The recognizer and its finger count, as in trace logs: `swipe[3fg]`, `hold[2fg]`.
    public var recognizer: String { kind == "engine" ? kind : "\(kind)[\(fingers)fg]" }

    /// `swipe[3fg]: GESTURE_SWIPE_END in state idle at 1.234 s (input bug): ignored`.
    public var description: String {
        "\(recognizer): \(event) in state \(state) at \(time) s (\(blame.rawValue) bug): \(outcome)"
    }
}

extension GestureEvent {
    /// libinput's name of the event: `GESTURE_SWIPE_BEGIN`, `GESTURE_HOLD_END`…
    public var eventName: String {
        let kind: String
        switch self.kind {
        case .swipe: kind = "SWIPE"
        case .pinch: kind = "PINCH"
        case .hold: kind = "HOLD"
        }
        switch phase {
        case .begin: return "GESTURE_\(kind)_BEGIN"
        case .update: return "GESTURE_\(kind)_UPDATE"
        case .end: return "GESTURE_\(kind)_END"
        }
    }
}
