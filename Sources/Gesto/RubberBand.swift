// The `gesto_rubber_band_*` functions of gesto.h: GestoCore's RubberBand over the caller's
// plain `struct gesto_rubber_band`. RubberBand traps on bad constants and ClosedRange on
// reversed bounds, so both are checked here first and answered with NaN.

import CGestoABI
import GestoCore

/// The GestoCore band for a caller's struct, or nil if it is not valid.
private func band(_ pointer: UnsafePointer<gesto_rubber_band>?) -> RubberBand? {
    guard let b = pointer?.pointee, b.coefficient > 0, b.coefficient.isFinite,
          b.dimension > 0, b.dimension.isFinite else { return nil }
    return RubberBand(coefficient: b.coefficient, dimension: b.dimension)
}

/// `lower...upper`, or nil when lower > upper or either is NaN.
private func bounds(_ lower: Double, _ upper: Double) -> ClosedRange<Double>? {
    lower <= upper ? lower...upper : nil
}

@_cdecl("gesto_rubber_band_init")
public func gestoRubberBandInit(_ out: UnsafeMutablePointer<gesto_rubber_band>?, _ coefficient: Double,
                                _ dimension: Double) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_rubber_band_init"
        guard let out else { throw .invalid("\(function): band is NULL") }
        guard coefficient > 0, coefficient.isFinite else { throw .outOfRange("\(function): coefficient must be finite and > 0, got \(coefficient)") }
        guard dimension > 0, dimension.isFinite else { throw .outOfRange("\(function): dimension must be finite and > 0, got \(dimension)") }
        out.pointee = gesto_rubber_band(coefficient: coefficient, dimension: dimension)
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_rubber_band_band")
public func gestoRubberBandBand(_ b: UnsafePointer<gesto_rubber_band>?, _ excess: Double) -> Double {
    band(b)?.band(excess: excess) ?? .nan
}

@_cdecl("gesto_rubber_band_excess")
public func gestoRubberBandExcess(_ b: UnsafePointer<gesto_rubber_band>?, _ banded: Double) -> Double {
    band(b)?.excess(forBanded: banded) ?? .nan
}

@_cdecl("gesto_rubber_band_slope")
public func gestoRubberBandSlope(_ b: UnsafePointer<gesto_rubber_band>?, _ excess: Double) -> Double {
    band(b)?.slope(atExcess: excess) ?? .nan
}

@_cdecl("gesto_rubber_band_displayed")
public func gestoRubberBandDisplayed(_ b: UnsafePointer<gesto_rubber_band>?, _ raw: Double,
                                     _ lower: Double, _ upper: Double) -> Double {
    guard let band = band(b), let range = bounds(lower, upper) else { return .nan }
    return band.displayed(raw: raw, within: range)
}

@_cdecl("gesto_rubber_band_raw")
public func gestoRubberBandRaw(_ b: UnsafePointer<gesto_rubber_band>?, _ displayed: Double,
                               _ lower: Double, _ upper: Double) -> Double {
    guard let band = band(b), let range = bounds(lower, upper) else { return .nan }
    return band.raw(displayed: displayed, within: range)
}

@_cdecl("gesto_rubber_band_release_velocity")
public func gestoRubberBandReleaseVelocity(_ b: UnsafePointer<gesto_rubber_band>?, _ rawVelocity: Double,
                                           _ raw: Double, _ lower: Double, _ upper: Double) -> Double {
    guard let band = band(b), let range = bounds(lower, upper) else { return .nan }
    return band.releaseVelocity(rawVelocity, raw: raw, within: range)
}
