// The physical constants of a damped spring (mass, stiffness, damping) and every published way
// of choosing them: SwiftUI, iOS 17, Jetpack Compose, UIKit, libadwaita, niri, Motion.
// Each mapping cites its source (MOTION.md §2 lists them); all end as m, k, c.

import Glibc

/// The constants of `m·ẍ + c·ẋ + k·(x − target) = 0`, per unit of the animated value.
///
/// Units: mass in kg-equivalents (only ratios matter), stiffness in 1/s² per unit mass,
/// damping in 1/s per unit mass. Build them with the initializer of the API whose numbers you
/// have; every initializer validates and throws ``SpringError`` instead of trapping.
public struct SpringParameters: Hashable, Sendable {
    // MARK: Constants

    /// SwiftUI's default `response`: 0.5 s (`Animation.spring(response:dampingFraction:blendDuration:)`).
    public static let defaultResponse = 0.5
    /// SwiftUI's default `dampingFraction`: 0.825 (same page).
    public static let defaultDampingFraction = 0.825
    /// iOS 17 `Spring(duration:bounce:)` default duration: 0.5 s (developer.apple.com/documentation/swiftui/spring).
    public static let defaultDuration = 0.5

    // MARK: Stored constants

    /// Mass m (> 0). Most APIs fix it at 1.
    public let mass: Double
    /// Stiffness k (> 0), in 1/s² per unit mass.
    public let stiffness: Double
    /// Damping coefficient c (≥ 0), in 1/s per unit mass.
    public let damping: Double
    /// The rest tolerance this spring was configured with (libadwaita/niri `epsilon`), or nil to
    /// let the animation choose by its units (``RestTolerance/points`` or ``RestTolerance/progress``).
    public var restTolerance: RestTolerance?

    // MARK: Mass, stiffness, damping

    /// Raw constants, as SwiftUI's `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`,
    /// libadwaita's `adw_spring_params_new_full(damping, mass, stiffness)`, `CASpringAnimation`
    /// and Motion (`stiffness`/`damping`/`mass`) take them.
    /// - Throws: ``SpringError`` if mass or stiffness is not > 0, damping is < 0, or any is not finite.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringError) {
        self.mass = try validated(mass, "mass", "> 0") { $0 > 0 }
        self.stiffness = try validated(stiffness, "stiffness", "> 0") { $0 > 0 }
        self.damping = try validated(damping, "damping", "≥ 0") { $0 >= 0 }
        self.restTolerance = nil
    }

    /// Already validated constants.
    @usableFromInline init(unchecked mass: Double, _ stiffness: Double, _ damping: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.restTolerance = nil
    }

    // MARK: Damping ratio and stiffness (Compose, Android, libadwaita, niri)

    /// Damping ratio ζ and stiffness: `c = 2ζ√(mk)`.
    ///
    /// Compose `spring(dampingRatio, stiffness)` and Android `SpringForce` (m = 1,
    /// `SpringSimulation.kt`); libadwaita `adw_spring_params_new(damping_ratio, mass, stiffness)`
    /// (`adw-spring-params.c`); niri `spring damping-ratio= stiffness= epsilon=` (m = 1,
    /// `niri-config/src/animations.rs`). ζ < 1 bounces, ζ = 1 is critical, ζ > 1 creeps.
    /// - Parameter epsilon: niri/libadwaita's rest epsilon in the value's unit; sets
    ///   ``restTolerance`` to (ε, 62.5·ε per s).
    public init(dampingRatio: Double, stiffness: Double, mass: Double = 1, epsilon: Double? = nil) throws(SpringError) {
        let zeta = try validated(dampingRatio, "damping-ratio", "≥ 0") { $0 >= 0 }
        let m = try validated(mass, "mass", "> 0") { $0 > 0 }
        let k = try validated(stiffness, "stiffness", "> 0") { $0 > 0 }
        self.init(unchecked: m, k, 2 * zeta * (m * k).squareRoot())
        if let epsilon { restTolerance = RestTolerance(position: try validated(epsilon, "epsilon", "> 0") { $0 > 0 }) }
    }

    /// Compose's named constants (`Spring.Stiffness*`, `Spring.DampingRatio*` in `AnimationSpec.kt`).
    /// Compose's default `spring()` is `(.noBouncy, .medium)`.
    public init(compose dampingRatio: ComposeDampingRatio = .noBouncy, stiffness: ComposeStiffness = .medium) {
        let k = stiffness.rawValue
        self.init(unchecked: 1, k, 2 * dampingRatio.rawValue * k.squareRoot())
    }

    // MARK: SwiftUI response and damping fraction

    /// SwiftUI `.spring(response:dampingFraction:)`: `ω₀ = 2π/response`, `k = m·ω₀²`,
    /// `c = 4π·m·ζ/response` (ζ = dampingFraction). Response is the undamped period in seconds.
    /// SwiftUI's response 0 (an infinitely stiff spring: a jump) is rejected: do not animate instead.
    public init(response: Double = defaultResponse, dampingFraction: Double = defaultDampingFraction, mass: Double = 1) throws(SpringError) {
        let period = try validated(response, "response", "> 0") { $0 > 0 }
        let zeta = try validated(dampingFraction, "damping-fraction", "≥ 0") { $0 >= 0 }
        let m = try validated(mass, "mass", "> 0") { $0 > 0 }
        let omega = 2 * Double.pi / period
        self.init(unchecked: m, m * omega * omega, 4 * Double.pi * m * zeta / period)
    }

    // MARK: iOS 17 duration and bounce

    /// iOS 17 SwiftUI `Spring(duration:bounce:)`: duration is the undamped period (≡ response);
    /// `ζ = 1 − bounce` for bounce ≥ 0 and `ζ = 1/(1 + bounce)` for −1 < bounce < 0 (overdamped;
    /// Flutter's `SpringDescription.withDurationAndBounce` port). Apple's example: (0.5 s, 0.3)
    /// → m 1, k 157.9, c 17.6. Bounce 1 is undamped and never settles.
    public init(duration: Double = defaultDuration, bounce: Double = 0, mass: Double = 1) throws(SpringError) {
        let period = try validated(duration, "duration", "> 0") { $0 > 0 }
        let b = try validated(bounce, "bounce", "in (-1, 1]") { $0 > -1 && $0 <= 1 }
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        try self.init(response: period, dampingFraction: zeta, mass: mass)
    }

    // MARK: Motion (Framer) visual duration and bounce

    /// Motion's `visualDuration`/`bounce` (motiondivision/motion
    /// `packages/motion-dom/src/animation/generators/spring/index.ts`): `ω₀ = 2π/(1.2·visualDuration)`,
    /// `k = ω₀²`, `c = 2·clamp(1 − bounce, 0.05, 1)·ω₀`, m = 1.
    public init(visualDuration: Double, bounce: Double) throws(SpringError) {
        let period = try validated(visualDuration, "visual-duration", "> 0") { $0 > 0 }
        let b = try validated(bounce, "bounce", "finite") { _ in true }
        let omega = 2 * Double.pi / (1.2 * period)
        let zeta = min(max(1 - b, 0.05), 1)
        self.init(unchecked: 1, omega * omega, 2 * zeta * omega)
    }

    // MARK: Derived quantities

    /// Damping ratio ζ = c / (2√(km)): < 1 underdamped, 1 critical, > 1 overdamped.
    @inlinable public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// Undamped angular frequency ω₀ = √(k/m), in rad/s.
    @inlinable public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }
    /// Envelope decay rate β = c / (2m), in 1/s.
    @inlinable public var decayRate: Double { damping / (2 * mass) }
    /// SwiftUI's response (≡ iOS 17 duration): the undamped period 2π/ω₀, in seconds.
    @inlinable public var response: Double { 2 * Double.pi / undampedAngularFrequency }
    /// iOS 17 bounce: `1 − ζ` when ζ ≤ 1, `1/ζ − 1` when ζ > 1 (Apple: k 100, c 10 → 0.63 s, bounce 0.5).
    @inlinable public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    // MARK: UIKit initialSpringVelocity

    /// UIKit's `initialSpringVelocity` (UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:…), `UISpringTimingParameters.initialVelocity`) is the velocity divided
    /// by the animation's distance: 100 pt/s over 200 pt → 0.5. Returns it for `velocity` (pt/s)
    /// over `distance` = |to − from| (pt); 0 when the distance is 0.
    @inlinable public static func initialSpringVelocity(forVelocity velocity: Double, distance: Double) -> Double {
        distance == 0 ? 0 : velocity / abs(distance)
    }

    /// The velocity in pt/s that UIKit's `initialSpringVelocity` means over `distance` pt.
    /// (UIKit's duration → stiffness mapping is undocumented; pick the stiffness with another
    /// initializer and the damping ratio from `usingSpringWithDamping`.)
    @inlinable public static func velocity(forInitialSpringVelocity normalized: Double, distance: Double) -> Double {
        normalized * abs(distance)
    }
}

// MARK: - Named constants

/// Jetpack Compose `Spring.Stiffness*` constants, in 1/s² with m = 1 (`AnimationSpec.kt`).
public enum ComposeStiffness: Double, CaseIterable, Sendable {
    case high = 10_000
    case medium = 1_500
    case mediumLow = 400
    case low = 200
    case veryLow = 50
}

/// Jetpack Compose `Spring.DampingRatio*` constants (`AnimationSpec.kt`).
public enum ComposeDampingRatio: Double, CaseIterable, Sendable {
    case highBouncy = 0.2
    case mediumBouncy = 0.5
    case lowBouncy = 0.75
    case noBouncy = 1
}

extension SpringParameters {
    private static func make(_ zeta: Double, _ mass: Double, _ stiffness: Double, epsilon: Double? = nil) -> SpringParameters {
        var parameters = SpringParameters(unchecked: mass, stiffness, 2 * zeta * (mass * stiffness).squareRoot())
        if let epsilon { parameters.restTolerance = RestTolerance(position: epsilon) }
        return parameters
    }

    /// SwiftUI `.spring()`: response 0.5 s, dampingFraction 0.825.
    public static let swiftUIDefault = make(0.825, 1, pow(2 * Double.pi / 0.5, 2))
    /// SwiftUI `.interactiveSpring()`: response 0.15 s, dampingFraction 0.86 (blend duration ignored).
    public static let interactiveSpring = make(0.86, 1, pow(2 * Double.pi / 0.15, 2))
    /// iOS 17 `.smooth` (0.5 s, bounce 0), `.snappy` (bounce 0.15), `.bouncy` (bounce 0.3).
    public static let smooth = make(1, 1, pow(2 * Double.pi / 0.5, 2))
    /// iOS 17 `.snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = make(0.85, 1, pow(2 * Double.pi / 0.5, 2))
    /// iOS 17 `.bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = make(0.7, 1, pow(2 * Double.pi / 0.5, 2))
    /// `CASpringAnimation` and Motion defaults: m 1, k 100, c 10.
    public static let caSpringAnimation = make(0.5, 1, 100)
    /// libadwaita carousel, flap, leaflet and split view: ζ 1, m 0.5, k 500 (`adw-carousel.c`).
    public static let adwaitaCarousel = make(1, 0.5, 500, epsilon: 0.001)
    /// libadwaita navigation view: ζ 1, m 1, k 1000 (`adw-navigation-view.c`).
    public static let adwaitaNavigationView = make(1, 1, 1000, epsilon: 0.001)
    /// niri workspace switch: ζ 1, k 1000, ε 1e-4 (`niri-config/src/animations.rs`).
    public static let niriWorkspaceSwitch = make(1, 1, 1000, epsilon: 1e-4)
    /// niri view/window movement, resize and overview: ζ 1, k 800, ε 1e-4.
    public static let niriWindowMovement = make(1, 1, 800, epsilon: 1e-4)
}

// MARK: - Parsing named options

extension SpringParameters {
    /// The option names ``init(parsing:)`` accepts, as written in config files and on the command line.
    public static let optionNames: [String] = [
        "mass", "stiffness", "damping", "response", "damping-fraction",
        "duration", "bounce", "damping-ratio", "epsilon",
    ]

    /// Builds parameters from named options (config keys or command-line flags without `--`).
    ///
    /// Exactly one parameterization may be used, with `mass` and `epsilon` allowed in any:
    /// `stiffness` + `damping`; `damping-ratio` + `stiffness`; `response` and/or
    /// `damping-fraction` (defaults 0.5 s, 0.825, as SwiftUI's); `duration` and/or `bounce`
    /// (defaults 0.5 s, 0).
    /// - Throws: ``SpringError/unknown(parameter:)``, ``SpringError/conflicting(_:_:)`` when two
    ///   parameterizations are mixed, ``SpringError/missing(parameter:requiredBy:)``,
    ///   ``SpringError/empty``, or the initializer's own range errors.
    public init(parsing options: [String: Double]) throws(SpringError) {
        for name in options.keys.sorted() where !Self.optionNames.contains(name) {
            throw .unknown(parameter: name)
        }
        guard !options.isEmpty else { throw .empty }
        let present = Parameterization.allCases.filter { $0.firstKey(in: options) != nil }
        if present.count > 1 { throw .conflicting(present[0].firstKey(in: options)!, present[1].firstKey(in: options)!) }
        let mass = options["mass"] ?? 1
        let epsilon = options["epsilon"]
        guard let family = present.first else {
            if options["stiffness"] != nil { throw .missing(parameter: "damping-ratio", requiredBy: "stiffness") }
            throw .missing(parameter: "stiffness", requiredBy: options["mass"] != nil ? "mass" : "epsilon")
        }
        switch family {
        case .swiftUI:
            if options["stiffness"] != nil { throw .conflicting(family.firstKey(in: options)!, "stiffness") }
            // `--damping-fraction` alone takes SwiftUI's default response, as the help says.
            try self.init(response: options["response"] ?? Self.defaultResponse,
                          dampingFraction: options["damping-fraction"] ?? Self.defaultDampingFraction, mass: mass)
        case .durationBounce:
            if options["stiffness"] != nil { throw .conflicting(family.firstKey(in: options)!, "stiffness") }
            try self.init(duration: options["duration"] ?? Self.defaultDuration, bounce: options["bounce"] ?? 0, mass: mass)
        case .dampingRatio(let key):
            guard let stiffness = options["stiffness"] else { throw .missing(parameter: "stiffness", requiredBy: key) }
            try self.init(dampingRatio: options[key]!, stiffness: stiffness, mass: mass)
        case .physical(let key):
            guard let stiffness = options["stiffness"] else { throw .missing(parameter: "stiffness", requiredBy: key) }
            try self.init(mass: mass, stiffness: stiffness, damping: options[key]!)
        }
        if let epsilon {
            restTolerance = RestTolerance(position: try validated(epsilon, "epsilon", "> 0") { $0 > 0 })
        }
    }
}

/// The parameterizations ``SpringParameters/init(parsing:)`` tells apart, in the order conflicts
/// are reported. `mass` and `epsilon` belong to all; `stiffness` to the last two.
private enum Parameterization: CaseIterable {
    case swiftUI
    case durationBounce
    case dampingRatio(String)
    case physical(String)

    static let allCases: [Parameterization] = [.swiftUI, .durationBounce, .dampingRatio("damping-ratio"), .physical("damping")]

    /// The option names that select this parameterization.
    var keys: [String] {
        switch self {
        case .swiftUI: return ["response", "damping-fraction"]
        case .durationBounce: return ["duration", "bounce"]
        case .dampingRatio(let key), .physical(let key): return [key]
        }
    }

    /// The first of ``keys`` present in `options`, or nil if the parameterization is not used.
    func firstKey(in options: [String: Double]) -> String? { keys.first { options[$0] != nil } }
}
