// The recognizer protocol, modelled on SwiftUI's `Gesture`: a value type with an associated
// `Value`, composed by `sequenced(before:)`, `simultaneously(with:)` and `exclusively(before:)`.
// Recognizers are pure: time comes in with the input, and timers come back as deadlines.

/// What a recognizer is fed: the samples of a device's contact stream, each built once by the
/// device's front end (``TouchpadFrontEnd``, ``TouchscreenFrontEnd``), the deadlines it asked
/// for, and the end of input. A recognizer never sees a device's own events.
public enum RecognizerInput: Sendable, Hashable {
    /// One sample of a contact stream: a touchpad's gesture event or a touchscreen's frame, as
    /// its front end made it. A recognizer made for another device lets it pass.
    case sample(ContactSample)
    /// The time a recognizer asked for with ``Recognizer/nextDeadline`` has come
    /// (the daemon's timerfd fired, or a replay's clock passed it).
    case deadline(Timestamp)
    /// No more input will come (the recording or device ended) at the given time:
    /// gestures in progress are cancelled with reason "end of input".
    case endOfInput(Timestamp)

    /// The time of a sample (the inputs before which due deadlines are fed), nil for a
    /// deadline or the end of input.
    public var eventTime: Timestamp? {
        switch self {
        case .sample(let sample): sample.time
        case .deadline, .endOfInput: nil
        }
    }

    /// The time of the input.
    public var time: Timestamp {
        switch self {
        case .sample(let sample): sample.time
        case .deadline(let t), .endOfInput(let t): t
        }
    }
}

/// One report from a recognizer: its phase and value.
public struct RecognizerUpdate<Value: Sendable>: Sendable {
    /// Where the gesture stands: the one place a report's phase is kept.
    public var phase: RecognizerPhase
    /// What the recognizer reports with it.
    public var value: Value
    @inlinable public init(_ phase: RecognizerPhase, _ value: Value) { self.phase = phase; self.value = value }
}

extension RecognizerUpdate: Equatable where Value: Equatable {}
extension RecognizerUpdate: Hashable where Value: Hashable {}

/// A gesture recognizer: a state machine fed ``RecognizerInput`` that reports updates.
///
/// Conforming types hold the per-gesture (transient) state and reset it when a gesture ends,
/// fails or is cancelled, like SwiftUI's `@GestureState`.
public protocol Recognizer: Sendable {
    /// What the recognizer reports with each update.
    associatedtype Value: Sendable

    /// Feeds one input and calls `emit` for every update it causes, in order (zero, one or
    /// more: an UPDATE with no BEGIN both begins and changes a swipe).
    mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<Value>) -> Void)

    /// Feeds one input as ``handle(_:emit:)`` does, and calls `diagnose` for an input the
    /// recognizer's state does not expect (a lost END, a BEGIN twice: see
    /// ``RecognizerDiagnostic``). Composed recognizers pass it to their parts. The default
    /// reports nothing.
    mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<Value>) -> Void,
                         diagnose: (RecognizerDiagnostic) -> Void)

    /// The time at which the recognizer needs a ``RecognizerInput/deadline(_:)`` input
    /// (a long press completing), or nil. The caller arms a timer for it.
    var nextDeadline: Timestamp? { get }

    /// True while a gesture is in progress (armed, began or changed).
    var isActive: Bool { get }
}

/// Where a tracked gesture stands before its end: the sub-state of a recognizer's `tracking`
/// (an enum, not a Boolean beside the state, so a new stage must be handled everywhere).
enum TrackingStage: Sendable, Hashable {
    /// Seen, not yet sure (SwiftUI's *possible*): nothing reported.
    case possible
    /// Reported `began`; later updates report `changed`.
    case began

    /// The stage's name in diagnostics.
    var name: String {
        switch self {
        case .possible: "tracking"
        case .began: "began"
        }
    }
}

extension Recognizer {
    // A recognizer implements one of the two `handle`s; each default calls the other (as
    // Equatable's == and != do), so implementing neither is the one mistake left.

    /// Recognizers that diagnose nothing of their own.
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<Value>) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        handle(input, emit: emit)
    }

    /// Recognizers that diagnose: the same without a listener.
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<Value>) -> Void) {
        handle(input, emit: emit, diagnose: { _ in })
    }
}

extension Optional where Wrapped == Timestamp {
    /// The earlier of two optional deadlines.
    @inlinable public func earliest(_ other: Timestamp?) -> Timestamp? {
        switch (self, other) {
        case (nil, let b): b
        case (let a, nil): a
        case (let a?, let b?): Swift.min(a, b)
        }
    }
}
