// The recognizers gesto runs on one touchscreen's frames, composed as on the touchpad:
//   tap (double-tap before tap) · touch-long-press · touch-long-press-drag ·
//   edge-swipe.exclusively(before: touch-swipe) · touch-pinch.simultaneously(with: touch-rotate)
// The long presses, swipes, pinches and rotations are the touchpad's recognizers, made for
// touchscreens; taps and edge swipes need absolute positions, which only touchscreens give.
// Pure: the caller feeds a touchscreen's samples (TouchscreenFrontEnd) and deadlines and receives
// recognized gestures.

/// Runs every touchscreen recognizer on one device's samples.
public struct TouchEngine: Sendable {
    /// The thresholds in force.
    public let settings: TouchSettings

    private var taps: TapRecognizer
    private var longPresses: LongPressRecognizer
    private var longPressDrags: LongPressDragRecognizer
    private var swipes: ExclusiveRecognizer<EdgeSwipeRecognizer, SwipeRecognizer>
    private var pinches: SimultaneousRecognizer<PinchRecognizer, RotateRecognizer>

    /// Makes an engine with the given thresholds.
    public init(settings: TouchSettings = TouchSettings()) {
        self.settings = settings
        taps = TapRecognizer(settings: settings)
        // SwiftUI's shape: a touchscreen's long press acts while the finger still rests.
        longPresses = LongPressRecognizer(settings: settings.longPress, device: .touchscreen, continuous: false)
        longPressDrags = LongPressDragRecognizer(settings: settings.longPress, device: .touchscreen)
        swipes = EdgeSwipeRecognizer(settings: settings.swipe, margin: settings.edgeMargin)
            .exclusively(before: SwipeRecognizer(settings: settings.swipe, device: .touchscreen))
        pinches = PinchRecognizer(settings: settings.pinch, device: .touchscreen)
            .simultaneously(with: RotateRecognizer(settings: settings.rotate, device: .touchscreen))
    }

    /// The earliest time a recognizer needs a deadline input, or nil.
    public var nextDeadline: Timestamp? {
        taps.nextDeadline.earliest(longPresses.nextDeadline).earliest(longPressDrags.nextDeadline)
            .earliest(swipes.nextDeadline).earliest(pinches.nextDeadline)
    }

    /// True while any touch gesture is in progress.
    public var isActive: Bool {
        taps.isActive || longPresses.isActive || longPressDrags.isActive || swipes.isActive || pinches.isActive
    }

    /// Every recognizer's state, in a fixed order, with the kind a trace names it by: its
    /// gesture's keyword on a touchscreen (`touch-swipe`).
    var traceStates: [(kind: String, state: RecognizerTraceState)] {
        func keyword(_ kind: GestureName.Kind) -> String { GestureName.keyword(kind, on: .touchscreen) }
        return [(keyword(.tap), taps.traceState), (keyword(.longPress), longPresses.traceState),
                (keyword(.longPressDrag), longPressDrags.traceState), (keyword(.edgeSwipe), swipes.first.traceState),
                (keyword(.swipe), swipes.second.traceState), (keyword(.pinch), pinches.first.traceState),
                (keyword(.rotate), pinches.second.traceState)]
    }

    /// Feeds one input (a touchscreen's samples; other devices' are ignored) and calls `emit`
    /// for every report: taps, long presses, long-press-drags, swipes and edge swipes, then
    /// pinches and rotations.
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        if case .sample(let sample) = input, sample.device != .touchscreen { return }
        taps.handle(input, emit: emit, diagnose: diagnose)
        longPresses.handle(input, emit: emit)
        longPressDrags.handle(input, emit: emit)
        swipes.handle(input, emit: { update in
            switch update.value {
            case .first(let edge): emit(RecognizedGesture(update.phase, edge))
            case .second(let swipe): emit(RecognizedGesture(update.phase, swipe))
            }
        }, diagnose: diagnose)
        pinches.handle(input, emit: { update in
            if let pinch = update.value.first { emit(pinch) }
            if let rotation = update.value.second { emit(rotation) }
        }, diagnose: diagnose)
    }
}
