// SwiftUI's `SimultaneousGesture`: both recognizers see all input and both may succeed
// (pinch and rotate in one two-finger gesture). Its value holds what each reported.

/// The value of a simultaneous recognizer: the report of each recognizer on this input, or
/// nil for one that did not report (SwiftUI's `SimultaneousGesture.Value` has the same shape).
public struct SimultaneousValue<First: Sendable, Second: Sendable>: Sendable {
    public var first: RecognizerUpdate<First>?
    public var second: RecognizerUpdate<Second>?
}

/// Feeds both recognizers every input and reports once per input on which either reported.
///
/// Phase of the combination: `began` when the first of them begins (or arms: `arming`),
/// `changed` while either continues, and when both are done: `ended` if either ended, else
/// `cancelled` if either was cancelled, else `failed`.
public struct SimultaneousRecognizer<First: Recognizer, Second: Recognizer>: Recognizer {
    public typealias Value = SimultaneousValue<First.Value, Second.Value>

    public var first: First
    public var second: Second

    private var hasBegun = false
    private var outcome: RecognizerPhase?

    /// Makes `first.simultaneously(with: second)`.
    public init(_ first: First, with second: Second) {
        self.first = first
        self.second = second
    }

    @inline(__always) public var nextDeadline: Timestamp? { first.nextDeadline.earliest(second.nextDeadline) }

    @inline(__always) public var isActive: Bool { first.isActive || second.isActive }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<Value>) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        var value = Value(first: nil, second: nil)
        first.handle(input, emit: { value.first = $0 }, diagnose: diagnose)
        second.handle(input, emit: { value.second = $0 }, diagnose: diagnose)
        guard value.first != nil || value.second != nil else { return }
        emit(RecognizerUpdate(combinedPhase(value.first?.phase, value.second?.phase), value))
    }

    /// The combination's phase on an input on which the parts reported `firstPhase` and
    /// `secondPhase` (at least one), advancing the round.
    @inline(__always)
    private mutating func combinedPhase(_ firstPhase: RecognizerPhase?, _ secondPhase: RecognizerPhase?) -> RecognizerPhase {
        // Each part's final phase in turn (not a loop over an array of the two: it allocated per input).
        if let phase = firstPhase, phase.isFinal { outcome = Self.combine(outcome, phase) }
        if let phase = secondPhase, phase.isFinal { outcome = Self.combine(outcome, phase) }
        let phase: RecognizerPhase
        if !isActive {
            phase = outcome ?? .failed
            hasBegun = false
            outcome = nil
        } else if !hasBegun {
            let arming = firstPhase == .arming || secondPhase == .arming
            hasBegun = !arming
            phase = arming ? .arming : .began
        } else {
            phase = .changed
        }
        return phase
    }

    /// Ended beats cancelled beats failed.
    private static func combine(_ a: RecognizerPhase?, _ b: RecognizerPhase) -> RecognizerPhase {
        guard let a else { return b }
        if a == .ended || b == .ended { return .ended }
        if case .cancelled = a { return a }
        if case .cancelled = b { return b }
        return .failed
    }
}

extension SimultaneousRecognizer where First == PinchRecognizer, Second == RotateRecognizer {
    /// Whether each part reports at most once on `event` and diagnoses nothing: then
    /// ``handle(partsOf:emit:diagnose:)`` gives what ``handle(_:emit:diagnose:)``'s value holds.
    @inline(__always) func reportsAtMostOnceQuietly(_ event: GestureEvent) -> Bool {
        first.reportsAtMostOnceQuietly(event) && second.reportsAtMostOnceQuietly(event)
    }

    /// Feeds `event` as ``handle(_:emit:diagnose:)`` does and passes each part's reports on as
    /// it makes them, the pinch's before the rotation's, rather than as a combined value: the
    /// same reports when each part reports at most once and diagnoses nothing (the caller
    /// checks ``reportsAtMostOnceQuietly(_:)``; the combined value keeps only a part's last
    /// report). Building and unpacking that value cost ~110 instructions a pinch event.
    @inline(__always)
    mutating func handle(partsOf event: GestureEvent, emit: (RecognizedGesture) -> Void,
                         diagnose: (RecognizerDiagnostic) -> Void) {
        var firstPhase: RecognizerPhase?, secondPhase: RecognizerPhase?
        first.handle(event: event, emit: { firstPhase = $0.phase; emit($0) }, diagnose: diagnose)
        second.handle(event: event, emit: { secondPhase = $0.phase; emit($0) })
        guard firstPhase != nil || secondPhase != nil else { return }
        _ = combinedPhase(firstPhase, secondPhase)
    }
}

extension Recognizer {
    /// SwiftUI's `simultaneously(with:)`: both recognize at the same time.
    public func simultaneously<Other: Recognizer>(with other: Other) -> SimultaneousRecognizer<Self, Other> {
        SimultaneousRecognizer(self, with: other)
    }
}
