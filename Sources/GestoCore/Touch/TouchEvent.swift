// The touchscreen event model: libinput's `LIBINPUT_EVENT_TOUCH_*`, one value per event.
// libinput makes no gestures on touchscreens; it hands out DOWN / MOTION / UP / CANCEL per slot
// and a FRAME after each kernel frame. Every input source (live libinput, `libinput debug-events`
// text, `libinput record`) produces these; ``TouchFrameAssembler`` turns them into frames.

/// The kind of a libinput touch event.
public enum TouchEventKind: Sendable, Hashable, CaseIterable {
    /// A finger lands in `slot` (`LIBINPUT_EVENT_TOUCH_DOWN`).
    case down
    /// A finger in `slot` moves (`LIBINPUT_EVENT_TOUCH_MOTION`).
    case motion
    /// The finger in `slot` lifts (`LIBINPUT_EVENT_TOUCH_UP`).
    case up
    /// Every touch is cancelled (`LIBINPUT_EVENT_TOUCH_CANCEL`: a palm, the device suspended).
    case cancel
    /// The end of one hardware frame: the touches above belong together (`LIBINPUT_EVENT_TOUCH_FRAME`).
    case frame

    /// libinput's name: `TOUCH_DOWN`, `TOUCH_MOTION`, `TOUCH_UP`, `TOUCH_CANCEL`, `TOUCH_FRAME`.
    public var eventName: String {
        switch self {
        case .down: "TOUCH_DOWN"
        case .motion: "TOUCH_MOTION"
        case .up: "TOUCH_UP"
        case .cancel: "TOUCH_CANCEL"
        case .frame: "TOUCH_FRAME"
        }
    }
}

/// One libinput touch event.
///
/// Positions come in two spaces, as libinput gives them: ``percent`` is the position in percent
/// of the device's width and height (`libinput_event_touch_get_x_transformed(event, 100)`,
/// the first column of `debug-events`), and ``millimeters`` is `libinput_event_touch_get_x/_y`,
/// which is millimetres only when the device reports a resolution (else raw device units: the
/// input source then leaves it nil). Positions are meaningful on DOWN and MOTION only.
public struct TouchEvent: Sendable, Hashable {
    /// DOWN, MOTION, UP, CANCEL or FRAME.
    public var kind: TouchEventKind
    /// The device's slot (`libinput_event_touch_get_slot`): 0 to 255, or ``singleTouchSlot`` (-1)
    /// for the touch of a screen without multitouch slots; -1 and unused for FRAME and CANCEL.
    public var slot: Int32
    /// The seat-wide slot (`libinput_event_touch_get_seat_slot`), if known.
    public var seatSlot: Int32?
    /// Position in percent of the device's area (0...100 on each axis; +x right, +y down).
    public var percent: Vector2
    /// Position in millimetres from the device's top-left corner, if the device has a resolution.
    public var millimeters: Vector2?
    /// Event time (`libinput_event_touch_get_time_usec`).
    public var time: Timestamp
    /// The device that sent it (an opaque number the input source assigns), if known.
    public var device: UInt32?

    /// Makes an event; positions default to the origin (UP, CANCEL and FRAME carry none).
    public init(_ kind: TouchEventKind, slot: Int32 = -1, seatSlot: Int32? = nil, percent: Vector2 = .zero,
                millimeters: Vector2? = nil, time: Timestamp, device: UInt32? = nil) {
        self.kind = kind
        self.slot = slot
        self.seatSlot = seatSlot
        self.percent = percent
        self.millimeters = millimeters
        self.time = time
        self.device = device
    }
}

extension TouchEvent: CustomStringConvertible {
    /// The event in `libinput debug-events` form, e.g. `TOUCH_DOWN +0.028s 1 (1) 16.62/51.04`.
    public var description: String {
        var text = "\(kind.eventName) +\(time)s"
        switch kind {
        case .down, .motion:
            text += " \(slot) (\(seatSlot ?? slot)) \(formatFixed(percent.x, decimals: 2))/\(formatFixed(percent.y, decimals: 2))"
            if let mm = millimeters { text += " (\(formatFixed(mm.x, decimals: 2))/\(formatFixed(mm.y, decimals: 2))mm)" }
        case .up:
            text += " \(slot) (\(seatSlot ?? slot))"
        case .cancel, .frame:
            break
        }
        return text
    }
}

extension TouchEvent {
    /// The slot of the one touch of a single-touch screen: a device without multitouch slots
    /// (resistive and older infrared panels: `ABS_X`, `ABS_Y` and `BTN_TOUCH`, no `ABS_MT_*`),
    /// for which libinput reports slot -1 (`libinput_event_touch_get_slot`, `debug-events`'
    /// "-1 (0)", `libinput record`'s `slot: -1`). It is below every multitouch slot, so it
    /// cannot clash with one; the frame assembler tracks it as one finger like any other slot.
    public static let singleTouchSlot: Int32 = -1

    /// The slots an input source accepts: ``singleTouchSlot`` and the multitouch slots 0 to 255.
    /// libinput's touchscreens have at most a few dozen (the 3M MicroTouch of the test corpus
    /// has 60); beyond is corruption.
    public static let slotRange: ClosedRange<Int32> = singleTouchSlot...255
}
