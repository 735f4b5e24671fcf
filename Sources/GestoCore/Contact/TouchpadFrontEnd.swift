// The touchpad front end: a libinput gesture event as a contact sample. libinput has already
// decided what the fingers do (swipe, pinch or hold) and how many there are, so the sample keeps
// its decision, its phases and its deltas as they are, and the front end keeps no state: each
// event is made a sample once, where it enters (GesturePipeline, libgesto's engine), and every
// recognizer is handed that sample.

extension ContactSample {
    /// The sample of a libinput gesture event: its phase (a cancelled END is ``ContactPhase/cancel``),
    /// its finger count, its unaccelerated delta as the motion (UPDATE only: BEGIN and END carry
    /// none), its accelerated delta as the ``pointerMotion`` (UPDATE only), its scale and angle
    /// delta, in libinput's delta units. Always settled.
    public init(touchpad event: GestureEvent) {
        let phase: ContactPhase = switch event.phase {
        case .begin: .begin
        case .update: .update
        case .end: event.isCancelled ? .cancel : .end
        }
        self.init(phase, device: .touchpad, touchpadGesture: event.kind, fingers: event.fingerCount,
                  time: event.time, unit: .deltaUnits,
                  motion: event.phase == .update ? event.unacceleratedDelta : nil,
                  scale: event.scale, angleDelta: event.angleDelta, isSettled: true,
                  pointerMotion: event.phase == .update ? event.delta : nil)
    }
}
