// The three SwiftUI composition rules on small, fully controlled recognizers.
import Testing
@testable import GestoCore

/// A scripted recognizer: each event's finger count selects what it reports
/// (1 begins, 2 changes, 3 ends, 4 fails, 5 arms, 6 cancels). Active between begin and end.
struct Scripted: Recognizer {
    var label: String
    var active = false
    var nextDeadline: Timestamp? { nil }
    var isActive: Bool { active }
    mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<String>) -> Void) {
        guard case .sample(let sample) = input, sample.touchpadGesture == .swipe else { return }
        let phase: RecognizerPhase
        switch sample.fingerCount {
        case 1: phase = .began
        case 2: phase = .changed
        case 3: phase = .ended
        case 4: phase = .failed
        case 5: phase = .arming
        default: phase = .cancelled(.cancelledByLibinput)
        }
        active = !phase.isFinal
        emit(RecognizerUpdate(phase, label))
    }
}

/// Like `Scripted`, but listens to pinch events.
struct ScriptedPinch: Recognizer {
    var inner: Scripted
    var nextDeadline: Timestamp? { nil }
    var isActive: Bool { inner.isActive }
    mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<String>) -> Void) {
        guard case .sample(var sample) = input, sample.touchpadGesture == .pinch else { return }
        sample.touchpadGesture = .swipe
        inner.handle(.sample(sample), emit: emit)
    }
}

func swipeEvent(_ code: Int) -> GestureEvent { GestureEvent(.swipe, .update, fingers: code, time: Timestamp(microseconds: 0)) }
func pinchEvent(_ code: Int) -> GestureEvent { GestureEvent(.pinch, .update, fingers: code, time: Timestamp(microseconds: 0)) }

@Suite struct CompositionTests {
    @Test func sequencedSecondStartsOnlyAfterTheFirstSucceeds() {
        var sequence = Scripted(label: "press").sequenced(before: ScriptedPinch(inner: Scripted(label: "drag")))
        var log: [String] = []
        func feed(_ event: GestureEvent) {
            sequence.handle(.touchpad(event)) { update in
                switch update.value {
                case .first(let a): log.append("\(update.phase.name) first(\(a))")
                case .second(let a, let b): log.append("\(update.phase.name) second(\(a), \(b ?? "nil"))")
                }
            }
        }
        feed(pinchEvent(1))  // the second is not listening yet
        feed(swipeEvent(5))
        feed(swipeEvent(3))  // the press completes
        feed(pinchEvent(1))
        feed(pinchEvent(2))
        feed(pinchEvent(3))
        #expect(log == [
            "arming first(press)", "began second(press, nil)",
            "changed second(press, drag)", "changed second(press, drag)", "ended second(press, drag)",
        ])
        #expect(!sequence.isActive)
    }

    @Test func sequencedFailsWhenTheFirstFails() {
        var sequence = Scripted(label: "a").sequenced(before: ScriptedPinch(inner: Scripted(label: "b")))
        var phases: [RecognizerPhase] = []
        sequence.handle(.touchpad(swipeEvent(5))) { phases.append($0.phase) }
        sequence.handle(.touchpad(swipeEvent(4))) { phases.append($0.phase) }
        sequence.handle(.touchpad(pinchEvent(1))) { phases.append($0.phase) }
        #expect(phases == [.arming, .failed])
    }

    @Test func exclusiveHoldsTheSecondUntilTheFirstFailsThenReleasesItInOrder() {
        var exclusive = Scripted(label: "first").exclusively(before: ScriptedPinch(inner: Scripted(label: "second")))
        var log: [String] = []
        func feed(_ event: GestureEvent) {
            exclusive.handle(.touchpad(event)) { update in
                switch update.value {
                case .first(let a): log.append("\(update.phase.name) \(a)")
                case .second(let b): log.append("\(update.phase.name) \(b)")
                }
            }
        }
        feed(swipeEvent(5))  // first arms: undecided
        feed(pinchEvent(1))  // held
        feed(pinchEvent(2))  // held
        feed(pinchEvent(2))  // held (compacted)
        #expect(log == ["arming first"])
        feed(swipeEvent(4))  // first fails: release
        feed(pinchEvent(3))
        #expect(log == ["arming first", "failed first", "began second", "changed second", "ended second"])
    }

    @Test func exclusiveDropsTheSecondWhenTheFirstSucceeds() {
        var exclusive = Scripted(label: "first").exclusively(before: ScriptedPinch(inner: Scripted(label: "second")))
        var seconds = 0
        let count = { (update: RecognizerUpdate<ExclusiveValue<String, String>>) in
            if case .second = update.value { seconds += 1 }
        }
        exclusive.handle(.touchpad(swipeEvent(5)), emit: count)
        exclusive.handle(.touchpad(pinchEvent(1)), emit: count)
        exclusive.handle(.touchpad(swipeEvent(1)), emit: count)  // first began: it wins
        exclusive.handle(.touchpad(pinchEvent(2)), emit: count)
        exclusive.handle(.touchpad(pinchEvent(3)), emit: count)
        exclusive.handle(.touchpad(swipeEvent(3)), emit: count)
        #expect(seconds == 0)
        #expect(!exclusive.isActive)
        // A new round: the first is idle, so the second passes at once.
        exclusive.handle(.touchpad(pinchEvent(1)), emit: count)
        #expect(seconds == 1)
    }

    @Test func exclusivePassesTheSecondWhenTheFirstIsIdle() {
        var exclusive = Scripted(label: "first").exclusively(before: ScriptedPinch(inner: Scripted(label: "second")))
        var phases: [RecognizerPhase] = []
        exclusive.handle(.touchpad(pinchEvent(1))) { phases.append($0.phase) }
        exclusive.handle(.touchpad(pinchEvent(3))) { phases.append($0.phase) }
        #expect(phases == [.began, .ended])
    }

    @Test func exclusiveReleasesAHeldFinalWhenTheRoundEnds() {
        // The second begins and ends while the first is armed; the first then fails.
        var exclusive = Scripted(label: "first").exclusively(before: ScriptedPinch(inner: Scripted(label: "second")))
        var log: [String] = []
        let record = { (update: RecognizerUpdate<ExclusiveValue<String, String>>) in
            if case .second(let b) = update.value { log.append("\(update.phase.name) \(b)") }
        }
        exclusive.handle(.touchpad(swipeEvent(5)), emit: record)
        exclusive.handle(.touchpad(pinchEvent(1)), emit: record)
        exclusive.handle(.touchpad(pinchEvent(3)), emit: record)
        #expect(log.isEmpty)
        exclusive.handle(.touchpad(swipeEvent(6)), emit: record)  // first cancelled
        #expect(log == ["began second", "ended second"])
    }
}
