// Decay, projection and rubber band against the reference vectors (decay_cases, projection,
// rubber_band), plus monotonicity of the decay.

import Testing
@testable import GestoCore

@Suite struct MotionDecayTests {
    @Test func decayCasesMatchVectors() throws {
        #expect(motionVectors["decay_cases"].array.count == 4)
        for c in motionVectors["decay_cases"].array {
            let p = c["params"], id = c["id"].string
            let lambda = p["decay_per_s"].double
            let decay: Decay
            switch id {
            case "uiscrollview_normal": decay = try Decay(from: p["from_value"].double, initialVelocity: p["initial_velocity"].double, rate: .normal)
            case "uiscrollview_fast": decay = try Decay(from: p["from_value"].double, initialVelocity: p["initial_velocity"].double, rate: .fast)
            case "gnome_touchpad": decay = try Decay(from: p["from_value"].double, initialVelocity: p["initial_velocity"].double, rate: .touchpad)
            case "compose_exponential_decay": decay = try Decay(from: p["from_value"].double, initialVelocity: p["initial_velocity"].double, frictionMultiplier: 1)
            default: Issue.record("unhandled decay case \(id)"); continue
            }
            let tol = c["tolerance"]
            #expect(abs(decay.decayPerSecond - lambda) <= 1e-12 * lambda, "\(id)")
            for sample in c["samples"].array {
                let t = sample["t"].double
                #expect(abs(decay.value(at: t) - sample["position"].double) <= tol["position_abs"].double, "\(id) t=\(t)")
                #expect(abs(decay.velocity(at: t) - sample["velocity"].double) <= tol["velocity_abs"].double, "\(id) t=\(t)")
            }
            #expect(abs(decay.restValue - c["rest_position"].double) <= tol["position_abs"].double, "\(id)")
            #expect(abs(decay.duration(untilSpeedBelow: 6.25) - c["time_until_speed_below_6_25_pt_per_s"].double) <= tol["time_abs"].double, "\(id)")
        }
    }

    @Test func projectionMatchesVectors() {
        let projection = motionVectors["projection"]
        #expect(projection["uikit_style"].array.count == 12 && projection["compose_exponential_decay"].array.count == 3)
        for c in projection["uikit_style"].array {
            let rate = DecelerationRate(perMillisecond: c["rate_per_ms"].double)
            let v = c["velocity_pt_per_s"].double, tol = c["tolerance_pt"].double
            #expect(abs(rate.projectDiscrete(velocity: v) - c["distance_wwdc_discrete_pt"].double) <= tol, "r=\(rate.perMillisecond) v=\(v)")
            #expect(abs(rate.project(velocity: v) - c["distance_continuous_pt"].double) <= tol, "r=\(rate.perMillisecond) v=\(v)")
        }
        for c in projection["compose_exponential_decay"].array {
            let friction = c["friction_per_s"].double
            let decay = try! Decay(from: 0, initialVelocity: c["velocity_pt_per_s"].double, frictionMultiplier: friction / Decay.composeFrictionPerMultiplier)
            let tol = c["tolerance_pt"].double
            #expect(abs(decay.restValue - c["distance_to_rest_pt"].double) <= tol)
            #expect(abs(decay.distance(untilSpeedBelow: Decay.composeVelocityThreshold) - c["distance_until_abs_velocity_0_1_pt"].double) <= tol)
        }
    }

    @Test(arguments: [2000.0, -1200.0, 1e-3, 8000.0])
    func decayIsMonotonic(velocity: Double) throws {
        for rate in [DecelerationRate.normal, .fast, .touchpad] {
            let decay = try Decay(from: 10, initialVelocity: velocity, rate: rate)
            var previous = decay.value(at: 0), previousSpeed = abs(decay.velocity(at: 0))
            for ms in 1...5000 {
                let t = Double(ms) / 1000
                let value = decay.value(at: t), speed = abs(decay.velocity(at: t))
                #expect(velocity > 0 ? value >= previous : value <= previous)
                #expect(speed <= previousSpeed)
                #expect(abs(value - 10) <= abs(decay.restValue - 10) + 1e-9)
                previous = value; previousSpeed = speed
            }
        }
    }

    @Test func invalidDecayThrows() {
        #expect(throws: DecayError.invalidRate(1)) { try Decay(from: 0, initialVelocity: 1, rate: DecelerationRate(perMillisecond: 1)) }
        #expect(throws: DecayError.invalidFriction(0)) { try Decay(from: 0, initialVelocity: 1, frictionMultiplier: 0) }
    }

    @Test func rubberBandMatchesVectors() {
        let section = motionVectors["rubber_band"]
        let tol = section["tolerance_abs"].double
        #expect(section["cases"].array.count == 6)
        for c in section["cases"].array {
            let p = c["params"], id = c["id"].string
            switch id {
            case "variant_limit_plus_excess":
                let band = RubberBand(coefficient: p["c"].double, falloff: p["k"].double)
                let bounds = -Double.infinity...p["limit"].double
                for v in c["values"].array {
                    #expect(abs(band.displayed(raw: v["raw"].double, within: bounds) - v["displayed"].double) <= tol, "\(id)")
                    #expect(abs(band.raw(displayed: v["displayed"].double, within: bounds) - v["raw"].double) <= 1e-9 * max(1, v["raw"].double))
                }
            case "two_sided_clamp":
                let band = RubberBand(coefficient: p["c"].double, dimension: p["limit"].double)
                let bounds = p["min"].double...p["max"].double
                for v in c["values"].array {
                    let raw = v["raw"].double
                    #expect(abs(band.displayed(raw: raw, within: bounds) - v["displayed"].double) <= tol, "\(id) raw=\(raw)")
                    #expect(abs(band.slope(raw: raw, within: bounds) - v["derivative"].double) <= tol, "\(id) raw=\(raw)")
                    #expect(abs(band.releaseVelocity(1000, raw: raw, within: bounds) - 1000 * v["derivative"].double) <= 1e-6)
                }
            default:
                let band = RubberBand(coefficient: p["c"].double, dimension: p["limit"].double)
                if let d = p["d"].optionalDouble {
                    let adwaita = RubberBand(coefficient: 1, falloff: d)
                    #expect(abs(adwaita.dimension - band.dimension) <= 1e-15)
                }
                for v in c["values"].array {
                    let e = v["excess"].double, b = v["banded"].double
                    #expect(abs(band.band(excess: e) - b) <= tol, "\(id) e=\(e)")
                    #expect(abs(band.band(excess: -e) + b) <= tol)
                    #expect(abs(band.slope(atExcess: e) - v["derivative"].double) <= tol, "\(id) e=\(e)")
                    #expect(abs(band.excess(forBanded: b) - e) <= 1e-9 * max(1, e), "\(id) inverse e=\(e)")
                    if let secant = v["secant_ratio_banded_over_excess"].optionalDouble {
                        #expect(abs(band.band(excess: e) / e - secant) <= tol)
                    }
                }
                let published = c["published_reference"].array.map(\.double)
                for (value, expected) in zip(c["values"].array, published) {
                    #expect(abs(band.band(excess: value["excess"].double) - expected) < 0.005, "\(id) published")
                }
            }
        }
    }

    @Test func rubberBandSlopeIsTheDerivative() {
        let band = RubberBand(dimension: 960)
        for e in stride(from: 0.0, through: 3000, by: 37.5) {
            let h = 1e-4
            let numeric = (band.band(excess: e + h) - band.band(excess: max(e - h, 0))) / (e + h - max(e - h, 0))
            #expect(abs(numeric - band.slope(atExcess: e)) < 1e-6)
        }
        #expect(band.excess(forBanded: 960) == .infinity)
    }
}
