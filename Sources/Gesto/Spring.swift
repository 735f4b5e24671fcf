// The `gesto_spring_*` functions of gesto.h: every parameterization of GestoCore's
// SpringParameters, and Spring evaluated from the caller's plain `struct gesto_spring`.
// Parameters are validated again on each use, so a hand-filled struct gives NaN, not a trap.

import CGestoABI
import GestoCore

/// Fills `out` from parameters that GestoCore's initializer validated.
private func makeParameters(_ out: UnsafeMutablePointer<gesto_spring_parameters>?, _ function: String,
                            _ make: () throws(SpringError) -> SpringParameters) -> Int32 {
    reporting { () throws(ExportError) in
        guard let out else { throw .invalid("\(function): out is NULL") }
        do {
            let parameters = try make()
            out.pointee = gesto_spring_parameters(mass: parameters.mass, stiffness: parameters.stiffness,
                                                  damping: parameters.damping)
        } catch {
            throw .outOfRange("\(function): \(error)")
        }
        return GESTO_OK.rawValue
    }
}

/// GestoCore parameters for a caller's struct, or nil if they are not valid.
private func parameters(_ p: gesto_spring_parameters) -> SpringParameters? {
    try? SpringParameters(mass: p.mass, stiffness: p.stiffness, damping: p.damping)
}

/// The GestoCore spring for a caller's struct, or nil if it is not valid.
private func spring(_ pointer: UnsafePointer<gesto_spring>?) -> Spring? {
    guard let s = pointer?.pointee, let parameters = parameters(s.parameters),
          s.from.isFinite, s.to.isFinite, s.initial_velocity.isFinite else { return nil }
    return Spring(parameters: parameters, from: s.from, to: s.to, initialVelocity: s.initial_velocity)
}

@_cdecl("gesto_spring_parameters_physical")
public func gestoSpringParametersPhysical(_ mass: Double, _ stiffness: Double, _ damping: Double,
                                          _ out: UnsafeMutablePointer<gesto_spring_parameters>?) -> Int32 {
    makeParameters(out, "gesto_spring_parameters_physical") { () throws(SpringError) in
        try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
    }
}

@_cdecl("gesto_spring_parameters_response")
public func gestoSpringParametersResponse(_ response: Double, _ dampingFraction: Double, _ mass: Double,
                                          _ out: UnsafeMutablePointer<gesto_spring_parameters>?) -> Int32 {
    makeParameters(out, "gesto_spring_parameters_response") { () throws(SpringError) in
        try SpringParameters(response: response, dampingFraction: dampingFraction, mass: mass)
    }
}

@_cdecl("gesto_spring_parameters_duration_bounce")
public func gestoSpringParametersDurationBounce(_ duration: Double, _ bounce: Double, _ mass: Double,
                                                _ out: UnsafeMutablePointer<gesto_spring_parameters>?) -> Int32 {
    makeParameters(out, "gesto_spring_parameters_duration_bounce") { () throws(SpringError) in
        try SpringParameters(duration: duration, bounce: bounce, mass: mass)
    }
}

@_cdecl("gesto_spring_parameters_damping_ratio")
public func gestoSpringParametersDampingRatio(_ dampingRatio: Double, _ stiffness: Double, _ mass: Double,
                                              _ out: UnsafeMutablePointer<gesto_spring_parameters>?) -> Int32 {
    makeParameters(out, "gesto_spring_parameters_damping_ratio") { () throws(SpringError) in
        try SpringParameters(dampingRatio: dampingRatio, stiffness: stiffness, mass: mass)
    }
}

@_cdecl("gesto_spring_parameters_visual_duration")
public func gestoSpringParametersVisualDuration(_ visualDuration: Double, _ bounce: Double,
                                                _ out: UnsafeMutablePointer<gesto_spring_parameters>?) -> Int32 {
    makeParameters(out, "gesto_spring_parameters_visual_duration") { () throws(SpringError) in
        try SpringParameters(visualDuration: visualDuration, bounce: bounce)
    }
}

@_cdecl("gesto_spring_parameters_get_damping_ratio")
public func gestoSpringParametersDampingRatioOf(_ p: UnsafePointer<gesto_spring_parameters>?) -> Double {
    p.flatMap { parameters($0.pointee) }?.dampingRatio ?? .nan
}

@_cdecl("gesto_spring_parameters_get_response")
public func gestoSpringParametersResponseOf(_ p: UnsafePointer<gesto_spring_parameters>?) -> Double {
    p.flatMap { parameters($0.pointee) }?.response ?? .nan
}

@_cdecl("gesto_spring_parameters_get_bounce")
public func gestoSpringParametersBounceOf(_ p: UnsafePointer<gesto_spring_parameters>?) -> Double {
    p.flatMap { parameters($0.pointee) }?.bounce ?? .nan
}

@_cdecl("gesto_spring_init")
public func gestoSpringInit(_ out: UnsafeMutablePointer<gesto_spring>?, _ p: UnsafePointer<gesto_spring_parameters>?,
                            _ from: Double, _ to: Double, _ initialVelocity: Double) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_spring_init"
        guard let out else { throw .invalid("\(function): spring is NULL") }
        guard let p else { throw .invalid("\(function): parameters is NULL") }
        do {
            _ = try SpringParameters(mass: p.pointee.mass, stiffness: p.pointee.stiffness, damping: p.pointee.damping)
        } catch {
            throw .outOfRange("\(function): \(error)")
        }
        out.pointee = gesto_spring(parameters: p.pointee,
                                   from: try finite(from, "from", in: function),
                                   to: try finite(to, "to", in: function),
                                   initial_velocity: try finite(initialVelocity, "initial_velocity", in: function))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_spring_value_at")
public func gestoSpringValueAt(_ s: UnsafePointer<gesto_spring>?, _ elapsed: Double) -> Double {
    guard !elapsed.isNaN, let spring = spring(s) else { return .nan }
    return spring.value(at: elapsed)
}

@_cdecl("gesto_spring_velocity_at")
public func gestoSpringVelocityAt(_ s: UnsafePointer<gesto_spring>?, _ elapsed: Double) -> Double {
    guard !elapsed.isNaN, let spring = spring(s) else { return .nan }
    return spring.velocity(at: elapsed)
}

@_cdecl("gesto_spring_settle_time")
public func gestoSpringSettleTime(_ s: UnsafePointer<gesto_spring>?, _ epsilonPosition: Double,
                                  _ epsilonVelocity: Double, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_spring_settle_time"
        guard let out else { throw .invalid("\(function): seconds is NULL") }
        guard let spring = spring(s) else { throw .invalid("\(function): the spring is NULL or not initialised by gesto_spring_init") }
        guard epsilonPosition > 0, epsilonPosition.isFinite, epsilonVelocity > 0, epsilonVelocity.isFinite else {
            throw .invalid("\(function): the tolerances must be finite and > 0, got \(epsilonPosition) and \(epsilonVelocity)")
        }
        out.pointee = spring.settleTime(tolerance: RestTolerance(position: epsilonPosition, velocity: epsilonVelocity))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_spring_estimated_duration")
public func gestoSpringEstimatedDuration(_ s: UnsafePointer<gesto_spring>?, _ epsilon: Double) -> Double {
    guard epsilon > 0, epsilon < 1, let spring = spring(s) else { return .nan }
    return spring.estimatedDuration(epsilon: epsilon)
}

@_cdecl("gesto_spring_retarget")
public func gestoSpringRetarget(_ s: UnsafeMutablePointer<gesto_spring>?, _ to: Double, _ elapsed: Double) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_spring_retarget"
        guard let s, let spring = spring(s) else { throw .invalid("\(function): the spring is NULL or not initialised by gesto_spring_init") }
        let retargeted = spring.retargeted(to: try finite(to, "to", in: function),
                                           at: try finite(elapsed, "elapsed", in: function))
        guard retargeted.from.isFinite, retargeted.initialVelocity.isFinite else {
            throw .invalid("\(function): the spring's state at \(elapsed) s is not finite")
        }
        s.pointee.from = retargeted.from
        s.pointee.to = retargeted.to
        s.pointee.initial_velocity = retargeted.initialVelocity
        return GESTO_OK.rawValue
    }
}
