// The `gesto_decay_*` and `gesto_project*` functions of gesto.h: GestoCore's Decay and
// DecelerationRate over the caller's plain `struct gesto_decay`.

import CGestoABI
import GestoCore
import Glibc

/// The GestoCore decay for a caller's struct, or nil if it is not valid. λ is carried as
/// Compose's friction multiplier (λ / 4.2), which round-trips λ to within one ulp.
private func decay(_ pointer: UnsafePointer<gesto_decay>?) -> Decay? {
    guard let d = pointer?.pointee, d.from.isFinite, d.initial_velocity.isFinite else { return nil }
    return try? Decay(from: d.from, initialVelocity: d.initial_velocity,
                      frictionMultiplier: d.decay_per_second / Decay.composeFrictionPerMultiplier)
}

private func store(_ decay: Decay, _ out: UnsafeMutablePointer<gesto_decay>) {
    out.pointee = gesto_decay(from: decay.from, initial_velocity: decay.initialVelocity,
                              decay_per_second: decay.decayPerSecond)
}

@_cdecl("gesto_decay_init_rate")
public func gestoDecayInitRate(_ out: UnsafeMutablePointer<gesto_decay>?, _ from: Double,
                               _ initialVelocity: Double, _ rate: Double) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_decay_init_rate"
        guard let out else { throw .invalid("\(function): decay is NULL") }
        let from = try finite(from, "from", in: function), velocity = try finite(initialVelocity, "initial_velocity", in: function)
        do {
            store(try Decay(from: from, initialVelocity: velocity, rate: DecelerationRate(perMillisecond: rate)), out)
        } catch {
            throw .outOfRange("\(function): rate_per_ms must be in (0, 1), got \(rate)")
        }
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_decay_init_friction")
public func gestoDecayInitFriction(_ out: UnsafeMutablePointer<gesto_decay>?, _ from: Double,
                                   _ initialVelocity: Double, _ friction: Double) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_decay_init_friction"
        guard let out else { throw .invalid("\(function): decay is NULL") }
        let from = try finite(from, "from", in: function), velocity = try finite(initialVelocity, "initial_velocity", in: function)
        do {
            store(try Decay(from: from, initialVelocity: velocity, frictionMultiplier: friction), out)
        } catch {
            throw .outOfRange("\(function): friction_multiplier must be finite and > 0, got \(friction)")
        }
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_decay_value_at")
public func gestoDecayValueAt(_ d: UnsafePointer<gesto_decay>?, _ elapsed: Double) -> Double {
    guard !elapsed.isNaN, let decay = decay(d) else { return .nan }
    return decay.value(at: elapsed)
}

@_cdecl("gesto_decay_velocity_at")
public func gestoDecayVelocityAt(_ d: UnsafePointer<gesto_decay>?, _ elapsed: Double) -> Double {
    guard !elapsed.isNaN, let decay = decay(d) else { return .nan }
    return decay.velocity(at: elapsed)
}

@_cdecl("gesto_decay_rest_value")
public func gestoDecayRestValue(_ d: UnsafePointer<gesto_decay>?) -> Double {
    decay(d)?.restValue ?? .nan
}

@_cdecl("gesto_decay_duration_until_speed_below")
public func gestoDecayDurationUntilSpeedBelow(_ d: UnsafePointer<gesto_decay>?, _ speed: Double) -> Double {
    guard speed > 0, let decay = decay(d) else { return .nan }
    return decay.duration(untilSpeedBelow: speed)
}

@_cdecl("gesto_project")
public func gestoProject(_ velocity: Double, _ rate: Double) -> Double {
    guard rate > 0, rate < 1 else { return .nan }
    return DecelerationRate(perMillisecond: rate).project(velocity: velocity)
}

@_cdecl("gesto_project_discrete")
public func gestoProjectDiscrete(_ velocity: Double, _ rate: Double) -> Double {
    guard rate > 0, rate < 1 else { return .nan }
    return DecelerationRate(perMillisecond: rate).projectDiscrete(velocity: velocity)
}
