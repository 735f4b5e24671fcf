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

    public var nextDeadline: Timestamp? { first.nextDeadline.earliest(second.nextDeadline) }

    public var isActive: Bool { first.isActive || second.isActive }

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
    private mutating func combinedPhase(_ firstPhase: RecognizerPhase?, _ secondPhase: RecognizerPhase?) -> RecognizerPhase {
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

extension Recognizer {
    /// SwiftUI's `simultaneously(with:)`: both recognize at the same time.
    public func simultaneously<Other: Recognizer>(with other: Other) -> SimultaneousRecognizer<Self, Other> {
        SimultaneousRecognizer(self, with: other)
    }
}
