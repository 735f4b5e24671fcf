// gesto-inputd's decision (GestoCore/Proxy) on real touchpads' evdev frames: the corpus's
// evemu recordings, read at test time from the shared corpus beside the checkout (the T480 ones
// are GPL-3.0 and are not copied). The clone is followed as the kernel would leave it: what
// the frames forwarded to it say, all lifted after a lift, the device's state after a resume.
import Foundation
import GestoCore
import Testing

/// A recording's frames (the events between SYN_REPORTs, at the SYN_REPORT's time), from its
/// `E:` lines.
private func frames(ofRecording prefix: String) throws -> [(time: Timestamp, events: [EvdevEvent])]? {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/recordings")
    guard let name = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        .first(where: { $0.hasPrefix(prefix) && $0.hasSuffix(".evemu") }) else { return nil }
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    var frames: [(time: Timestamp, events: [EvdevEvent])] = [], frame: [EvdevEvent] = []
    for line in text.split(separator: "\n") where line.hasPrefix("E:") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 5, let seconds = Double(fields[1]), let type = UInt16(fields[2], radix: 16),
              let code = UInt16(fields[3], radix: 16), let value = Int32(fields[4].split(separator: "\t")[0]) else { continue }
        let event = EvdevEvent(type: type, code: code, value: value)
        if event.isFrameEnd { frames.append((Timestamp(seconds: seconds), frame)); frame = [] } else { frame.append(event) }
    }
    return frames
}

/// What a recording's frames come to: the verdicts, and the most fingers the clone ever had.
private struct Outcome {
    var verdicts: [FrameVerdict] = []
    var cloneFingersSeen: Set<Int> = []
    /// When each lift was to be written, when its frame came, and the clone's fingers then
    /// with the time the last of them landed.
    var lifts: [(at: Timestamp, frame: Timestamp, cloneFingers: Int, lastLanding: Timestamp?)] = []
    var withheld: Int { verdicts.filter { $0 != .forward && $0 != .forwardWholeState }.count }
}

private func run(_ frames: [(time: Timestamp, events: [EvdevEvent])], owned: Set<Int>, usesSlots: Bool = true)
    -> (Outcome, FrameWithholding) {
    var withholding = FrameWithholding(ownedFingerCounts: owned, fingers: TouchpadFingers(usesSlots: usesSlots))
    var clone = TouchpadFingers(usesSlots: usesSlots)
    var lastLanding: Timestamp?
    var outcome = Outcome()
    for (time, frame) in frames {
        let verdict = withholding.verdict(forFrame: frame, at: time)
        outcome.verdicts.append(verdict)
        let before = clone.count
        defer { if clone.count > before { lastLanding = time } }
        switch verdict {
        case .forward: for event in frame { clone.apply(event) }
        case .liftAndWithhold(let at):
            outcome.lifts.append((at, time, clone.count, lastLanding))
            clone = TouchpadFingers(currentSlot: clone.currentSlot, usesSlots: usesSlots)
        case .withhold: break
        case .forwardWholeState: clone = withholding.fingers
        }
        outcome.cloneFingersSeen.insert(clone.count)
    }
    return (outcome, withholding)
}

@Suite struct FrameWithholdingTests {
    static let touchpads = ["001", "004", "005", "006", "007", "008", "010", "011", "012", "013", "015",
                            "018", "019", "020", "021", "022", "024", "025"]

    @Test("nothing owned: every frame of every touchpad recording reaches the clone as it came", arguments: touchpads)
    func nothingOwnedForwardsEverything(_ prefix: String) throws {
        guard let frames = try frames(ofRecording: prefix) else { return }  // the shared corpus is not beside this checkout
        let (outcome, _) = run(frames, owned: [])
        #expect(outcome.verdicts.allSatisfy { $0 == .forward })
    }

    @Test("3 owned: the clone never has 3 fingers, the 3-finger strokes are withheld from the frame the third finger lands",
          arguments: ["001", "004", "005", "008"])
    func threeOwnedStrokesAreWithheld(_ prefix: String) throws {
        guard let frames = try frames(ofRecording: prefix) else { return }
        let (outcome, withholding) = run(frames, owned: [3])
        #expect(!outcome.cloneFingersSeen.contains(3))
        #expect(outcome.lifts.count == 1)
        #expect(outcome.withheld > frames.count / 2)
        // Fingers the clone had are lifted only once the last of them has been down for the
        // tap-safe hold, so libinput on the clone makes no tap of them; with none, at once.
        let lift = try #require(outcome.lifts.first)
        #expect(lift.at >= lift.frame)
        if lift.cloneFingers > 0, let landing = lift.lastLanding {
            #expect(lift.at.seconds(since: landing) >= FrameWithholding.tapSafeHold - 1e-6)
        } else {
            #expect(lift.at == lift.frame)
        }
        // Every finger left: nothing is still withheld, and the clone is lifted too.
        #expect(withholding.fingers.count == 0)
        #expect(withholding.state != .withholding)
        // Before the third finger the clone had the first ones (a pointer, then two): only from
        // the third on is the touch taken away, with a lift.
        let firstLift = try #require(outcome.verdicts.firstIndex { if case .liftAndWithhold = $0 { true } else { false } })
        var fingers = TouchpadFingers()
        for frame in frames[...firstLift] { for event in frame.events { fingers.apply(event) } }
        #expect(fingers.count == 3)
    }

    @Test("3 owned: 2-finger pinches, rotations and scrolls reach the clone unchanged",
          arguments: ["007", "010", "011", "012", "013", "015", "021", "022", "024", "025"])
    func twoFingersPassWhenThreeAreOwned(_ prefix: String) throws {
        guard let frames = try frames(ofRecording: prefix) else { return }
        let (outcome, _) = run(frames, owned: [3])
        #expect(outcome.verdicts.allSatisfy { $0 == .forward })
    }

    @Test("the Apple touchpad without slots (protocol A) counts its fingers from BTN_TOOL_*: its 2-finger circles pass, its 3-finger ones do not")
    func protocolAFingersComeFromToolKeys() throws {
        guard let frames = try frames(ofRecording: "018") else { return }
        let (outcome, _) = run(frames, owned: [3], usesSlots: false)
        #expect(!outcome.cloneFingersSeen.contains(3))
        #expect(outcome.cloneFingersSeen.contains(2))
        #expect(outcome.lifts.count >= 1)
        #expect(outcome.verdicts.contains(.forwardWholeState))
    }

    @Test("the semi-MT Cypress pad tracks 2 slots and says 3 fingers only with BTN_TOOL_TRIPLETAP: still withheld")
    func semiMultitouchThirdFingerComesFromTheToolKey() throws {
        guard let frames = try frames(ofRecording: "020") else { return }
        let (outcome, _) = run(frames, owned: [3])
        #expect(outcome.lifts.count >= 1)
        #expect(!outcome.cloneFingersSeen.contains(3))
    }

    @Test("a stretch lasts until every finger lifts, even when ownership ends inside it; then the clone is brought back")
    func ownershipEndingInsideAStretchWaitsForTheLift() {
        let slot = { (s: Int32) in EvdevEvent(type: EvdevCode.absolute, code: EvdevCode.multitouchSlot, value: s) }
        let track = { (id: Int32) in EvdevEvent(type: EvdevCode.absolute, code: EvdevCode.multitouchTrackingID, value: id) }
        let tool = { (code: UInt16, on: Int32) in EvdevEvent(type: EvdevCode.key, code: code, value: on) }
        let t = { (s: Double) in Timestamp(seconds: 100 + s) }
        var withholding = FrameWithholding(ownedFingerCounts: [3])
        #expect(withholding.verdict(forFrame: [slot(0), track(1), tool(0x145, 1)], at: t(0)) == .forward)
        #expect(withholding.verdict(forFrame: [slot(1), track(2), tool(0x145, 0), tool(0x14d, 1)], at: t(0.01)) == .forward)
        // The second finger landed 10 ms earlier: the clone's lift waits 0.3 s from then.
        #expect(withholding.verdict(forFrame: [slot(2), track(3), tool(0x14d, 0), tool(0x14e, 1)], at: t(0.02))
                == .liftAndWithhold(at: t(0.31)))
        withholding.setOwnedFingerCounts([], fingers: { Issue.record("the fingers are followed"); return TouchpadFingers() }, at: t(0.4))
        #expect(withholding.verdict(forFrame: [slot(2), track(-1), tool(0x14e, 0), tool(0x14d, 1)], at: t(0.5)) == .withhold)
        #expect(withholding.verdict(forFrame: [slot(1), track(-1), slot(0), track(-1), tool(0x14d, 0)], at: t(0.6)) == .withhold)
        #expect(withholding.state == .resuming)
        #expect(withholding.verdict(forFrame: [slot(0), track(4), tool(0x145, 1)], at: t(0.7)) == .forwardWholeState)
        #expect(withholding.verdict(forFrame: [track(-1), tool(0x145, 0)], at: t(0.8)) == .forward)
        // Fingers that have rested on the clone long enough are lifted at once.
        // Nothing was owned: the fingers come from the device (all lifted after t(0.8)).
        withholding.setOwnedFingerCounts([2], fingers: { TouchpadFingers() }, at: t(0.9))
        #expect(withholding.verdict(forFrame: [slot(0), track(5), tool(0x145, 1)], at: t(1)) == .forward)
        #expect(withholding.verdict(forFrame: [slot(1), track(6), tool(0x145, 0), tool(0x14d, 1)], at: t(2))
                == .liftAndWithhold(at: t(2)))
    }

    @Test("while nothing is owned frames pass without their fingers followed; owning then takes the device's fingers")
    func nothingOwnedFollowsNoFingers() {
        let slot = { (s: Int32) in EvdevEvent(type: EvdevCode.absolute, code: EvdevCode.multitouchSlot, value: s) }
        let track = { (id: Int32) in EvdevEvent(type: EvdevCode.absolute, code: EvdevCode.multitouchTrackingID, value: id) }
        let tool = { (code: UInt16, on: Int32) in EvdevEvent(type: EvdevCode.key, code: code, value: on) }
        let t = { (s: Double) in Timestamp(seconds: 100 + s) }
        var withholding = FrameWithholding()
        #expect(!withholding.isFollowingFingers)
        #expect(withholding.verdict(forFrame: [slot(0), track(1), tool(0x145, 1)], at: t(0)) == .forward)
        #expect(withholding.verdict(forFrame: [slot(1), track(2), tool(0x145, 0), tool(0x14d, 1)], at: t(0.01)) == .forward)
        #expect(withholding.fingers.count == 0)
        // gestod links while two fingers rest: they count as landed on the clone when it does.
        withholding.setOwnedFingerCounts([3], fingers: { TouchpadFingers(activeSlots: [0, 1], currentSlot: 1, heldTools: [2]) }, at: t(0.1))
        #expect(withholding.isFollowingFingers)
        #expect(withholding.verdict(forFrame: [slot(2), track(3), tool(0x14d, 0), tool(0x14e, 1)], at: t(0.2))
                == .liftAndWithhold(at: t(0.4)))
    }

    @Test("a protocol A device's tracking IDs never end: its fingers come from BTN_TOOL_* alone")
    func protocolATrackingIDsAreIgnored() {
        var fingers = TouchpadFingers(usesSlots: false)
        fingers.apply(EvdevEvent(type: EvdevCode.absolute, code: EvdevCode.multitouchTrackingID, value: 7))
        fingers.apply(EvdevEvent(type: EvdevCode.key, code: 0x14d, value: 1))
        #expect(fingers.count == 2)
        fingers.apply(EvdevEvent(type: EvdevCode.key, code: 0x14d, value: 0))
        #expect(fingers.count == 0)
    }

    @Test("a count reached by jumping over an owned one is not owned (2 owned, 1 → 3 fingers in one frame)")
    func onlyTheCountReachedCounts() {
        var withholding = FrameWithholding(ownedFingerCounts: [2])
        let tool = { (code: UInt16, on: Int32) in EvdevEvent(type: EvdevCode.key, code: code, value: on) }
        #expect(withholding.verdict(forFrame: [tool(0x145, 1)], at: Timestamp(seconds: 1)) == .forward)
        #expect(withholding.verdict(forFrame: [tool(0x145, 0), tool(0x14e, 1)], at: Timestamp(seconds: 2)) == .forward)
        #expect(withholding.fingers.count == 3)
    }
}
