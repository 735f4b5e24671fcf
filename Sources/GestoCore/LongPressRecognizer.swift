// Recognizes a long press on a touchpad: fingers resting for a minimum duration, recognized
// by a timer (libinput sends nothing during a hold). Two shapes, as the reference toolkits have:
// UIKit's continuous `UILongPressGestureRecognizer` (began at the duration, ended at the lift)
// for `long-press:F` bindings, and SwiftUI's discrete `LongPressGesture` (ended at the
// duration) as the first stage of long-press-drag.
//
// State diagram:
//   idle ─HOLD_BEGIN→ arming (reports `arming` at once)
//   arming ─deadline, still or dragging within tolerance→ discrete: ended ─→ idle
//                                                         continuous: began ─→ pressed
//   arming ─HOLD_END (lifted) / travel > tolerance / other gesture / deadline after moving
//           with no swipe→ failed ─→ idle
//   arming ─HOLD_END cancelled→ arming(moved): libinput saw motion; a swipe with the same
//           fingers may follow and is measured against the tolerance.
//   pressed ─HOLD_END (lifted)→ ended;  ─HOLD_END cancelled / other gesture→ cancelled

/// Recognizes `long-press:F`.
///
/// HOLD_BEGIN arms it and reports `arming` so feedback can start. If the fingers stay within
/// ``LongPressSettings/maximumDistance`` for ``LongPressSettings/minimumDuration``, the press
/// is recognized at the deadline (the daemon's timer feeds the deadline back): a discrete
/// recognizer reports `ended` then; a continuous one reports `began` then and `ended` when the
/// fingers lift, or `cancelled` when they move on into another gesture (a rotation that started
/// after a short rest is not a long press). Lifting early, moving too far, or any other
/// gesture before the deadline reports `failed`.
public struct LongPressRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: LongPressSettings

    /// What resting fingers did while the press arms.
    private enum Motion: Sendable, Hashable {
        /// Resting: libinput's hold goes on.
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
        /// What the fingers did since they came to rest.
        var motion = Motion.still
        var translation: Vector2 = .zero
    }

    private enum State: Sendable {
        case idle
        case arming(Arming)
        /// Continuous only: recognized, waiting for the lift.
        case pressed(Arming)
    }

    private var state: State = .idle
    /// Whether the press reports `began` at the deadline and `ended` at the lift (UIKit), or
    /// `ended` at the deadline (SwiftUI).
    public let isContinuous: Bool

    /// Makes a long-press recognizer; `continuous` chooses UIKit's shape (see the type's doc).
    public init(settings: LongPressSettings = LongPressSettings(), continuous: Bool = true) {
        self.settings = settings
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

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch (state, input) {
        case (_, .touches):
            return  // Touchscreen frames are the touch recognizers' (GestoCore/Touch).
        case (.idle, .event(let event)):
            if event.kind == .hold && event.phase == .begin { arm(event, emit: emit) }
        case (.idle, .deadline), (.idle, .endOfInput):
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
                emit(.report(recognized ? .ended : .failed, report(arming, at: arming.deadline)))
            }
        case (.pressed, .deadline):
            return
        case (.pressed(let pressed), .endOfInput(let time)):
            state = .idle
            emit(.report(.cancelled(.endOfInput), report(pressed, at: time)))
        case (.pressed(let pressed), .event(let event)):
            switch (event.kind, event.phase) {
            case (.hold, .update):
                return
            case (.hold, .end):
                state = .idle
                emit(.report(event.isCancelled ? .cancelled(.cancelledByLibinput) : .ended, report(pressed, at: event.time)))
            case (.hold, .begin):
                emit(.report(.cancelled(.fingerCountChanged), report(pressed, at: event.time)))
                arm(event, emit: emit)
            case (.swipe, _), (.pinch, _):
                // The resting fingers moved on into a swipe or pinch: not a press any more.
                state = .idle
                emit(.report(.cancelled(.preempted), report(pressed, at: event.time)))
            }
        case (.arming(let arming), .endOfInput(let time)):
            state = .idle
            emit(.report(.failed, report(arming, at: time)))
        case (.arming(var arming), .event(let event)):
            switch (event.kind, event.phase) {
            case (.hold, .begin):
                emit(.report(.failed, report(arming, at: event.time)))
                arm(event, emit: emit)
            case (.hold, .update):
                return
            case (.hold, .end):
                if event.isCancelled && arming.motion == .still {
                    arming.motion = .moved
                    state = .arming(arming)
                } else {
                    state = .idle
                    emit(.report(.failed, report(arming, at: event.time)))
                }
            case (.swipe, .begin), (.swipe, .update):
                guard arming.motion != .still, event.fingerCount == arming.fingers else {
                    state = .idle
                    emit(.report(.failed, report(arming, at: event.time)))
                    return
                }
                arming.motion = .swiping
                arming.translation += event.unacceleratedDelta
                if arming.translation.length > settings.maximumDistance.deltaUnits {
                    state = .idle
                    emit(.report(.failed, report(arming, at: event.time)))
                } else {
                    state = .arming(arming)
                }
            case (.swipe, .end), (.pinch, _):
                state = .idle
                emit(.report(.failed, report(arming, at: event.time)))
            }
        }
    }

    private mutating func arm(_ event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        let arming = Arming(
            fingers: event.fingerCount, since: event.time,
            deadline: event.time.advanced(bySeconds: settings.minimumDuration))
        state = .arming(arming)
        emit(.report(.arming, report(arming, at: event.time)))
    }

    private func report(_ arming: Arming, at time: Timestamp) -> GestureValue {
        GestureValue(name: .longPress(fingers: arming.fingers), time: time,
            translation: arming.translation,
            // Exactly 1 from the deadline on: the timer, not float division, recognizes the press.
            progress: time >= arming.deadline ? 1 : min(1, max(0, time.seconds(since: arming.since) / settings.minimumDuration)))
    }
}
