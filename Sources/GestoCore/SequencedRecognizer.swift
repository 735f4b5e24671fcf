// SwiftUI's `SequenceGesture`: the second recognizer starts only after the first succeeds
// (long press → drag). Its value says which stage reported: `.first(a)` or `.second(a, b?)`.

/// The value of a sequenced recognizer, as SwiftUI's `SequenceGesture.Value`.
public enum SequencedValue<First: Sendable, Second: Sendable>: Sendable {
    /// The first recognizer is in progress.
    case first(First)
    /// The first recognizer succeeded with the value given; the second is in progress
    /// (its value is nil until it reports).
    case second(First, Second?)
}

/// Runs `first`, and once it ends successfully, feeds later input to `second`.
///
/// Phases: the first's `arming` is reported as `arming`; the first's `began` (or, if it never
/// began, its `ended`) makes the sequence `began`; everything after is `changed` until the
/// second ends, fails or is cancelled, which the sequence reports as its own end. If the first
/// fails or is cancelled, so is the sequence. The input that completes the first is not
/// given to the second.
public struct SequencedRecognizer<First: Recognizer, Second: Recognizer>: Recognizer {
    public typealias Value = SequencedValue<First.Value, Second.Value>

    /// The first stage.
    public var first: First
    /// The second stage.
    public var second: Second

    private enum Stage: Sendable {
        case first(hasBegun: Bool)
        /// The first succeeded with ``SequencedRecognizer/completed``.
        case second
    }

    private var stage: Stage = .first(hasBegun: false)
    /// The value the first succeeded with, while the second stage runs.
    private var completed: First.Value?

    /// Makes `first.sequenced(before: second)`.
    public init(_ first: First, before second: Second) {
        self.first = first
        self.second = second
    }

    public var nextDeadline: Timestamp? {
        switch stage {
        case .first: first.nextDeadline
        case .second: second.nextDeadline
        }
    }

    /// Whether the second stage runs (the first succeeded).
    var isInSecondStage: Bool {
        switch stage {
        case .first: false
        case .second: true
        }
    }

    public var isActive: Bool {
        switch stage {
        case .first: first.isActive
        case .second: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<Value>) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch stage {
        case .first(var hasBegun):
            var completed: First.Value? = nil
            first.handle(input, emit: { update in
                guard completed == nil else { return }
                switch update.phase {
                case .arming:
                    emit(RecognizerUpdate(.arming, .first(update.value)))
                case .began:
                    hasBegun = true
                    emit(RecognizerUpdate(.began, .first(update.value)))
                case .changed:
                    emit(RecognizerUpdate(.changed, .first(update.value)))
                case .ended:
                    completed = update.value
                    emit(RecognizerUpdate(hasBegun ? .changed : .began, .second(update.value, nil)))
                case .failed, .cancelled:
                    hasBegun = false
                    emit(RecognizerUpdate(update.phase, .first(update.value)))
                }
            }, diagnose: diagnose)
            if let completed {
                stage = .second
                self.completed = completed
            } else {
                stage = .first(hasBegun: hasBegun)
            }
        case .second:
            // Set whenever the stage is `.second`.
            guard let firstValue = completed else { return }
            var finished = false
            second.handle(input, emit: { update in
                switch update.phase {
                case .arming, .began, .changed:
                    emit(RecognizerUpdate(.changed, .second(firstValue, update.value)))
                case .ended, .failed, .cancelled:
                    finished = true
                    emit(RecognizerUpdate(update.phase, .second(firstValue, update.value)))
                }
            }, diagnose: diagnose)
            if finished { stage = .first(hasBegun: false); completed = nil }
        }
    }
}

extension Recognizer {
    /// SwiftUI's `sequenced(before:)`: `other` starts only after `self` succeeds.
    public func sequenced<Other: Recognizer>(before other: Other) -> SequencedRecognizer<Self, Other> {
        SequencedRecognizer(self, before: other)
    }
}
