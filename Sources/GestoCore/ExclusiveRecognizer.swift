// SwiftUI's `ExclusiveGesture`: the first recognizer has precedence; the second counts only
// if the first fails. Used for long-press-drag before swipe, and swipe-shaped pinches before
// pinches. Its value says which one reported: `.first(a)` or `.second(b)`.

/// The value of an exclusive recognizer, as SwiftUI's `ExclusiveGesture.Value`.
public enum ExclusiveValue<First: Sendable, Second: Sendable>: Sendable {
    case first(First)
    case second(Second)
}

/// Feeds both recognizers every input; the second's reports are held back while the first is
/// undecided, dropped if the first succeeds, and released in order if the first fails.
///
/// The first *succeeds* when it reports `began` or `ended`; it *gives way* when it reports
/// `failed` or `cancelled`, or when it is not in progress at all as the second starts. Held
/// reports are compacted to the second's `began`, its latest `changed` and its final report,
/// so nothing is lost and nothing fires twice. A round ends when neither is in progress.
public struct ExclusiveRecognizer<First: Recognizer, Second: Recognizer>: Recognizer {
    public typealias Value = ExclusiveValue<First.Value, Second.Value>

    /// The recognizer with precedence.
    public var first: First
    /// The recognizer that counts only if the first fails.
    public var second: Second

    private enum Precedence: Sendable {
        /// No round in progress, or the first has not decided.
        case undecided
        /// The first succeeded: the second's reports are dropped until the round ends.
        case firstWon
        /// The first failed (or was not in progress): the second's reports pass.
        case secondReleased
    }

    private var precedence: Precedence = .undecided
    private var heldBegin: RecognizerUpdate<Second.Value>?
    private var heldLatest: RecognizerUpdate<Second.Value>?
    private var heldFinal: RecognizerUpdate<Second.Value>?
    /// Whether any of the three slots is set.
    private var hasHeldReports = false

    /// Makes `first.exclusively(before: second)`.
    public init(_ first: First, before second: Second) {
        self.first = first
        self.second = second
    }

    public var nextDeadline: Timestamp? { first.nextDeadline.earliest(second.nextDeadline) }

    public var isActive: Bool { first.isActive || second.isActive }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<Value>) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        let firstWasActive = first.isActive
        var firstGaveWay = false
        var firstSucceeded = false
        first.handle(input, emit: { update in
            emit(RecognizerUpdate(update.phase, .first(update.value)))
            switch update.phase {
            case .began, .ended:
                firstSucceeded = true
            case .failed, .cancelled:
                firstGaveWay = true
            case .arming, .changed:
                break
            }
        }, diagnose: diagnose)
        if firstSucceeded, case .undecided = precedence { precedence = .firstWon }
        if case .undecided = precedence, firstGaveWay || (!firstWasActive && !first.isActive) {
            precedence = .secondReleased
            release(emit: emit)
        }
        // The second's reports are gated by the precedence decided so far: dropped, passed on
        // as they come, or (undecided) collected, then held: the closure must not touch `self`
        // while `second` is mutating. (A recognizer reports at most a few per input.)
        switch precedence {
        case .firstWon:
            second.handle(input, emit: { _ in }, diagnose: diagnose)
        case .secondReleased:
            second.handle(input, emit: { emit(RecognizerUpdate($0.phase, .second($0.value))) }, diagnose: diagnose)
        case .undecided:
            var reports = ReportBuffer<Second.Value>()
            second.handle(input, emit: { reports.append($0) }, diagnose: diagnose)
            reports.forEach { hold($0) }
        }
        if !first.isActive && !second.isActive {
            // The round is over. A first that is still undecided here gave way.
            if case .undecided = precedence { release(emit: emit) }
            precedence = .undecided
            if hasHeldReports { heldBegin = nil; heldLatest = nil; heldFinal = nil; hasHeldReports = false }
        }
    }

    private mutating func hold(_ update: RecognizerUpdate<Second.Value>) {
        hasHeldReports = true
        switch update.phase {
        case .arming, .began:
            if heldBegin == nil { heldBegin = update } else { heldLatest = update }
        case .changed:
            heldLatest = update
        case .ended, .failed, .cancelled:
            heldFinal = update
        }
    }

    private mutating func release(emit: (RecognizerUpdate<Value>) -> Void) {
        guard hasHeldReports else { return }
        if let update = heldBegin { emit(RecognizerUpdate(update.phase, .second(update.value))) }
        if let update = heldLatest { emit(RecognizerUpdate(update.phase, .second(update.value))) }
        if let update = heldFinal { emit(RecognizerUpdate(update.phase, .second(update.value))) }
        heldBegin = nil; heldLatest = nil; heldFinal = nil; hasHeldReports = false
    }
}

extension Recognizer {
    /// SwiftUI's `exclusively(before:)`: `self` wins if it succeeds; `other` counts only if
    /// `self` fails.
    public func exclusively<Other: Recognizer>(before other: Other) -> ExclusiveRecognizer<Self, Other> {
        ExclusiveRecognizer(self, before: other)
    }
}

/// Up to two reports from one input, held without allocating; more spill into an array.
/// (Reports are large values: more inline slots cost more to initialize than they save. The
/// array is optional so a buffer that never spilled has nothing to release.)
struct ReportBuffer<Value: Sendable> {
    private var a, b: RecognizerUpdate<Value>?
    private var overflow: [RecognizerUpdate<Value>]?
    private var count = 0

    init() {}

    mutating func append(_ update: RecognizerUpdate<Value>) {
        switch count {
        case 0: a = update
        case 1: b = update
        default: if overflow == nil { overflow = [update] } else { overflow!.append(update) }
        }
        count += 1
    }

    func forEach(_ body: (RecognizerUpdate<Value>) -> Void) {
        // Slots fill in order, so the set ones are a prefix.
        if let a { body(a) }
        if let b { body(b) }
        overflow?.forEach(body)
    }
}
