// A recognizer's state change, for trace logs: libinput's debug log shows each gesture state
// change as old state → new state with the finger count (`tp_gesture_handle_state` in
// src/evdev-mt-touchpad-gestures.c). An engine compares its recognizers' states only when a
// caller asks for transitions; without a listener nothing is compared or named.

/// Where one recognizer stands, as a trace names it.
struct RecognizerTraceState: Equatable {
    /// The state's name: `idle`, `tracking`, `began`, `pending`, `arming`…
    var name: String
    /// The fingers of the gesture in progress (nil when idle).
    var fingers: Int?

    static var idle: RecognizerTraceState { RecognizerTraceState(name: "idle", fingers: nil) }
}

/// One recognizer's change of state on one input: `swipe[3fg] tracking → began`.
public struct RecognizerTransition: Sendable, Hashable, CustomStringConvertible {
    /// The recognizer's kind: on a touchpad `hold`, `long-press`, `long-press-drag`, `swipe`,
    /// `pinch-swipe` (a swipe libinput reports as a pinch), `pinch`, `rotate`; on a touchscreen
    /// `tap`, `touch-long-press`, `touch-long-press-drag`, `edge-swipe`, `touch-swipe`,
    /// `touch-pinch`, `touch-rotate`.
    public var kind: String
    /// The finger count of the gesture that started or ended.
    public var fingers: Int
    /// The state before the input.
    public var from: String
    /// The state after it.
    public var to: String
    /// The input's time.
    public var time: Timestamp
    /// The input: libinput's event name (`GESTURE_SWIPE_UPDATE`), `deadline` or `end of input`.
    public var input: String
    /// The recognizer group whose recognizer changed (0: the global settings).
    public var group: Int = 0

    /// The recognizer and its finger count, as in diagnostics: `swipe[3fg]`.
    public var recognizer: String { "\(kind)[\(fingers)fg]" }

    /// `swipe[3fg] tracking → began`, with ` (group N)` for a group other than 0.
    public var description: String {
        "\(recognizer) \(from) → \(to)" + (group == 0 ? "" : " (group \(group))")
    }
}

extension RecognizerInput {
    /// The input as a trace names it: libinput's event name, `deadline` or `end of input`.
    var traceName: String {
        switch self {
        case .sample(let sample): sample.traceName
        case .deadline: "deadline"
        case .endOfInput: "end of input"
        }
    }
}
