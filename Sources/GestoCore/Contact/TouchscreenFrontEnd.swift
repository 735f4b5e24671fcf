// The touchscreen front end: a touch frame (TouchFrameAssembler) as a contact sample. libinput
// makes no gestures of touches, so the stream is the stroke, first finger down to last finger
// up, and every recognizer judges it; its motion, spread and turn are the frame's, computed from
// the raw points over the fingers present in consecutive frames.

extension ContactSample {
    /// The sample of a touch frame: the stroke's first frame begins, its last ends, a
    /// `TOUCH_CANCEL` cancels, every other frame updates. Nil for a frame whose stroke begins
    /// and ends in it (a finger that landed and lifted between two frames moved nothing).
    public init?(touchscreen frame: TouchFrame) {
        let phase: ContactPhase
        if frame.isCancelled {
            phase = .cancel
        } else if frame.isStrokeEnd {
            guard !frame.startsStroke else { return nil }
            phase = .end
        } else {
            phase = frame.startsStroke ? .begin : .update
        }
        self.init(phase, device: .touchscreen, fingers: frame.stroke.fingerCount, fingersDown: frame.touches.count,
                  time: frame.time, unit: frame.unit, motion: frame.motion, scale: frame.stroke.scale,
                  angleDelta: frame.turn, isSettled: frame.stroke.isSettled(at: frame.time),
                  fingerTravel: frame.stroke.maximumTravel)
    }
}
