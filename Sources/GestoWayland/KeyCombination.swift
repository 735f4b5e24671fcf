// `keys: super+shift+Right`: a key combination, parsed into xkbcommon keysyms. Parsing needs
// no keymap, so unknown names are config errors found when the config loads; which physical
// keys produce the keysyms is decided later, against the virtual keyboard's keymap.
import CXKBCommon
import GestoConfig
import GestoCore

/// A key combination: keys pressed in order and released in reverse.
public struct KeyCombination: Sendable, Hashable, CustomStringConvertible {
    /// Modifier names users write, and the keysym each stands for (case-insensitive): the
    /// config's one table, which hosts read through ``KeyNames``.
    static var aliases: [String: String] { KeyNames.aliases }

    /// The names a typo is most likely of: the aliases and the keysyms bindings use most
    /// (xkbcommon has thousands of keysyms; suggesting among all of them finds nonsense).
    static let commonNames = aliases.keys.sorted() + [
        "Left", "Right", "Up", "Down", "Home", "End", "Page_Up", "Page_Down", "Tab", "Return",
        "Escape", "BackSpace", "Delete", "Insert", "space", "Print", "minus", "plus", "equal",
        "comma", "period", "slash", "grave", "bracketleft", "bracketright",
    ]

    /// One key of the combination.
    public struct Key: Sendable, Hashable {
        /// The name as written (`super`, `Right`).
        public var name: String
        /// The xkbcommon keysym it names.
        public var keysym: UInt32
    }

    /// The keys, in pressing order.
    public var keys: [Key]

    /// Parses `super+shift+Right`: names joined by `+`, each an alias (super, shift, ctrl,
    /// alt, altgr) or an xkbcommon keysym name (`Right`, `Tab`, `a`, `XF86AudioMute`).
    ///
    /// - Throws: ``KeyCombinationError`` for an empty part or an unknown name.
    public init(parsing text: String) throws(KeyCombinationError) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { part in
            String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        guard !text.isEmpty, !parts.contains(where: \.isEmpty) else { throw .emptyKeyName(combination: text) }
        var keys: [Key] = []
        for part in parts {
            let name = Self.aliases[part.lowercased()] ?? part
            let keysym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
            guard keysym != 0 else {
                let folded = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
                var suggestion = closest(part.lowercased(), among: Self.commonNames.map { $0.lowercased() })
                    .flatMap { lowered in Self.commonNames.first { $0.lowercased() == lowered } }
                if folded != 0 {
                    var buffer = [CChar](repeating: 0, count: 64)
                    if xkb_keysym_get_name(folded, &buffer, buffer.count) > 0 {
                        suggestion = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    }
                }
                throw .unknownKeyName(part, combination: text, suggestion: suggestion)
            }
            keys.append(Key(name: part, keysym: keysym))
        }
        self.keys = keys
    }

    /// The names joined by `+`, as written.
    public var description: String { keys.map(\.name).joined(separator: "+") }

    /// Checks every `keys:` action of `config`, for the daemon to call right after
    /// `Config.parse`: GestoConfig knows the syntax but not xkbcommon's key names.
    ///
    /// - Returns: One error per bad combination, at its value (where the mistake is, not at
    ///   `keys:` or the binding's `- gesture:`).
    public static func errors(in config: Config) -> [ConfigError] {
        var errors: [ConfigError] = []
        for binding in config.bindings {
            guard case .session(.keys(let text)) = binding.action else { continue }
            do {
                _ = try KeyCombination(parsing: text)
            } catch {
                errors.append(ConfigError("in 'keys: \(text)': \(error)", at: binding.actionLocation))
            }
        }
        return errors
    }
}

/// Why a key combination does not parse.
public enum KeyCombinationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The combination is empty or has an empty part (`super++Right`).
    case emptyKeyName(combination: String)
    /// xkbcommon knows no key by this name; `suggestion` is the name with other case, or the
    /// alias or common key it is a typo of, if any.
    case unknownKeyName(String, combination: String, suggestion: String?)

    /// What is wrong and what was expected.
    public var description: String {
        switch self {
        case .emptyKeyName(let combination):
            return "'\(combination)' has an empty key name (expected names joined by '+', e.g. 'super+shift+Right')"
        case .unknownKeyName(let name, _, let suggestion):
            return "unknown key name '\(name)' (expected super, shift, ctrl, alt, altgr or an xkb keysym name such as Right, Tab, a, XF86AudioMute)"
                + didYouMean(meant: suggestion)
        }
    }
}
