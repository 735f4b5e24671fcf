// A 2-D vector in libinput's gesture delta space: +x right, +y down.
// Used for deltas, translations (sums of deltas) and velocities (units per second).

/// A 2-D vector with libinput's axes: `x` grows to the right, `y` grows downward.
/// The unit depends on the use: libinput delta units for deltas and translations,
/// delta units per second for velocities.
public struct Vector2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public static let zero = Vector2(x: 0, y: 0)

    /// Euclidean length, in the vector's own unit.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    @inlinable public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(x: a.x * s, y: a.y * s) }
    @inlinable public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    @inlinable public static prefix func - (a: Vector2) -> Vector2 { Vector2(x: -a.x, y: -a.y) }

    /// Dot product.
    @inlinable public func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }

    public var description: String { "(\(formatFixed(x, decimals: 2)), \(formatFixed(y, decimals: 2)))" }
}
