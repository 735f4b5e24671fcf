// Everything wrong with a config file, each problem with its FILE:LINE:COLUMN.

/// A problem in a config file.
public struct ConfigError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, and what was expected.
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, the form editors jump to.
    public var description: String { "\(location): error: \(message)" }
}

/// All problems found in one config file (decoding goes on after the first).
public struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]
    public init(errors: [ConfigError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
