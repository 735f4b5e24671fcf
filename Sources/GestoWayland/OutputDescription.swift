// What gesto knows of a wl_output, and which output a touchscreen belongs to.
//
// libinput does not say which output a touchscreen is part of (the compositor maps it, e.g.
// sway's `input … map_to_output`, and tells no client), so the choice is a rule: the output the
// config names, else the only output, else the built-in panel (the connector types a laptop's,
// tablet's or phone's own screen uses), else none.
import GestoCore

/// One output as the compositor describes it over wl_output.
public struct OutputDescription: Sendable, Equatable {
    /// The output's name (wl_output.name, version 4: `eDP-1`, `HEADLESS-1`); nil until told.
    public var name: String?
    /// wl_output.geometry's transform, a `wl_output_transform`: 0 normal, 1–3 rotated 90°, 180°,
    /// 270° counter-clockwise, 4–7 the same mirrored.
    public var transform: Int32
    /// wl_output.geometry's physical size of the panel as built, in millimetres (0 × 0 when the
    /// compositor gives none: virtual and headless outputs, projectors).
    public var physicalSize: (width: Double, height: Double)

    public init(name: String?, transform: Int32, physicalSize: (width: Double, height: Double) = (0, 0)) {
        self.name = name
        self.transform = transform
        self.physicalSize = physicalSize
    }

    public static func == (a: OutputDescription, b: OutputDescription) -> Bool {
        a.name == b.name && a.transform == b.transform && a.physicalSize == b.physicalSize
    }

    /// The physical size as the user sees the screen, in millimetres (width, height): the
    /// panel's swapped on an output rotated by 90° or 270°; nil when unknown.
    public var screenPhysicalSize: Vector2? {
        guard physicalSize.width > 0, physicalSize.height > 0 else { return nil }
        return touchTransform.extent(of: Vector2(physicalSize.width, physicalSize.height))
    }

    /// The rotation a touchscreen on this output must apply so that its edges and directions are
    /// the ones the user sees. A mirrored output (4–7) keeps its rotation only: mirroring is
    /// for projectors, not for touchscreens.
    public var touchTransform: TouchTransform {
        switch transform & 3 {
        case 1: .rotated90
        case 2: .rotated180
        case 3: .rotated270
        default: .normal
        }
    }

    /// Connector-name prefixes of built-in panels (DRM connector types eDP, LVDS and DSI, as
    /// wlroots and most compositors name outputs): where a 2-in-1's or a tablet's touchscreen is.
    static let builtInPrefixes = ["eDP", "LVDS", "DSI"]

    /// The output a touchscreen belongs to among `outputs`: the one named `name` if given (nil
    /// when it is not there), else the only one, else the first built-in panel, else nil.
    public static func touchscreenOutput(among outputs: [OutputDescription], named name: String?) -> OutputDescription? {
        if let name { return outputs.first { $0.name == name } }
        if outputs.count == 1 { return outputs[0] }
        return outputs
            .filter { output in builtInPrefixes.contains { output.name?.hasPrefix($0) == true } }
            .min { ($0.name ?? "") < ($1.name ?? "") }
    }
}
