// How many fingers are on a touchpad, counted from its evdev events the way libinput counts
// them (evdev-mt-touchpad.c, tp_process_fake_touches): the larger of the touches in slots and
// the finger count of the `BTN_TOOL_*` key held down.

/// The fingers on a touchpad, following its evdev events.
public struct TouchpadFingers: Sendable, Hashable {
    /// The slots (protocol B) whose touch has a tracking ID.
    public private(set) var activeSlots: Set<Int32>
    /// The slot the next `ABS_MT_*` value belongs to.
    public private(set) var currentSlot: Int32
    /// The finger count of each `BTN_TOOL_*` key held down.
    public private(set) var heldTools: Set<Int>

    /// Whether the device has slots (protocol B). A protocol A device (no `ABS_MT_SLOT`) lists
    /// its contacts anew in every frame and never ends a tracking ID with -1, so only its
    /// `BTN_TOOL_*` keys say how many fingers there are.
    public let usesSlots: Bool

    /// Starts from the device's state (libevdev's, when the proxy takes the touchpad).
    public init(activeSlots: Set<Int32> = [], currentSlot: Int32 = 0, heldTools: Set<Int> = [], usesSlots: Bool = true) {
        self.activeSlots = usesSlots ? activeSlots : []
        self.currentSlot = currentSlot
        self.heldTools = heldTools
        self.usesSlots = usesSlots
    }

    /// The fingers on the touchpad: 0 to 5, where 5 stands for five or more (`BTN_TOOL_QUINTTAP`).
    public var count: Int {
        min(max(activeSlots.count, heldTools.max() ?? 0), 5)
    }

    /// Follows one event; events that do not concern fingers change nothing.
    public mutating func apply(_ event: EvdevEvent) {
        switch event.type {
        case EvdevCode.absolute where event.code == EvdevCode.multitouchSlot && usesSlots:
            currentSlot = event.value
        case EvdevCode.absolute where event.code == EvdevCode.multitouchTrackingID && usesSlots:
            if event.value >= 0 { activeSlots.insert(currentSlot) } else { activeSlots.remove(currentSlot) }
        case EvdevCode.key:
            guard let fingers = EvdevCode.fingers(ofTool: event.code) else { return }
            if event.value != 0 { heldTools.insert(fingers) } else { heldTools.remove(fingers) }
        default:
            return
        }
    }
}
