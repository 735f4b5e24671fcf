// A problem with one line of input that does not stop reading: a recording line that looks
// like a gesture event but does not parse. Printed in the compiler's `FILE:LINE:COL: warning:`
// form so editors can jump to it.

/// A line of input that was skipped or repaired, and why. Reading goes on after it.
public struct InputWarning: Sendable, Hashable, Error, CustomStringConvertible {
    /// The file the line came from, if the caller named one.
    public var file: String?
    /// The 1-based line number.
    public var line: Int
    /// The 1-based byte column where the problem was found, if it is at one place.
    public var column: Int?
    /// What is wrong, in a sentence fragment ("GESTURE_SWIPE_UPDATE without its deltas").
    public var reason: String
    /// The text of the line (without its line break).
    public var text: String

    /// Makes a warning.
    public init(file: String? = nil, line: Int, column: Int? = nil, reason: String, text: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
        self.text = text
    }

    /// `FILE:LINE:COL: warning: REASON` (`line LINE:` without a file name), then the line text.
    public var description: String {
        var place = file.map { "\($0):\(line)" } ?? "line \(line)"
        if let column { place += ":\(column)" }
        return "\(place): warning: \(reason)\n    \(text)"
    }
}
