// Everything wrong with a config file, each problem with its FILE:LINE:COLUMN.
import GestoYAML

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

/// Something in a valid config file that is likely a mistake (it still loads).
public struct ConfigWarning: Sendable, CustomStringConvertible, Equatable {
    /// Where it is.
    public var location: SourceLocation
    /// What looks wrong, and what to do if it is not meant.
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: warning: MESSAGE`, the form editors jump to.
    public var description: String { "\(location): warning: \(message)" }
}

/// All problems found in one config file (decoding goes on after the first).
public struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]
    /// What did decode despite the errors (the bindings without one, and the warnings), so
    /// checks made outside the decoder (key names) can report their problems too; nil when the
    /// file is not YAML.
    public var partial: Config?
    public init(errors: [ConfigError], partial: Config? = nil) {
        self.errors = errors
        self.partial = partial
    }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
