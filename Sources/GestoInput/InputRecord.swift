// What every input source of the GestoInput layer yields: a gesture event, a device coming
// or going, or (from recordings) the time of another device's event. The live libinput source, the `debug-events` parser and the
// `libinput record` reader all speak this one type, so the daemon does not care which it reads.
import GestoCore

/// One thing an input source reports.
public enum InputRecord: Sendable, Hashable {
    /// A touchpad gesture event (`LIBINPUT_EVENT_GESTURE_*`).
    case gesture(GestureEvent)
    /// A touchscreen event (`LIBINPUT_EVENT_TOUCH_*`), from devices opened for touch gestures
    /// (live: `--touchscreens`) and from recordings.
    case touch(TouchEvent)
    /// A device appeared (`LIBINPUT_EVENT_DEVICE_ADDED`, a `DEVICE_ADDED` line).
    case deviceAdded(InputDevice)
    /// A device went away (`LIBINPUT_EVENT_DEVICE_REMOVED`, a `DEVICE_REMOVED` line).
    case deviceRemoved(InputDevice)
    /// A recording's event of another kind (pointer, keyboard, touch, switch) at this time: no
    /// gesture, but the recording's clock got there, so a replay fires the deadlines up to it
    /// as the live daemon's timer would have (a long press held while only a mouse moves). The
    /// live source never yields it: its clock is the timer.
    case otherEvent(at: Timestamp)

    /// The gesture event, if this record is one.
    public var gesture: GestureEvent? {
        switch self {
        case .gesture(let event): event
        case .deviceAdded, .deviceRemoved, .otherEvent, .touch: nil
        }
    }
}

/// What a device can do: libinput's `LIBINPUT_DEVICE_CAP_*`, printed by `libinput
/// debug-events` as the letters after `cap:` (`k p t T P g S`).
public struct DeviceCapabilities: OptionSet, Sendable, Hashable {
    /// The capability bits (one per `LIBINPUT_DEVICE_CAP_*`, in the order of the static members).
    public var rawValue: UInt8
    /// Makes a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `LIBINPUT_DEVICE_CAP_KEYBOARD`, letter `k`.
    public static let keyboard = DeviceCapabilities(rawValue: 1 << 0)
    /// `LIBINPUT_DEVICE_CAP_POINTER`, letter `p`.
    public static let pointer = DeviceCapabilities(rawValue: 1 << 1)
    /// `LIBINPUT_DEVICE_CAP_TOUCH` (touchscreens), letter `t`.
    public static let touch = DeviceCapabilities(rawValue: 1 << 2)
    /// `LIBINPUT_DEVICE_CAP_TABLET_TOOL`, letter `T`.
    public static let tabletTool = DeviceCapabilities(rawValue: 1 << 3)
    /// `LIBINPUT_DEVICE_CAP_TABLET_PAD`, letter `P`.
    public static let tabletPad = DeviceCapabilities(rawValue: 1 << 4)
    /// `LIBINPUT_DEVICE_CAP_GESTURE` (touchpads with gestures), letter `g`.
    public static let gesture = DeviceCapabilities(rawValue: 1 << 5)
    /// `LIBINPUT_DEVICE_CAP_SWITCH` (lid, tablet mode), letter `S`.
    public static let `switch` = DeviceCapabilities(rawValue: 1 << 6)

    /// The capability a `debug-events` letter stands for, or nil for an unknown letter.
    public init?(letter: UInt8) {
        switch letter {
        case UInt8(ascii: "k"): self = .keyboard
        case UInt8(ascii: "p"): self = .pointer
        case UInt8(ascii: "t"): self = .touch
        case UInt8(ascii: "T"): self = .tabletTool
        case UInt8(ascii: "P"): self = .tabletPad
        case UInt8(ascii: "g"): self = .gesture
        case UInt8(ascii: "S"): self = .switch
        default: return nil
        }
    }
}

/// The physical size of a device's sensitive area (`libinput_device_get_size`), in millimetres.
public struct DeviceSize: Sendable, Hashable {
    /// Width in millimetres.
    public var widthMillimeters: Double
    /// Height in millimetres.
    public var heightMillimeters: Double
    /// Makes a size from millimetres.
    public init(widthMillimeters: Double, heightMillimeters: Double) {
        self.widthMillimeters = widthMillimeters
        self.heightMillimeters = heightMillimeters
    }

    /// The size as the vector GestoCore's touch frames measure in: (width, height) in
    /// millimetres (`GesturePipeline.touchscreenSize`, TouchFrameAssembler).
    public var millimeters: Vector2 { Vector2(widthMillimeters, heightMillimeters) }
}

/// An input device as libinput names it.
public struct InputDevice: Sendable, Hashable {
    /// The kernel node's system name, e.g. `event15` (`libinput_device_get_sysname`).
    public var node: String
    /// The number in the node name (`event15` → 15); this is ``GestureEvent/device``.
    public var number: UInt32?
    /// The device name, e.g. `SYNA3290:01 06CB:CD4F Touchpad`.
    public var name: String
    /// The physical seat (`seat0`), if known.
    public var seat: String?
    /// What the device can do.
    public var capabilities: DeviceCapabilities
    /// The size of the sensitive area, if libinput knows it.
    public var size: DeviceSize?

    /// Makes a device description. The number is taken from `node` when it is `eventN`.
    public init(
        node: String, name: String, seat: String? = nil,
        capabilities: DeviceCapabilities, size: DeviceSize? = nil
    ) {
        self.node = node
        self.number = Self.number(ofNode: node)
        self.name = name
        self.seat = seat
        self.capabilities = capabilities
        self.size = size
    }

    /// True if libinput reports touchpad gestures from this device (`cap:…g…`).
    public var isGestureDevice: Bool { capabilities.contains(.gesture) }
    /// True for a touchscreen (`cap:…t…`): gesto recognizes its gestures from raw touches.
    public var isTouchscreen: Bool { capabilities.contains(.touch) }

    /// The N of a node named `eventN` (or a path ending in it), nil otherwise.
    public static func number(ofNode node: String) -> UInt32? {
        var digits = Substring(node)
        if let slash = digits.lastIndex(of: "/") { digits = digits[digits.index(after: slash)...] }
        guard digits.hasPrefix("event") else { return nil }
        return UInt32(digits.dropFirst(5))
    }
}

/// Called by a reader before each read(2) of its input descriptor, with the descriptor: true
/// to read, false to stop as if the input had ended there (what was read is still delivered,
/// a partial last line is not). `gestod --replay` waits in it for the input or a signal, so a
/// pipe that stays open does not hold it past SIGTERM.
public typealias InputReadGate = (Int32) -> Bool
