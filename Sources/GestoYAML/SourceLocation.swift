// Where in a text file something is: errors about config files and recordings point here,
// printed as FILE:LINE:COLUMN like a compiler's.

/// A position in a text file: 1-based line and column (columns count bytes, as libyaml's do).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it (or "<string>" for text not read from a file).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN`.
    public var description: String { "\(file):\(line):\(column)" }
}
