// One window as the compositor describes it through wlr-foreign-toplevel: app_id, title,
// states and outputs. A plain value; the session replaces it whenever a `done` event closes a
// batch of changes, so readers never see half an update.

/// A toplevel window of any client, as wlr-foreign-toplevel-management reports it.
public struct Toplevel: Sendable, Hashable, Identifiable {
    /// Identifies a window for the life of one connection (ids are not reused within it).
    public struct ID: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The number, counted from 1 per session.
        public let rawValue: UInt64
        /// Wraps a number.
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        /// `window N`.
        public var description: String { "window \(rawValue)" }
    }

    /// The states of a window (the protocol's `state` enum as a set).
    public struct States: OptionSet, Sendable, Hashable {
        /// One bit per protocol state value.
        public let rawValue: UInt32
        /// Makes a set from its bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Maximized (protocol value 0).
        public static let maximized = States(rawValue: 1 << 0)
        /// Minimized (protocol value 1).
        public static let minimized = States(rawValue: 1 << 1)
        /// Focused (protocol value 2, `activated`).
        public static let activated = States(rawValue: 1 << 2)
        /// Fullscreen (protocol value 3, since version 2).
        public static let fullscreen = States(rawValue: 1 << 3)

        /// The set from the protocol's array of state values; unknown values are ignored.
        public init(protocolValues: some Sequence<UInt32>) {
            var bits: UInt32 = 0
            for value in protocolValues where value < 32 { bits |= 1 << value }
            self.init(rawValue: bits & (States.maximized.rawValue | States.minimized.rawValue
                                        | States.activated.rawValue | States.fullscreen.rawValue))
        }
    }

    /// The window's id in this session.
    public var id: ID
    /// The application id (Wayland app_id, e.g. `foot`, `firefox`); empty until sent.
    public var appID: String
    /// The title; empty until sent.
    public var title: String
    /// Maximized, minimized, focused, fullscreen.
    public var states: States
    /// Names of the outputs the window shows on (e.g. `HEADLESS-1`; the output's global
    /// number when the compositor sends no name).
    public var outputs: [String]

    /// Whether the window has keyboard focus.
    public var isFocused: Bool { states.contains(.activated) }
}
