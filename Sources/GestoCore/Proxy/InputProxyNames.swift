// The names gesto-inputd and gestod agree on (protocol/inputd.md), in one place: where the
// socket is, and the `phys` attribute that marks the devices gesto-inputd makes.

public enum InputProxyNames {
    /// gesto-inputd's socket, in the system unit's RuntimeDirectory.
    public static let socketPath = "/run/gesto-inputd/socket"
    /// The start of the `phys` of every device gesto-inputd makes.
    public static let physPrefix = "gesto-inputd/"

    /// What a device gesto-inputd makes is for.
    public enum Role: String, Sendable {
        /// What the compositor reads instead of the touchpad.
        case clone
        /// What gestod reads: every frame.
        case mirror
    }

    /// The `phys` of a touchpad's copy: `gesto-inputd/clone/internal`; `integration` is the
    /// original's (`internal` or `external`), which the udev rule hands to libinput.
    public static func phys(of role: Role, integration: String) -> String {
        "\(physPrefix)\(role.rawValue)/\(integration)"
    }

    /// The `phys` of the drag's mouse.
    public static let pointerPhys = "\(physPrefix)pointer"

    /// Whether a device with this `phys` is one gesto-inputd made.
    public static func isMadeByProxy(phys: String?) -> Bool { phys?.hasPrefix(physPrefix) ?? false }
}
