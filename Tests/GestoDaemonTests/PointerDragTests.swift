// The three-finger drag's state machine (PointerDrag, run by RecognizerGroups beside the
// recognizer groups) on real three-finger swipes from the corpus: the T480's 3-finger strokes
// (Tests/Fixtures/libinput-1.22, real libinput 1.22 on a real Synaptics TM3276). Lifting and
// putting the fingers back is made by replaying a second real stroke after the first, shifted
// to start a chosen time after the first one's lift: the events are the touchpad's own.
import Testing
import GestoConfig
import GestoCore
@testable import GestoDaemon

/// The gesture events of a fixture recording, in order.
private func events(_ fixture: String) throws -> [GestureEvent] {
    var events: [GestureEvent] = []
    _ = try RecordedInput(path: fixtures.appendingPathComponent(fixture).path).forEach({ record in
        if case .gesture(let event) = record { events.append(event) }
    }, warnings: { _ in })
    return events
}

private let dragStrokeZ = "libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt"
private let dragStrokeCircle = "libinput-1.22/005-synaptics-tm3276-t480-3fg-stroke-circle.debug-events.txt"
private let dragHold3 = "libinput-1.22/008-synaptics-tm3276-t480-3fg-hold.debug-events.txt"
private let dragPinch2 = "libinput-1.22/010-synaptics-tm3276-t480-2fg-pinch-in.debug-events.txt"

/// `events` moved in time so that the first starts `gap` seconds after `after`.
private func shifted(_ events: [GestureEvent], toStart gap: Double, after: Timestamp) -> [GestureEvent] {
    guard let first = events.first else { return [] }
    let offset = after.advanced(bySeconds: gap).microseconds(since: first.time)
    return events.map { var event = $0; event.time = event.time.advanced(byMicroseconds: offset); return event }
}

/// The drag binding's firings (phase, time, translation) when the pipeline of `config`
/// replays `events` to their end.
private func dragFirings(_ config: String, _ events: [GestureEvent]) throws -> [RecognizedGesture] {
    var pipeline = GesturePipeline(config: try Config.parse(config, file: "drag.yaml"))
    var firings: [RecognizedGesture] = []
    let collect: (ReplayLine) -> Void = { line in
        for firing in line.firings where firing.action.kind == .drag { firings.append(firing.gesture) }
    }
    for event in events { pipeline.handle(event, emit: collect) }
    pipeline.finish(emit: collect)
    return firings
}

private let dragLeft = "bindings:\n  - gesture: swipe:3\n    drag: left\n"

@Suite struct PointerDragTests {
    @Test func aStrokePressesFollowsTheMotionInEachSinksUnitsAndReleasesAfterTheLiftTimeout() throws {
        let stroke = try events(dragStrokeZ)
        let firings = try dragFirings(dragLeft, stroke)
        let begin = try #require(stroke.first { $0.kind == .swipe && $0.phase == .begin })
        let end = try #require(stroke.last { $0.kind == .swipe && $0.phase == .end })
        #expect(firings.first?.phase == .began)
        #expect(firings.first?.time == begin.time, "the button goes down at libinput's SWIPE_BEGIN")
        #expect(firings.dropFirst().dropLast().allSatisfy { $0.phase == .changed })
        #expect(firings.filter { $0.phase == .began }.count == 1)
        // One release, the lift timeout (0.7 s, libinput's) after the fingers lifted.
        let last = try #require(firings.last)
        #expect(last.phase == .ended)
        #expect(last.time == end.time.advanced(bySeconds: 0.7))
        // The pointer travelled the sum of libinput's accelerated deltas, not the unaccelerated.
        let accelerated = stroke.filter { $0.kind == .swipe && $0.phase == .update }.reduce(Vector2.zero) { $0 + $1.delta }
        let unaccelerated = stroke.filter { $0.kind == .swipe && $0.phase == .update }.reduce(Vector2.zero) { $0 + $1.unacceleratedDelta }
        #expect(abs(last.translation.x - accelerated.x) < 1e-6 && abs(last.translation.y - accelerated.y) < 1e-6)
        #expect(accelerated != unaccelerated)
        // …and, for a pointer the compositor accelerates itself, the unaccelerated deltas
        // libinput gave with each event.
        #expect(abs(last.unacceleratedTranslation.x - unaccelerated.x) < 1e-6 && abs(last.unacceleratedTranslation.y - unaccelerated.y) < 1e-6)
        // The planned effects: one press, moves summing to both travels, one release; each
        // sink moves by its own unit.
        var planner = EffectPlanner(host: .client)
        var effects: [Effect] = []
        for firing in firings {
            planner.plan(BindingFiring(bindingIndex: 0, action: .drag(.left), gesture: firing), isContinuous: false,
                         isSuppressed: false) { effects.append($0) }
        }
        #expect(effects.first == .press(.left) && effects.last == .release(.left))
        let moves = effects.compactMap { effect -> PointerMotion? in if case .move(let motion) = effect { motion } else { nil } }
        #expect(moves.count == effects.count - 2)
        let proxySum = moves.reduce(Vector2.zero) { $0 + PointerDragDriver.Sink.inputProxy.delta(of: $1) }
        let waylandSum = moves.reduce(Vector2.zero) { $0 + PointerDragDriver.Sink.wayland.delta(of: $1) }
        let began = try #require(firings.first)
        #expect(abs(proxySum.x - (last.unacceleratedTranslation.x - began.unacceleratedTranslation.x)) < 1e-6)
        #expect(abs(waylandSum.x - (last.translation.x - began.translation.x)) < 1e-6)
        #expect(abs(waylandSum.y - (last.translation.y - began.translation.y)) < 1e-6)
        // Z: right, then down-left, then right: the pointer ends right of and below its start.
        #expect(last.translation.x > 100 && last.translation.y > 100)
    }

    @Test func fingersBackWithinTheLiftTimeoutContinueTheSameDrag() throws {
        let first = try events(dragStrokeZ)
        let lift = try #require(first.last { $0.kind == .swipe && $0.phase == .end }).time
        let second = shifted(try events(dragStrokeCircle), toStart: 0.3, after: lift)
        let firings = try dragFirings(dragLeft, first + second)
        #expect(firings.filter { $0.phase == .began }.count == 1, "one press for both strokes")
        #expect(firings.filter(\.phase.isFinal).count == 1, "one release")
        let secondEnd = try #require(second.last { $0.kind == .swipe && $0.phase == .end }).time
        #expect(firings.last?.phase == .ended && firings.last?.time == secondEnd.advanced(bySeconds: 0.7))
        // The second stroke's motion moved the same drag on.
        let secondBegin = try #require(second.first).time
        #expect(firings.contains { $0.phase == .changed && $0.time > secondBegin })
    }

    @Test func fingersBackAfterTheLiftTimeoutStartANewDrag() throws {
        let first = try events(dragStrokeZ)
        let lift = try #require(first.last { $0.kind == .swipe && $0.phase == .end }).time
        let second = shifted(try events(dragStrokeCircle), toStart: 1.0, after: lift)
        let firings = try dragFirings(dragLeft, first + second)
        #expect(firings.filter { $0.phase == .began }.count == 2)
        #expect(firings.filter { $0.phase == .ended }.count == 2)
        let firstRelease = try #require(firings.first { $0.phase == .ended })
        #expect(firstRelease.time == lift.advanced(bySeconds: 0.7), "released at the timeout, before the new press")
        // The second drag's translation starts from zero.
        let secondBegan = try #require(firings.last { $0.phase == .began })
        #expect(secondBegan.translation == .zero)
    }

    @Test func theLiftTimeoutSettingChangesWhenTheButtonComesUp() throws {
        let first = try events(dragStrokeZ)
        let lift = try #require(first.last { $0.kind == .swipe && $0.phase == .end }).time
        let second = shifted(try events(dragStrokeCircle), toStart: 0.3, after: lift)
        // 0.3 s later is within the default 0.7 s, but not within 0.2 s: two drags.
        let short = "settings:\n  drag:\n    lift-timeout: 0.2\n" + dragLeft
        let firings = try dragFirings(short, first + second)
        #expect(firings.filter { $0.phase == .began }.count == 2)
        #expect(firings.first { $0.phase == .ended }?.time == lift.advanced(bySeconds: 0.2))
    }

    @Test func otherFingersDuringTheLiftEndTheDragAtOnce() throws {
        let first = try events(dragStrokeZ)
        let lift = try #require(first.last { $0.kind == .swipe && $0.phase == .end }).time
        let pinch = shifted(try events(dragPinch2), toStart: 0.2, after: lift)
        let firings = try dragFirings(dragLeft, first + pinch)
        let release = try #require(firings.last)
        #expect(release.phase == .ended)
        #expect(release.time == pinch.first?.time, "two fingers back end the drag when they begin, as in libinput's own")
    }

    @Test func restingTheSameFingersKeepsTheButtonDownUntilTheyLiftAgain() throws {
        let first = try events(dragStrokeZ)
        let lift = try #require(first.last { $0.kind == .swipe && $0.phase == .end }).time
        let rest = shifted(try events(dragHold3), toStart: 0.3, after: lift)
        let holdEnd = try #require(rest.last { $0.kind == .hold && $0.phase == .end }).time
        #expect(holdEnd.seconds(since: lift) > 0.7, "the rest outlasts the lift timeout")
        let firings = try dragFirings(dragLeft, first + rest)
        #expect(firings.filter(\.phase.isFinal).count == 1)
        #expect(firings.last?.time == holdEnd.advanced(bySeconds: 0.7))
    }

    @Test func aCancelledSwipeReleasesAtOnce() throws {
        var stroke = try events(dragStrokeZ)
        let endIndex = try #require(stroke.lastIndex { $0.kind == .swipe && $0.phase == .end })
        stroke[endIndex].isCancelled = true
        let firings = try dragFirings(dragLeft, stroke)
        #expect(firings.last?.phase == .cancelled(.cancelledByLibinput))
        #expect(firings.last?.time == stroke[endIndex].time)
        #expect(firings.filter(\.phase.isFinal).count == 1)
    }

    @Test func theInputEndingMidDragReleases() throws {
        let stroke = try events(dragStrokeZ)
        let middle = Array(stroke.prefix { !($0.kind == .swipe && $0.phase == .end) }.prefix(40))
        let firings = try dragFirings(dragLeft, middle)
        #expect(firings.last?.phase == .cancelled(.endOfInput))
        #expect(firings.filter(\.phase.isFinal).count == 1)
    }

    @Test func anInterruptReleasesWhileDraggingAndWhileLifted() throws {
        let stroke = try events(dragStrokeZ)
        for cut in [40, stroke.count] {  // Mid-stroke, and after the lift (within the timeout).
            var pipeline = GesturePipeline(config: try Config.parse(dragLeft, file: "drag.yaml"))
            var firings: [RecognizedGesture] = []
            let collect: (ReplayLine) -> Void = { line in
                for firing in line.firings where firing.action.kind == .drag { firings.append(firing.gesture) }
            }
            for event in stroke.prefix(cut) { pipeline.handle(event, emit: collect) }
            pipeline.interruptDrags(at: stroke[cut - 1].time, emit: collect)
            #expect(firings.last?.phase == .cancelled(.interrupted))
            #expect(firings.filter(\.phase.isFinal).count == 1)
            #expect(pipeline.nextDeadline == nil, "no lift timer is left behind")
            // Nothing more fires for the rest of the stroke.
            let before = firings.count
            for event in stroke.dropFirst(cut) { pipeline.handle(event, emit: collect) }
            pipeline.finish(emit: collect)
            #expect(firings.count == before)
        }
    }

    @Test func anotherFingerCountNeverDrags() throws {
        let firings = try dragFirings("bindings:\n  - gesture: swipe:4\n    drag: left\n", try events(dragStrokeZ))
        #expect(firings.isEmpty)
    }
}
