// A YAML document as a tree of scalars, mappings and sequences, each with its location: what
// YAMLBuilder.swift makes of libyaml's events for gesto's config, other tools' configs and
// `libinput record` files alike.

/// One entry of a mapping: its key, where the key is written, and its value.
public typealias YAMLEntry = (key: String, keyLocation: SourceLocation, value: YAMLNode)

/// One node of a YAML document, with the location where it starts. (Not `indirect`: the
/// arrays already hold the children out of line, and a boxed scalar costs one allocation.)
public enum YAMLNode: Sendable {
    /// A scalar, as written (libyaml resolves no types; the readers do).
    case scalar(String, SourceLocation)
    /// A mapping: keys in document order (keys are scalars; duplicates are rejected unless
    /// ``YAMLSyntax/rejectsDuplicateKeys`` is off).
    case mapping([YAMLEntry], SourceLocation)
    /// A sequence.
    case sequence([YAMLNode], SourceLocation)

    /// Where the node starts.
    @inlinable
    public var location: SourceLocation {
        switch self {
        case .scalar(_, let l), .mapping(_, let l), .sequence(_, let l): l
        }
    }

    /// "a scalar", "a mapping" or "a list", for error messages.
    public var kindDescription: String {
        switch self {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }

    /// The value for `key` in a mapping (nil for a missing key or anything but a mapping).
    /// (Inlinable, as the other accessors: readers call them for every field they read.)
    @inlinable
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The text of a scalar (nil for a mapping or a list).
    @inlinable
    public var scalar: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// The items of a sequence (empty for anything else).
    @inlinable
    public var items: [YAMLNode] {
        if case .sequence(let items, _) = self { return items }
        return []
    }
}

/// A YAML syntax problem, with libyaml's own description and position.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var description: String { "\(location): \(message)" }

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}
