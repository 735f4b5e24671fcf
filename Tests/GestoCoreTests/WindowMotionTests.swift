// WindowMotion, the pure part of `window-motion:`: 1:1 dragging, the snap target a release
// projects to (left, right, maximize, back), a critically damped spring that approaches it
// monotonically, and retargeting or grabbing mid-flight without a jump.
import Testing
@testable import GestoCore

struct WindowMotionTests {
    static let area = WindowRect(x: 0, y: 0, width: 1280, height: 720)
    /// A floating window where sway puts new ones: centred.
    static let window = WindowRect(x: 400, y: 210, width: 480, height: 300)
    static let t0 = Timestamp(microseconds: 10_000_000)

    static func motion() -> WindowMotion { WindowMotion(start: window, area: area) }

    static func released(dx: Double, dy: Double = 0, vx: Double, vy: Double = 0) -> WindowMotion {
        var motion = motion()
        motion.grab(at: t0)
        motion.release(translation: Vector2(dx, dy), velocity: Vector2(vx, vy), at: t0.advanced(bySeconds: 0.2))
        return motion
    }

    @Test func snapRects() {
        let motion = Self.motion()
        #expect(motion.rect(of: .left) == WindowRect(x: 0, y: 0, width: 640, height: 720))
        #expect(motion.rect(of: .right) == WindowRect(x: 640, y: 0, width: 640, height: 720))
        #expect(motion.rect(of: .maximize) == Self.area)
        #expect(motion.rect(of: .back) == Self.window)
    }

    @Test func followsTheFingersOneToOne() {
        var motion = WindowMotion(start: Self.window, area: Self.area, scale: 2)
        motion.grab(at: Self.t0)
        #expect(motion.dragged(translation: Vector2(-30, 12)) == Vector2(340, 234))
    }

    @Test func flicksChooseLeftRightAndMaximize() {
        #expect(Self.released(dx: -60, vx: -1500).target == .left)
        #expect(Self.released(dx: 60, vx: 1500).target == .right)
        #expect(Self.released(dx: 0, dy: -60, vx: 0, vy: -1500).target == .maximize)
        // A drag far enough to the left chooses the left half without a flick.
        #expect(Self.released(dx: -320, vx: 0).target == .left)
    }

    @Test func slowShortDragGoesBack() {
        let motion = Self.released(dx: -40, dy: 10, vx: -100, vy: 20)
        #expect(motion.target == .back)
        #expect(motion.spring?.to == Self.window.origin)
    }

    @Test func onlyConfiguredSnapsAreChosen() {
        var motion = WindowMotion(start: Self.window, area: Self.area, snaps: [.back, .maximize])
        motion.grab(at: Self.t0)
        #expect(motion.release(translation: Vector2(-60, 0), velocity: Vector2(-3000, 0), at: Self.t0) == .back)
    }

    /// A pinch scales the grabbed window about its centre: 480x300 at (400, 210) is 240x150
    /// at (520, 285) at half scale, and 960x600 at (160, 60) at twice.
    @Test func pinchScalesAboutTheCentre() {
        var motion = Self.motion()
        motion.grab(at: Self.t0)
        let half = motion.pinched(scale: 0.5)
        #expect(half.origin == Vector2(520, 285) && half.size == Vector2(240, 150))
        let twice = motion.pinched(scale: 2)
        #expect(twice.origin == Vector2(160, 60) && twice.size == Vector2(960, 600))
        // A scale out of range is clamped, not a zero or infinite rect.
        #expect(motion.pinched(scale: 0).size == Vector2(4.8, 3))
        #expect(motion.pinched(scale: .infinity).size == Vector2(480, 300))
    }

    /// A pinch's release springs, from the pinched rect at rest, to the target of nearest
    /// size: back unless maximize is a snap and the window was pinched nearer the area's size;
    /// at rest it is exactly the target's rect.
    @Test func pinchReleaseSpringsToTheNearestSize() throws {
        var motion = Self.motion()
        motion.grab(at: Self.t0)
        #expect(motion.release(scale: 0.6, at: Self.t0) == .back)
        let spring = try #require(motion.spring)
        #expect(spring.from == Vector2(496, 270) && spring.to == Self.window.origin)
        let midway = motion.frame(at: Self.t0.advanced(bySeconds: 0.05))
        #expect(midway.size.x > 288 && midway.size.x < 480 && !midway.atRest)
        let rest = motion.frame(at: Self.t0.advanced(bySeconds: 3))
        #expect(rest.atRest && rest.origin == Self.window.origin && rest.size == Vector2(480, 300))
        // Pinched out past halfway to the area: maximize, where it is a snap (it is by default)…
        var out = Self.motion()
        out.grab(at: Self.t0)
        #expect(out.release(scale: 2.2, at: Self.t0) == .maximize)
        // …and back where it is not.
        var backOnly = WindowMotion(start: Self.window, area: Self.area, snaps: [.left, .back])
        backOnly.grab(at: Self.t0)
        #expect(backOnly.release(scale: 2.2, at: Self.t0) == .back)
    }

    /// ζ = 1 from rest: the window approaches the target without ever passing it.
    @Test func criticallyDampedSpringApproachesMonotonicallyFromRest() {
        var motion = Self.motion()
        motion.retarget(to: .left, at: Self.t0)
        let spring = try! #require(motion.spring)
        #expect(abs(spring.parameters.dampingRatio - 1) < 1e-12)
        var previous = motion.frame(at: Self.t0).origin
        var settled = false
        for ms in stride(from: 1, through: 2000, by: 1) {
            let frame = motion.frame(at: Self.t0.advanced(bySeconds: Double(ms) / 1000))
            #expect(frame.origin.x <= previous.x && frame.origin.x >= 0)
            #expect(frame.origin.y <= previous.y && frame.origin.y >= 0)
            previous = frame.origin
            if frame.atRest { settled = true; break }
        }
        #expect(settled)
        #expect(previous == Vector2(0, 0))
    }

    /// A fast leftward release (below β·|d₀|, so ζ = 1 cannot overshoot) keeps x decreasing.
    @Test func releaseVelocityCarriesOnWithoutOvershoot() {
        let motion = Self.released(dx: -100, vx: -2000)
        let spring = try! #require(motion.spring)
        #expect(spring.initialVelocity == Vector2(-2000, 0))
        #expect(spring.from == Vector2(300, 210))
        var previous = 300.0
        for ms in stride(from: 1, through: 1000, by: 4) {
            let x = motion.frame(at: spring.startTime.advanced(bySeconds: Double(ms) / 1000)).origin.x
            #expect(x <= previous && x >= 0)
            previous = x
        }
        #expect(previous == 0)
    }

    /// The size springs from the window's to the target's, from rest, without overshoot.
    @Test func sizeSpringsToTheTargetSize() {
        let motion = Self.released(dx: -100, vx: -2000)
        let start = try! #require(motion.spring).startTime
        #expect(motion.frame(at: start).size == Vector2(480, 300))
        var previous = Vector2(480, 300)
        var atRest = false
        for ms in stride(from: 1, through: 1000, by: 4) {
            let frame = motion.frame(at: start.advanced(bySeconds: Double(ms) / 1000))
            #expect(frame.size.x >= previous.x && frame.size.x <= 640)
            #expect(frame.size.y >= previous.y && frame.size.y <= 720)
            previous = frame.size
            atRest = frame.atRest
        }
        #expect(atRest && previous == Vector2(640, 720))
        var settled = motion
        settled.settle()
        #expect(settled.size == Vector2(640, 720) && settled.sizeSpring == nil)
    }

    @Test func retargetKeepsPositionAndVelocity() {
        var motion = Self.released(dx: -100, vx: -2000)
        let spring = try! #require(motion.spring)
        let switchTime = spring.startTime.advanced(bySeconds: 0.05)
        let before = spring.state(at: switchTime)
        motion.retarget(to: .right, at: switchTime)
        let after = try! #require(motion.spring).state(at: switchTime)
        #expect((after.value - before.value).length < 1e-9)
        #expect((after.velocity - before.velocity).length < 1e-9)
        // Just after the switch: still continuous, and the target is the right half.
        let later = try! #require(motion.spring).state(at: switchTime.advanced(bySeconds: 0.0001))
        #expect((later.value - before.value).length < 1)
        #expect(motion.target == .right && motion.spring?.to == Vector2(640, 0))
    }

    @Test func grabMidFlightFreezesWhereTheWindowIs() {
        var motion = Self.released(dx: -100, vx: -2000)
        let spring = try! #require(motion.spring)
        let grabTime = spring.startTime.advanced(bySeconds: 0.04)
        let shown = motion.frame(at: grabTime).origin
        let grabbed = motion.grab(at: grabTime)
        #expect((grabbed - shown).length < 1e-9)
        #expect(motion.target == nil)
        #expect(motion.dragged(translation: .zero) == grabbed)
        #expect(motion.dragged(translation: Vector2(10, 0)) == grabbed + Vector2(10, 0))
        // The size stops where it was too.
        #expect(motion.sizeSpring == nil)
        #expect(motion.size.x > 480 && motion.size.x < 640)
        // The next release springs from the new drag position, still back to the first start.
        motion.release(translation: Vector2(5, 0), velocity: .zero, at: grabTime.advanced(bySeconds: 0.3))
        #expect(motion.spring?.from == grabbed + Vector2(5, 0))
        #expect(motion.rect(of: .back) == Self.window)
    }
}
