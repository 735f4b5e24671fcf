// A drag and the swipe bindings of its fingers on the same config (issue 40 item 2), and the
// sticky drag lock, replayed through the pipeline on real input: the T480's three-finger
// strokes and holds (Tests/Fixtures/libinput-1.22, libinput 1.22 on a real Synaptics TM3276)
// and the quick swipes users pasted (Tests/Fixtures/debug-events). Where a sequence needs the
// fingers back, a second real recording is shifted to start a chosen time after the first.
import Testing
import GestoConfig
import GestoCore
@testable import GestoDaemon

private let zStroke = "libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt"
private let circleStroke = "libinput-1.22/005-synaptics-tm3276-t480-3fg-stroke-circle.debug-events.txt"
private let oneFingerTap = "libinput-1.22/006-synaptics-tm3276-t480-1fg-hold.debug-events.txt"
private let threeFingerRest = "libinput-1.22/008-synaptics-tm3276-t480-3fg-hold.debug-events.txt"

/// The gesture events of a fixture recording, in order.
private func events(_ fixture: String) throws -> [GestureEvent] {
    var events: [GestureEvent] = []
    _ = try RecordedInput(path: fixtures.appendingPathComponent(fixture).path).forEach({ record in
        if case .gesture(let event) = record { events.append(event) }
    }, warnings: { _ in })
    return events
}

/// `events` moved in time so that the first starts `gap` seconds after `after`.
private func shifted(_ events: [GestureEvent], toStart gap: Double, after: Timestamp) -> [GestureEvent] {
    guard let first = events.first else { return [] }
    let offset = after.advanced(bySeconds: gap).microseconds(since: first.time)
    return events.map { var event = $0; event.time = event.time.advanced(byMicroseconds: offset); return event }
}

/// What the pipeline of `config` fires replaying `events` to their end: the drag bindings'
/// firings, and the names of the other bindings' firings.
private func replay(_ config: String, _ events: [GestureEvent]) throws -> (drag: [RecognizedGesture], swipes: [GestureName]) {
    var pipeline = GesturePipeline(config: try Config.parse(config, file: "drag.yaml"))
    var drag: [RecognizedGesture] = []
    var swipes: [GestureName] = []
    let collect: (ReplayLine) -> Void = { line in
        for firing in line.firings {
            if firing.action.kind == .drag { drag.append(firing.gesture) } else { swipes.append(firing.gesture.name) }
        }
    }
    for event in events { pipeline.handle(event, emit: collect) }
    pipeline.finish(emit: collect)
    return (drag, swipes)
}

/// A drag on three and on four fingers, beside a swipe binding in each direction of both, in
/// `mode`.
private func bothBindings(mode: String, settings: String = "") -> String {
    var text = settings + "bindings:\n  - {gesture: swipe:3, drag: left}\n  - {gesture: swipe:4, drag: left}\n"
    for fingers in [3, 4] {
        for direction in ["left", "right", "up", "down"] {
            text += "  - {gesture: 'swipe:\(fingers):\(direction)', exec: 'echo \(fingers)\(direction)', mode: \(mode)}\n"
        }
    }
    return text
}

@Suite struct DragBesideSwipesTests {
    @Test(arguments: ["on-end", "on-begin", "continuous"])
    func theZStrokeDragsAndNoSwipeBindingActs(mode: String) throws {
        let stroke = try events(zStroke)
        let begin = try #require(stroke.first { $0.kind == .swipe && $0.phase == .begin })
        let end = try #require(stroke.last { $0.kind == .swipe && $0.phase == .end })
        let fired = try replay(bothBindings(mode: mode), stroke)
        // Not quick (92 units in its first 60 ms): the button goes down at the decision, 60 ms
        // after libinput's SWIPE_BEGIN, and comes up at the lift timeout.
        #expect(fired.drag.first?.phase == .began)
        #expect(fired.drag.first?.time == begin.time.advanced(bySeconds: 0.06))
        #expect(fired.drag.filter { $0.phase == .began }.count == 1)
        #expect(fired.drag.last?.phase == .ended)
        #expect(fired.drag.last?.time == end.time.advanced(bySeconds: 0.7))
        // The press caught up with the motion before it: the pointer travelled all of it.
        let accelerated = stroke.filter { $0.kind == .swipe && $0.phase == .update }.reduce(Vector2.zero) { $0 + $1.delta }
        let travel = try #require(fired.drag.last).translation
        #expect(abs(travel.x - accelerated.x) < 1e-6 && abs(travel.y - accelerated.y) < 1e-6)
        // The swipe was the drag's: no swipe binding ran (a continuous one may have followed it
        // until the decision, and then saw it cancelled: the next test).
        if mode != "continuous" { #expect(fired.swipes.isEmpty, "\(fired.swipes)") }
    }

    @Test func theSwipeOfTheZIsCancelledAsPreemptedForItsBindings() throws {
        var pipeline = GesturePipeline(config: try Config.parse(bothBindings(mode: "continuous"), file: "drag.yaml"))
        var phases: [RecognizerPhase] = []
        let collect: (ReplayLine) -> Void = { line in
            for firing in line.firings where firing.action.kind != .drag { phases.append(firing.gesture.phase) }
        }
        for event in try events(zStroke) { pipeline.handle(event, emit: collect) }
        pipeline.finish(emit: collect)
        // A continuous binding that began ends with the drag's preemption, not libinput's.
        if let last = phases.last { #expect(last == .cancelled(.preempted), "\(phases)") }
        #expect(!phases.contains(.ended))
    }

    @Test(arguments: [
        // (fixture, the swipes it holds, those its bindings must fire in each mode)
        ("debug-events/004-fusuma32-short-flicks-3fg-up-4fg-up-4fg-left.txt", ["swipe:3:up"], ["swipe:3:up"]),
        ("debug-events/003-fusuma26-libinput1.6-4fg-swipe-down-then-4fg-right.txt", ["swipe:4:down"], ["swipe:4:down", "swipe:4:right"]),
        ("debug-events/013-lg202-2fg-scroll-then-4fg-swipe-down-then-4fg-begin.txt", ["swipe:4:down"], ["swipe:4:down"]),
        ("debug-events/002-touchegg278-2016-2fg-scroll-then-3fg-swipe-left.txt", [], ["swipe:3:left"]),
        ("debug-events/009-comfortableswipe68-surface-3fg-swipe-left-duplicate-timestamps.txt", [], ["swipe:3:left"]),
        ("debug-events/016-lg310-libinput1.17.3-device-added-3fg-swipe-down.txt", [], ["swipe:3:down"]),
    ])
    func aQuickSwipeFiresItsBindingAndNeverPresses(fixture: String, onEnd: [String], onBegin: [String]) throws {
        let input = try events(fixture)
        for (mode, expected) in [("on-end", onEnd), ("on-begin", onBegin)] {
            let fired = try replay(bothBindings(mode: mode), input)
            #expect(fired.drag.isEmpty, "\(fixture) \(mode): \(fired.drag.map(\.phase))")
            let names = Set(fired.swipes.map(\.description))
            for name in expected { #expect(names.contains(name), "\(fixture) \(mode): \(names)") }
        }
    }

    @Test func fingersThatRestedThenMoveDragAtOnce() throws {
        // The T480's three fingers resting (libinput's hold), ended as libinput ends a rest whose
        // fingers move (HOLD_END cancelled), then the Z's swipe beginning in the same frame.
        var rest = try events(threeFingerRest)
        let restEnd = try #require(rest.lastIndex { $0.kind == .hold && $0.phase == .end })
        rest[restEnd].isCancelled = true
        let stroke = shifted(try events(zStroke), toStart: 0, after: rest[restEnd].time)
        let fired = try replay(bothBindings(mode: "on-end"), rest + stroke)
        #expect(fired.drag.first?.phase == .began)
        #expect(fired.drag.first?.time == rest[restEnd].time, "no quick-swipe wait after a rest")
        #expect(fired.swipes.isEmpty, "\(fired.swipes)")
    }

    @Test func withoutSwipeBindingsBesideItADragStillPressesAtTheBegin() throws {
        let stroke = try events(zStroke)
        let begin = try #require(stroke.first { $0.kind == .swipe && $0.phase == .begin })
        let fired = try replay("bindings:\n  - {gesture: swipe:3, drag: left}\n  - {gesture: swipe:4:left, exec: a}\n", stroke)
        #expect(fired.drag.first?.time == begin.time)
    }

    @Test func aLongerQuickSwipeDistanceMakesTheQuickSwipeADragUnlessASwipeCommittedFirst() throws {
        // 016's three fingers travel 159 units in 60 ms: a quick swipe at the default 120; at
        // 200 they are short of it, but the swipe committed (its speed passed commit-velocity,
        // 2500 units/s), so its early bindings may have run: still a quick swipe.
        let input = try events("debug-events/016-lg310-libinput1.17.3-device-added-3fg-swipe-down.txt")
        let begin = try #require(input.first { $0.kind == .swipe && $0.phase == .begin })
        #expect(try replay(bothBindings(mode: "on-end"), input).drag.isEmpty)
        let longer = "settings:\n  drag: {quick-swipe-distance: 200}\n"
        #expect(try replay(bothBindings(mode: "on-end", settings: longer), input).drag.isEmpty)
        // With no commitment possible, it is the drag's once its 60 ms have passed.
        let slow = try replay(bothBindings(mode: "on-end", settings: longer + "  swipe: {commit-velocity: 8000}\n"), input)
        #expect(slow.drag.first?.phase == .began)
        #expect(slow.drag.first?.time == begin.time.advanced(bySeconds: 0.06))
        #expect(slow.drag.last?.phase == .cancelled(.endOfInput), "the recording ends mid-stroke")
        #expect(slow.swipes.isEmpty)
    }
}

@Suite struct StickyDragLockTests {
    private let sticky = "settings:\n  drag: {lock: sticky}\nbindings:\n  - {gesture: swipe:3, drag: left}\n"
    private let timeout = "bindings:\n  - {gesture: swipe:3, drag: left}\n"

    @Test func theButtonHoldsPastTheLiftTimeoutUntilTheNextTap() throws {
        let first = try events(zStroke)
        let lift = try #require(first.last { $0.kind == .swipe && $0.phase == .end }).time
        // The fingers come back 2 s after the lift, far past the 0.7 s timeout.
        let second = shifted(try events(circleStroke), toStart: 2.0, after: lift)
        let secondLift = try #require(second.last { $0.kind == .swipe && $0.phase == .end }).time
        // Then one finger taps (libinput begins a hold at its touch) 1.5 s later.
        let tap = shifted(try events(oneFingerTap), toStart: 1.5, after: secondLift)
        let tapBegin = try #require(tap.first { $0.kind == .hold && $0.phase == .begin }).time
        let held = try replay(sticky, first + second + tap).drag
        #expect(held.filter { $0.phase == .began }.count == 1, "one press for both strokes")
        #expect(held.filter(\.phase.isFinal).count == 1)
        #expect(held.last?.phase == .ended && held.last?.time == tapBegin, "released by the tap")
        // The lift timeout releases between the strokes and presses again.
        let timed = try replay(timeout, first + second + tap).drag
        #expect(timed.filter { $0.phase == .began }.count == 2)
        #expect(timed.first { $0.phase == .ended }?.time == lift.advanced(bySeconds: 0.7))
    }

    @Test func theDragsFingersRestingAndLiftingWithoutMovingAreATapThatReleases() throws {
        let first = try events(zStroke)
        let lift = try #require(first.last { $0.kind == .swipe && $0.phase == .end }).time
        let rest = shifted(try events(threeFingerRest), toStart: 1.0, after: lift)
        let restEnd = try #require(rest.last { $0.kind == .hold && $0.phase == .end }).time
        let held = try replay(sticky, first + rest).drag
        #expect(held.filter(\.phase.isFinal).count == 1)
        #expect(held.last?.phase == .ended && held.last?.time == restEnd)
    }

    @Test func theInputEndingWhileLiftedReleasesAtItsEnd() throws {
        let stroke = try events(zStroke)
        var pipeline = GesturePipeline(config: try Config.parse(sticky, file: "drag.yaml"))
        var drag: [RecognizedGesture] = []
        let collect: (ReplayLine) -> Void = { line in drag += line.firings.filter { $0.action.kind == .drag }.map(\.gesture) }
        for event in stroke { pipeline.handle(event, emit: collect) }
        #expect(pipeline.nextDeadline == nil, "no lift timer with the sticky lock")
        let end = try #require(stroke.last).time.advanced(bySeconds: 10)
        pipeline.finish(at: end, emit: collect)
        #expect(drag.last?.phase == .ended && drag.last?.time == end)
    }
}
