// Why a spring could not be built from the parameters someone brought (a config file, a
// command line, a library caller). Bad input is reported with the parameter's name, never trapped.

/// An invalid spring parameterization, naming the parameter at fault.
///
/// Parameter names are the config and command-line spellings: `mass`, `stiffness`, `damping`,
/// `response`, `damping-fraction`, `duration`, `bounce`, `damping-ratio`, `epsilon`,
/// `initial-spring-velocity`, `distance`.
public enum SpringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value is NaN or infinite.
    case notFinite(parameter: String, value: Double)
    /// The value is finite but outside its domain; `expected` says the domain ("> 0", "≥ 0", "in (-1, 1)").
    case outOfRange(parameter: String, value: Double, expected: String)
    /// Two parameterizations were mixed (for example `response` with `stiffness`); both names are given.
    case conflicting(String, String)
    /// A parameterization lacks one of its parameters (`stiffness` with `damping` but nothing else).
    case missing(parameter: String, requiredBy: String)
    /// The name is not a spring parameter.
    case unknown(parameter: String)
    /// No parameter was given at all.
    case empty

    /// One line, as printed by `gestoctl motion` and the config loader.
    public var description: String {
        switch self {
        case .notFinite(let parameter, let value):
            return "spring parameter '\(parameter)' must be a finite number, got \(value)"
        case .outOfRange(let parameter, let value, let expected):
            return "spring parameter '\(parameter)' must be \(expected), got \(formatCompact(value, maxDecimals: 6))"
        case .conflicting(let first, let second):
            return "spring parameters '\(first)' and '\(second)' belong to different parameterizations; use one"
        case .missing(let parameter, let requiredBy):
            return "spring parameter '\(requiredBy)' also needs '\(parameter)'"
        case .unknown(let parameter):
            return "unknown spring parameter '\(parameter)'"
        case .empty:
            return "no spring parameters given"
        }
    }
}

/// Checks that `value` is finite and satisfies `isValid`; otherwise throws naming `parameter`.
@inlinable
func validated(
    _ value: Double, _ parameter: String, _ expected: String, _ isValid: (Double) -> Bool
) throws(SpringError) -> Double {
    guard value.isFinite else { throw .notFinite(parameter: parameter, value: value) }
    guard isValid(value) else { throw .outOfRange(parameter: parameter, value: value, expected: expected) }
    return value
}
