// Recognizes a long press on every device, from contact samples (ContactSample.swift): fingers
// resting for a minimum duration, recognized by a timer (libinput sends nothing during a hold,
// a resting finger no motion). Two shapes, as the reference toolkits have: UIKit's continuous
// `UILongPressGestureRecognizer` (began at the duration, ended at the lift) for `long-press:F`,
// whose tiers are told apart by how long the fingers rested; and SwiftUI's discrete
// `LongPressGesture` (ended at the duration) for `touch-long-press:F`, which acts while the
// finger still rests, and as the first stage of every long-press-drag.
//
// How fingers come to rest and move differs by device, not the rule:
//   touchpad: libinput's HOLD_BEGIN is the rest; its HOLD_END cancelled says the fingers moved
//     by libinput's own threshold, and a swipe of the same fingers that follows is measured
//     against the tolerance (its centroid); any other gesture ends the press.
//   touchscreen: a stroke's first frame is the rest; each finger's travel from where it landed
//     is measured against the tolerance; a finger lifting ends the press; more fingers landing
//     re-arm it for all of them, timed from the last.
//
// State diagram:
//   idle ─rest→ arming [arming]
//   arming ─deadline, within tolerance→ discrete: [ended] ─→ idle;  continuous: [began] ─→ pressed
//   arming ─lift / travel > tolerance / another gesture / deadline after moving with no swipe→ [failed] ─→ idle
//   arming ─libinput cancels the hold→ arming(moved);  ─more fingers land→ [failed] arming(all of them)
//   arming ─TOUCH_CANCEL→ [cancelled];  ─end of input→ [failed] (it never was a press)
//   pressed ─lift→ [ended];  ─cancelled hold / another gesture / end of input→ [cancelled]

/// Recognizes a long press of F fingers on one kind of device.
///
/// The rest arms it and reports `arming` so feedback can start. If the fingers stay within
/// ``LongPressSettings/maximumDistance`` for ``LongPressSettings/minimumDuration``, the press
/// is recognized at the deadline (the daemon's timer feeds the deadline back): a discrete
/// recognizer reports `ended` then; a continuous one reports `began` then and `ended` when the
/// fingers lift, or `cancelled` when they move on into another gesture (a rotation that started
/// after a short rest is not a long press). Lifting early, moving too far, or any other
/// gesture before the deadline reports `failed`, saying why (``FailureReason``) except when more
/// fingers landed (the press re-arms for all of them: nobody asks why the smaller one failed).
public struct LongPressRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: LongPressSettings
    /// The device whose streams it judges (the other's samples pass it by).
    public let device: ContactDevice
    /// Whether the press reports `began` at the deadline and `ended` at the lift (UIKit), or
    /// `ended` at the deadline (SwiftUI).
    public let isContinuous: Bool

    /// What resting fingers did while the press arms (on a touchpad: libinput's view).
    private enum Motion: Sendable, Hashable {
        /// Resting: libinput's hold goes on, or a touchscreen's fingers stay within tolerance.
        case still
        /// libinput cancelled the hold (the fingers moved by its own threshold); no swipe yet.
        case moved
        /// A swipe with the same fingers followed, measured against the tolerance.
        case swiping
    }

    private struct Arming: Sendable {
        var fingers: Int
        var since: Timestamp
        var deadline: Timestamp
        var unit: ContactUnit
        /// What the fingers did since they came to rest.
        var motion = Motion.still
        /// The centroid's travel of the swipe that followed libinput's hold.
        var translation: Vector2 = .zero
    }

    private enum State: Sendable {
        case idle
        case arming(Arming)
        /// Continuous only: recognized, waiting for the lift.
        case pressed(Arming)
    }

    private var state: State = .idle

    /// Makes a long-press recognizer for `device`; `continuous` chooses UIKit's shape (see the
    /// type's doc).
    public init(settings: LongPressSettings = LongPressSettings(), device: ContactDevice = .touchpad, continuous: Bool = true) {
        self.settings = settings
        self.device = device
        self.isContinuous = continuous
    }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .idle: .idle
        case .arming(let arming): RecognizerTraceState(name: "arming", fingers: arming.fingers)
        case .pressed(let arming): RecognizerTraceState(name: "pressed", fingers: arming.fingers)
        }
    }

    public var nextDeadline: Timestamp? {
        switch state {
        case .idle, .pressed: nil
        case .arming(let arming): arming.deadline
        }
    }

    public var isActive: Bool {
        switch state {
        case .idle: false
        case .arming, .pressed: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        // Idle, a touchpad's press starts only when libinput's hold does.
        if case .sample(let sample) = input, let kind = sample.touchpadGesture, kind != .hold, !isActive { return }
        switch (state, input) {
        case (.idle, .deadline), (.idle, .endOfInput), (.pressed, .deadline):
            return
        case (.arming(let arming), .deadline(let time)):
            // Every recognizer is fed every deadline that falls due: one before ours is normal.
            guard time >= arming.deadline else { return }
            state = .idle
            // After libinput saw motion, only a swipe still within tolerance completes the press:
            // a scroll or a lift sends no gesture event and must not fire it.
            let recognized: Bool
            switch arming.motion {
            case .still, .swiping: recognized = true
            case .moved: recognized = false
            }
            if recognized && isContinuous {
                state = .pressed(arming)
                emit(.report(.began, report(arming, at: arming.deadline)))
            } else {
                emit(.report(recognized ? .ended : .failed,
                             report(arming, at: arming.deadline, failing: recognized ? nil : failure(after: arming, lifted: false))))
            }
        case (.arming(let arming), .endOfInput(let time)):
            state = .idle
            emit(.report(.failed, report(arming, at: time, failing: .endOfInput(beforeSeconds: settings.minimumDuration))))
        case (.pressed(let pressed), .endOfInput(let time)):
            state = .idle
            emit(.report(.cancelled(.endOfInput), report(pressed, at: time)))
        case (_, .sample(let sample)):
            guard sample.device == device else { return }
            if let gesture = sample.touchpadGesture {
                handle(touchpad: sample, gesture, emit: emit)
            } else {
                handle(touchscreen: sample, emit: emit)
            }
        }
    }

    /// A touchpad's sample: libinput's holds are the rests; a swipe after a cancelled hold is
    /// motion; anything else ends the press.
    private mutating func handle(touchpad sample: ContactSample, _ gesture: GestureKind, emit: (RecognizedGesture) -> Void) {
        switch (state, gesture, sample.phase) {
        case (.idle, .hold, .begin):
            arm(sample, fingers: sample.fingerCount, emit: emit)
        case (.idle, _, _):
            return
        case (.arming(let arming), .hold, .begin):
            fail(at: sample.time, failure(after: arming, lifted: false), emit: emit)
            arm(sample, fingers: sample.fingerCount, emit: emit)
        case (.arming, .hold, .update):
            return
        case (_, _, .beginAndEnd):
            return  // A touchscreen's (a stream of one sample): never here.
        case (.arming(var arming), .hold, .cancel) where arming.motion == .still:
            arming.motion = .moved
            state = .arming(arming)
        case (.arming(let arming), .hold, .end), (.arming(let arming), .hold, .cancel):
            fail(at: sample.time, failure(after: arming, lifted: sample.phase == .end), emit: emit)
        case (.arming(var arming), .swipe, .begin), (.arming(var arming), .swipe, .update):
            guard arming.motion != .still, sample.fingerCount == arming.fingers else {
                fail(at: sample.time, failure(after: arming, lifted: false), emit: emit)
                return
            }
            arming.motion = .swiping
            arming.translation += sample.motion ?? .zero
            state = .arming(arming)
            let tolerance = settings.maximumDistance.value(in: arming.unit)
            if arming.translation.length > tolerance { fail(at: sample.time, .movedMoreThan(tolerance, arming.unit), emit: emit) }
        case (.arming(let arming), .swipe, .end), (.arming(let arming), .swipe, .cancel), (.arming(let arming), .pinch, _):
            fail(at: sample.time, failure(after: arming, lifted: gesture == .swipe && sample.phase == .end), emit: emit)
        case (.pressed, .hold, .update):
            return
        case (.pressed(let pressed), .hold, .end):
            state = .idle
            emit(.report(.ended, report(pressed, at: sample.time)))
        case (.pressed(let pressed), .hold, .cancel):
            state = .idle
            emit(.report(.cancelled(.cancelledByLibinput), report(pressed, at: sample.time)))
        case (.pressed(let pressed), .hold, .begin):
            emit(.report(.cancelled(.fingerCountChanged), report(pressed, at: sample.time)))
            arm(sample, fingers: sample.fingerCount, emit: emit)
        case (.pressed(let pressed), .swipe, _), (.pressed(let pressed), .pinch, _):
            // The resting fingers moved on into a swipe or pinch: not a press any more.
            state = .idle
            emit(.report(.cancelled(.preempted), report(pressed, at: sample.time)))
        }
    }

    /// A touchscreen's sample: the stroke's first frame is the rest; each finger's travel is
    /// measured against the tolerance; a lift ends the press, more fingers re-arm it.
    private mutating func handle(touchscreen sample: ContactSample, emit: (RecognizedGesture) -> Void) {
        switch (state, sample.phase) {
        case (.idle, .begin):
            arm(sample, fingers: sample.fingersDown, emit: emit)
        case (.idle, _):
            return
        case (.arming(let arming), .cancel), (.pressed(let arming), .cancel):
            state = .idle
            emit(.report(.cancelled(.cancelledByLibinput), report(arming, at: sample.time)))
        case (.arming(let arming), .begin), (.arming(let arming), .update), (.arming(let arming), .end):
            let travel = sample.fingerTravel ?? 0
            let tolerance = settings.maximumDistance.value(in: arming.unit)
            if travel > tolerance {
                fail(at: sample.time, .movedMoreThan(tolerance, arming.unit), emit: emit)
            } else if sample.fingersDown < arming.fingers {
                fail(at: sample.time, .shorterThan(seconds: settings.minimumDuration), emit: emit)
            } else if sample.fingersDown > arming.fingers {
                // More fingers landed: the press is of all of them, timed from the last.
                fail(at: sample.time, nil, emit: emit)
                arm(sample, fingers: sample.fingersDown, emit: emit)
            }
        case (.pressed, .begin), (.pressed, .update), (_, .beginAndEnd):
            return
        case (.pressed(let pressed), .end):
            state = .idle
            emit(.report(.ended, report(pressed, at: sample.time)))
        }
    }

    private mutating func arm(_ sample: ContactSample, fingers: Int, emit: (RecognizedGesture) -> Void) {
        let arming = Arming(fingers: fingers, since: sample.time,
                            deadline: sample.time.advanced(bySeconds: settings.minimumDuration), unit: sample.unit)
        state = .arming(arming)
        emit(.report(.arming, report(arming, at: sample.time)))
    }

    /// The press in arming fails at `time` for `reason` (nil: none worth saying).
    private mutating func fail(at time: Timestamp, _ reason: FailureReason?, emit: (RecognizedGesture) -> Void) {
        guard case .arming(let arming) = state else { return }
        state = .idle
        emit(.report(.failed, report(arming, at: time, failing: reason)))
    }

    /// Why a touchpad press in arming fails when libinput's events end it: `lifted` (a HOLD_END
    /// or a SWIPE_END, not cancelled) while resting or swiping within tolerance is a press too
    /// short; after libinput cancelled the hold, the fingers moved; resting fingers that another
    /// gesture interrupts lost the END libinput sends first.
    private func failure(after arming: Arming, lifted: Bool) -> FailureReason {
        switch arming.motion {
        case .still: lifted ? .shorterThan(seconds: settings.minimumDuration) : .lostEnd(beforeSeconds: settings.minimumDuration)
        case .swiping where lifted: .shorterThan(seconds: settings.minimumDuration)
        case .moved, .swiping: .cancelledByLibinput(beforeSeconds: settings.minimumDuration)
        }
    }

    /// The press's value at `time`; `failing` is the reason of a failed report.
    private func report(_ arming: Arming, at time: Timestamp, failing reason: FailureReason? = nil) -> GestureValue {
        GestureValue(name: GestureName(.longPress, fingers: arming.fingers, on: device),
            time: time,
            translation: arming.translation,
            // Exactly 1 from the deadline on: the timer, not float division, recognizes the press.
            progress: time >= arming.deadline ? 1 : min(1, max(0, time.seconds(since: arming.since) / settings.minimumDuration)),
            failureReason: reason)
    }
}
