// One binding of the config, compiled once: the rule that decides when it fires, what it runs,
// where it stands in the file and the spring it animates with, in one record. Every reader
// (the daemon's pipeline and runners, the C ABI, gestoctl) reads this table; GestoCore's
// matcher keeps only an index over its rules.
import GestoCore
import GestoYAML

/// A gesture bound to an action, as the config gives it.
public struct Binding: Sendable {
    /// When and for what the binding fires (its settings are the global ones with its overrides).
    public var rule: BindingRule
    /// What runs.
    public var action: Action
    /// Where the binding starts in the file (its `- gesture:` item).
    public var location: SourceLocation
    /// Where its action's value is written (`ctrl+t` of `keys: ctrl+t`): errors found after
    /// decoding, such as an unknown key name, point here.
    public var actionLocation: SourceLocation
    /// Its own `animation:` spring, or nil for the config's global one
    /// (``Config/animation(forBinding:)`` resolves it).
    public var animation: SpringParameters?
    /// `consume: true` (always for a `drag:`): with gesto-inputd running, the touches of the
    /// binding's finger count are withheld from the compositor (``Config/ownedFingerCounts``).
    public var consumes = false

    public init(gesture: GestureName, mode: FireMode = .onEnd, action: Action,
                settings: RecognizerSettings = RecognizerSettings(), app: String? = nil,
                location: SourceLocation, actionLocation: SourceLocation? = nil, animation: SpringParameters? = nil) {
        self.rule = BindingRule(gesture: gesture, mode: mode, settings: settings, app: app)
        self.action = action
        self.location = location
        self.actionLocation = actionLocation ?? location
        self.animation = animation
    }

    /// The gesture, in binding syntax.
    public var gesture: GestureName {
        get { rule.gesture }
        set { rule.gesture = newValue }
    }
    /// When the action runs.
    public var mode: FireMode {
        get { rule.mode }
        set { rule.mode = newValue }
    }
    /// The binding's thresholds (global settings with its overrides).
    public var settings: RecognizerSettings {
        get { rule.settings }
        set { rule.settings = newValue }
    }
    /// The focused application the binding is limited to, or nil.
    public var app: String? {
        get { rule.app }
        set { rule.app = newValue }
    }
    /// See ``BindingRule/matches(_:)``.
    public func matches(_ name: GestureName) -> Bool { rule.matches(name) }
    /// See ``BindingRule/specificity``.
    public var specificity: Int { rule.specificity }

    /// The number a user reads for the binding at `index` of the config's list: counted from
    /// 1, as one counts the items in the file, in every message, log field and JSON answer.
    public static func number(ofIndex index: Int) -> Int { index + 1 }
}
