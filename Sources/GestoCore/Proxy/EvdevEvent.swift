// Raw evdev events as gesto-inputd reads them from a touchpad, before libinput: the input the
// proxy's decisions are made on (protocol/inputd.md, "Withholding").

/// One `struct input_event` without its time: type, code and value, as the kernel's
/// `linux/input-event-codes.h` names them.
public struct EvdevEvent: Sendable, Hashable {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(type: UInt16, code: UInt16, value: Int32) {
        self.type = type
        self.code = code
        self.value = value
    }

    /// `EV_SYN / SYN_REPORT`: the end of a frame.
    public var isFrameEnd: Bool { type == EvdevCode.synchronization && code == EvdevCode.report }
}

/// The event types and codes the proxy reads, with the kernel's names and values
/// (`linux/input-event-codes.h`, stable kernel ABI).
public enum EvdevCode {
    /// `EV_SYN`
    public static let synchronization: UInt16 = 0x00
    /// `EV_KEY`
    public static let key: UInt16 = 0x01
    /// `EV_ABS`
    public static let absolute: UInt16 = 0x03

    /// `SYN_REPORT`: a frame ends.
    public static let report: UInt16 = 0
    /// `SYN_MT_REPORT`: a contact ends in a protocol A (slotless) frame.
    public static let multitouchReport: UInt16 = 2
    /// `SYN_DROPPED`: the kernel's buffer overflowed; the reader must resynchronize.
    public static let dropped: UInt16 = 3

    /// `ABS_MT_SLOT`: the slot the following `ABS_MT_*` values belong to (protocol B).
    public static let multitouchSlot: UInt16 = 0x2f
    /// `ABS_MT_TRACKING_ID`: a touch begins in the slot (≥ 0) or ends (-1).
    public static let multitouchTrackingID: UInt16 = 0x39

    /// `BTN_TOUCH`: something touches the surface.
    public static let touch: UInt16 = 0x14a
    /// `BTN_TOOL_FINGER`…`BTN_TOOL_QUINTTAP` with the finger count each stands for. A touchpad
    /// that tracks fewer slots than fingers (two slots are common) says how many fingers there are
    /// only through these keys.
    public static let fingerTools: [(code: UInt16, fingers: Int)] = [
        (0x145, 1), // BTN_TOOL_FINGER
        (0x14d, 2), // BTN_TOOL_DOUBLETAP
        (0x14e, 3), // BTN_TOOL_TRIPLETAP
        (0x14f, 4), // BTN_TOOL_QUADTAP
        (0x148, 5), // BTN_TOOL_QUINTTAP (five or more)
    ]

    /// The finger count a `BTN_TOOL_*` key stands for, nil for other codes.
    public static func fingers(ofTool code: UInt16) -> Int? {
        fingerTools.first { $0.code == code }?.fingers
    }
}
