// The drag stage of long-press-drag, on every device, from contact samples: it follows the
// fingers with no threshold once the press has completed, as SwiftUI's
// `DragGesture(minimumDistance: 0)` after a long press. When the drag starts depends on how the
// device reports motion: on a touchpad, libinput reports HOLD_END (cancelled) and then
// SWIPE_BEGIN/UPDATE/END with the same fingers; on a touchscreen, the same stroke moves on past
// the press's tolerance.
//
// State diagram:
//   waiting ─HOLD_END cancelled→ waiting(moved, deadline = now + start timeout)
//   waiting ─SWIPE_BEGIN/UPDATE, same fingers / stroke past the tolerance→ dragging [began]
//   dragging ─motion→ [changed] ─SWIPE_END / last finger up→ [ended]; cancelled END, TOUCH_CANCEL→ [cancelled]
//   waiting ─HOLD_END (lifted) / last finger up→ [failed];  ─timeout / pinch / other fingers / TOUCH_CANCEL→ [cancelled]

/// Follows the motion that continues a long press; `fingers` is set by the press that armed it.
public struct DragRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// How long after libinput cancels the hold a swipe may take to begin, in seconds: 0.25.
    /// libinput begins the swipe in the same or the next frame; a cancelled hold that is
    /// followed by no swipe is a scroll (which sends no gesture events).
    public static let startTimeout = 0.25

    /// The press's thresholds: on a touchscreen, the drag starts once the fingers moved past
    /// ``LongPressSettings/maximumDistance`` since the press.
    public var settings: LongPressSettings
    /// The device whose streams it judges (the other's samples pass it by).
    public let device: ContactDevice
    /// The finger count the drag must keep (nil: whatever the first event has).
    public var fingers: Int?

    private struct Drag: Sendable {
        var fingers: Int
        var translation: Vector2 = .zero
    }

    private enum State: Sendable {
        /// The press completed; `moved` is the fingers' travel since (touchscreens), `deadline`
        /// the time a touchpad's swipe must begin by once libinput cancelled the hold.
        case waiting(deadline: Timestamp?, moved: Vector2)
        case dragging(Drag)
    }

    private var state: State = .waiting(deadline: nil, moved: .zero)
    private var hasStarted = false
    /// The drag's velocity (beside the state: not copied with it on every event).
    private var tracker = VelocityTracker()

    /// Makes the drag stage for `device`.
    public init(settings: LongPressSettings = LongPressSettings(), device: ContactDevice = .touchpad, fingers: Int? = nil) {
        self.settings = settings
        self.device = device
        self.fingers = fingers
    }

    public var nextDeadline: Timestamp? {
        switch state {
        case .waiting(let deadline, _): deadline
        case .dragging: nil
        }
    }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .waiting: RecognizerTraceState(name: "waiting", fingers: fingers)
        case .dragging(let drag): RecognizerTraceState(name: "dragging", fingers: drag.fingers)
        }
    }

    /// A drag is in progress from the moment the press hands over to it until it finishes.
    public var isActive: Bool { hasStarted }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        hasStarted = true
        switch (state, input) {
        case (.waiting(let deadline, _), .deadline(let time)):
            guard let deadline, time >= deadline else { return }
            finish(.cancelled(.timeout), Drag(fingers: fingers ?? 0), at: time, emit: emit)
        case (.waiting, .endOfInput(let time)):
            finish(.cancelled(.endOfInput), Drag(fingers: fingers ?? 0), at: time, emit: emit)
        case (.dragging(let drag), .endOfInput(let time)):
            finish(.cancelled(.endOfInput), drag, at: time, emit: emit)
        case (.dragging, .deadline):
            return
        case (_, .sample(let sample)):
            guard sample.device == device else { return }
            if let gesture = sample.touchpadGesture {
                handle(touchpad: sample, gesture, emit: emit)
            } else {
                handle(touchscreen: sample, emit: emit)
            }
        }
    }

    /// A touchpad's sample: the drag is libinput's swipe that follows the cancelled hold.
    private mutating func handle(touchpad sample: ContactSample, _ gesture: GestureKind, emit: (RecognizedGesture) -> Void) {
        switch (state, gesture, sample.phase) {
        case (_, _, .beginAndEnd):
            return  // A touchscreen's (a stream of one sample): never here.
        case (.waiting, .hold, .cancel):
            state = .waiting(deadline: sample.time.advanced(bySeconds: Self.startTimeout), moved: .zero)
        case (.waiting, .hold, _):
            // Lifted without dragging, or a new hold: the drag never happened.
            finish(.failed, Drag(fingers: fingers ?? sample.fingerCount), at: sample.time, emit: emit)
        case (.waiting, .swipe, .begin), (.waiting, .swipe, .update):
            guard fingers == nil || fingers == sample.fingerCount else {
                finish(.cancelled(.fingerCountChanged), Drag(fingers: fingers ?? 0), at: sample.time, emit: emit)
                return
            }
            start(Drag(fingers: sample.fingerCount, translation: sample.motion ?? .zero), at: sample, emit: emit)
        case (.waiting, .swipe, .end):
            finish(.failed, Drag(fingers: fingers ?? sample.fingerCount), at: sample.time, emit: emit)
        case (.waiting, .swipe, .cancel):
            finish(.cancelled(.cancelledByLibinput), Drag(fingers: fingers ?? sample.fingerCount), at: sample.time, emit: emit)
        case (.waiting, .pinch, _):
            finish(.cancelled(.preempted), Drag(fingers: fingers ?? sample.fingerCount), at: sample.time, emit: emit)
        case (.dragging(var drag), .swipe, .update) where sample.fingerCount == drag.fingers:
            drag.translation += sample.motion ?? .zero
            tracker.add(position: drag.translation, at: sample.time)
            state = .dragging(drag)
            emit(.report(.changed, report(drag, at: sample.time)))
        case (.dragging(let drag), .swipe, .end):
            finish(.ended, drag, at: sample.time, emit: emit)
        case (.dragging(let drag), .swipe, .cancel):
            finish(.cancelled(.cancelledByLibinput), drag, at: sample.time, emit: emit)
        case (.dragging(let drag), .swipe, .update), (.dragging(let drag), .swipe, .begin):
            finish(.cancelled(.fingerCountChanged), drag, at: sample.time, emit: emit)
        case (.dragging(let drag), .hold, _), (.dragging(let drag), .pinch, _):
            finish(.cancelled(.preempted), drag, at: sample.time, emit: emit)
        }
    }

    /// A touchscreen's sample: the drag is the same stroke moving on past the press's tolerance,
    /// measured from where the press completed; fingers landing or lifting meanwhile are part of it.
    private mutating func handle(touchscreen sample: ContactSample, emit: (RecognizedGesture) -> Void) {
        let fingers = self.fingers ?? sample.fingerCount
        switch (state, sample.phase) {
        case (.waiting(let deadline, var moved), .begin), (.waiting(let deadline, var moved), .update):
            moved += sample.motion ?? .zero
            guard settings.dragEnabled, moved.length > settings.maximumDistance.value(in: sample.unit) else {
                state = .waiting(deadline: deadline, moved: moved)
                return
            }
            tracker.reset()
            tracker.add(position: moved, at: sample.time)
            let drag = Drag(fingers: fingers, translation: moved)
            state = .dragging(drag)
            emit(.report(.began, report(drag, at: sample.time)))
        case (_, .beginAndEnd):
            return  // A stream of one sample moved nothing: taps judge it.
        case (.waiting, .end):
            finish(.failed, Drag(fingers: fingers), at: sample.time, emit: emit)
        case (.waiting, .cancel):
            finish(.cancelled(.cancelledByLibinput), Drag(fingers: fingers), at: sample.time, emit: emit)
        case (.dragging(var drag), .begin), (.dragging(var drag), .update):
            drag.translation += sample.motion ?? .zero
            tracker.add(position: drag.translation, at: sample.time)
            state = .dragging(drag)
            emit(.report(.changed, report(drag, at: sample.time)))
        case (.dragging(var drag), .end):
            drag.translation += sample.motion ?? .zero
            tracker.add(position: drag.translation, at: sample.time)
            finish(.ended, drag, at: sample.time, emit: emit)
        case (.dragging(let drag), .cancel):
            finish(.cancelled(.cancelledByLibinput), drag, at: sample.time, emit: emit)
        }
    }

    /// Starts dragging with `drag` at `sample` (libinput's swipe: from its BEGIN, or from the
    /// first UPDATE's delta when the BEGIN was lost).
    private mutating func start(_ drag: Drag, at sample: ContactSample, emit: (RecognizedGesture) -> Void) {
        tracker.reset()
        tracker.add(position: .zero, at: sample.time)
        if sample.phase == .update { tracker.add(position: drag.translation, at: sample.time) }
        state = .dragging(drag)
        emit(.report(.began, report(drag, at: sample.time)))
    }

    private mutating func finish(_ phase: RecognizerPhase, _ drag: Drag, at time: Timestamp,
                                 emit: (RecognizedGesture) -> Void) {
        state = .waiting(deadline: nil, moved: .zero)
        hasStarted = false
        emit(.report(phase, report(drag, at: time)))
    }

    private func report(_ drag: Drag, at time: Timestamp) -> GestureValue {
        let velocity = tracker.velocity(at: time)
        return GestureValue(name: GestureName(.longPressDrag, fingers: drag.fingers, on: device),
            time: time, translation: drag.translation, velocity: velocity,
            predictedEndTranslation: drag.translation + RecognizerSettings.projection(of: velocity),
            progress: 1)
    }
}

/// `long-press-drag:F` and `touch-long-press-drag:F`: a long press sequenced before a drag with
/// the same fingers.
///
/// Phases (the stream of iOS drag-to-reorder): `arming` when the fingers come to rest, `began`
/// when the press completes (timer), `changed` while dragging, then `ended` at the lift,
/// `failed` if the press fails or the fingers lift without dragging, `cancelled` for a
/// cancelled swipe or stroke, a finger-count change or a drag that never starts. Disabled, it
/// never arms.
public struct LongPressDragRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// Whether it recognizes at all (``LongPressSettings/dragEnabled``).
    public var isEnabled: Bool
    /// The device whose streams it judges.
    public let device: ContactDevice
    private var sequence: SequencedRecognizer<LongPressRecognizer, DragRecognizer>

    /// Makes the recognizer for `device` with the long-press thresholds.
    public init(settings: LongPressSettings = LongPressSettings(), device: ContactDevice = .touchpad) {
        isEnabled = settings.dragEnabled
        self.device = device
        sequence = LongPressRecognizer(settings: settings, device: device, continuous: false)
            .sequenced(before: DragRecognizer(settings: settings, device: device))
    }

    public var nextDeadline: Timestamp? { isEnabled ? sequence.nextDeadline : nil }
    public var isActive: Bool { isEnabled && sequence.isActive }

    /// The state as a trace names it (``RecognizerTransition``): the press's while it arms,
    /// then the drag's.
    var traceState: RecognizerTraceState {
        guard isActive else { return .idle }
        return sequence.isInSecondStage ? sequence.second.traceState : sequence.first.traceState
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        guard isEnabled else { return }
        var pressedFingers: Int? = nil
        sequence.handle(input) { update in
            var gesture: GestureValue
            switch update.value {
            case .first(let press):
                gesture = press
                gesture.translation = .zero
            case .second(let press, let drag?):
                gesture = drag
                gesture.progress = press.progress
            case .second(let press, nil):
                // The press completed: the drag keeps its fingers.
                pressedFingers = press.name.fingerCount
                gesture = press
                gesture.translation = .zero
            }
            let fingers = gesture.name.fingerCount
            gesture.name = GestureName(.longPressDrag, fingers: fingers, on: device)
            emit(.report(update.phase, gesture))
        }
        if let pressedFingers { sequence.second.fingers = pressedFingers }
    }
}
