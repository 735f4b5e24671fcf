// What a spring can animate: any value that adds, subtracts and scales like a vector. The
// spring equation is linear, so each component follows the same scalar response (SpringBasis);
// a 2-D translation, a scale and an angle are all animated by one type, SpringAnimation.

/// A value a spring can animate: a vector space over `Double` with a length for rest tests.
///
/// Conformers: `Double` (progress, a scale factor, an angle in radians) and ``Vector2``
/// (a translation). Animate quantities with different units (points and a scale factor) with
/// separate animations so each gets a rest tolerance in its own unit.
public protocol Animatable: Sendable, Equatable {
    /// The additive identity.
    static var zero: Self { get }
    /// Component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Scaling by a number.
    static func * (lhs: Self, rhs: Double) -> Self
    /// The Euclidean length, in the value's unit; compared with ``RestTolerance``.
    var restMagnitude: Double { get }
}

extension Double: Animatable {
    /// |self|.
    @inlinable public var restMagnitude: Double { abs(self) }
}

extension Vector2: Animatable {
    /// The vector's length.
    @inlinable public var restMagnitude: Double { length }
}
