// The units a contact stream's distances come in, one per kind of device, and a distance given
// in each of them: what lets one recognizer judge a swipe on a touchpad and on a touchscreen
// with the threshold that device's unit needs (DESIGN.md, "Devices are front ends").

/// The unit of a contact stream's positions and distances.
public enum ContactUnit: String, Sendable, Hashable {
    /// libinput's normalized delta units: touchpad gesture deltas (1000 dpi equivalent; on the
    /// touchpads of the test corpus about 10 units per millimetre of finger travel).
    case deltaUnits = "units"
    /// Millimetres: a touchscreen that reports its resolution.
    case millimeters = "mm"
    /// Percent of the device's width and height: a touchscreen without a resolution (libinput
    /// then has no millimetres to give: the 3M MicroTouch and EP0430M09 of the test corpus print
    /// raw device units in their "mm" column).
    case percent = "%"
}

/// A distance on a device's surface, given in every ``ContactUnit``: a device judges it in the
/// unit it reports (``value(in:)``). A setting's documentation gives each value's source.
public struct ContactDistance: Sendable, Hashable {
    /// The distance on a touchpad, in libinput's delta units.
    public var deltaUnits: Double
    /// The distance on a touchscreen with a resolution, in millimetres.
    public var millimeters: Double
    /// The distance on a touchscreen without one, in percent of the screen.
    public var percent: Double

    /// Makes a distance from its value in each unit.
    public init(deltaUnits: Double, millimeters: Double, percent: Double) {
        self.deltaUnits = deltaUnits
        self.millimeters = millimeters
        self.percent = percent
    }

    /// The distance in `unit`.
    public func value(in unit: ContactUnit) -> Double {
        switch unit {
        case .deltaUnits: deltaUnits
        case .millimeters: millimeters
        case .percent: percent
        }
    }
}
