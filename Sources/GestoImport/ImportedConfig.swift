// What `gestoctl import` makes of another tool's config: gesto bindings, each with the source
// line it came from, every source line gesto cannot express with the reason, and warnings
// with FILE:LINE:COLUMN. The importers of each format fill it; ConfigRendering turns it into
// a gesto config file.
import GestoCore
import GestoConfig
import GestoYAML

/// The configuration formats `gestoctl import` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    case libinputGestures = "libinput-gestures"
    case fusuma
    case touchegg
    case sway
    case hyprland

    /// The tool's name as its users write it.
    public var toolName: String {
        switch self {
        case .libinputGestures: "libinput-gestures"
        case .fusuma: "fusuma"
        case .touchegg: "Touchégg"
        case .sway: "sway"
        case .hyprland: "Hyprland"
        }
    }

    /// Where the tool reads its config, in the order it looks (`~` is the home directory,
    /// `$XDG_CONFIG_HOME` defaults to `~/.config`).
    public var usualPaths: [String] {
        switch self {
        case .libinputGestures: ["$XDG_CONFIG_HOME/libinput-gestures.conf", "/etc/libinput-gestures.conf"]
        case .fusuma: ["$XDG_CONFIG_HOME/fusuma/config.yml", "$XDG_CONFIG_HOME/fusuma/config.yaml"]
        case .touchegg: ["$XDG_CONFIG_HOME/touchegg/touchegg.conf", "/usr/share/touchegg/touchegg.conf"]
        case .sway: ["~/.sway/config", "$XDG_CONFIG_HOME/sway/config", "/etc/sway/config"]
        // Hyprland 0.55 reads hyprland.lua when there is one.
        case .hyprland: ["$XDG_CONFIG_HOME/hypr/hyprland.lua", "$XDG_CONFIG_HOME/hypr/hyprland.conf"]
        }
    }
}

/// Where the importer sends workspace switching, which only compositors name (libinput-gestures'
/// `_internal ws_up`, Touchégg's CHANGE_DESKTOP, fusuma's `workspace:`).
public enum WorkspaceTarget: String, Sendable, CaseIterable {
    /// `sway: workspace next|prev` over sway's IPC.
    case sway
    /// `exec: hyprctl dispatch workspace m+1|m-1`.
    case hyprland
    /// `exec: niri msg action focus-workspace-down|up`.
    case niri
    /// None known: gesto's `workspace: next|previous`, with a warning saying where it works.
    case other
}

/// How fusuma's pinch words are read: fusuma 3.0.0 (2023-08) reversed them, and a config does
/// not say which fusuma it was written for.
public enum FusumaPinchReading: String, Sendable, CaseIterable {
    /// fusuma up to 2.5: `in` is fingers spreading (zoom in), gesto's `out`.
    case version2 = "2"
    /// fusuma 3.0 and later: `in` is fingers closing, gesto's `in`.
    case version3 = "3"
}

/// The choices an import makes that the source file does not decide.
public struct ImportOptions: Sendable {
    /// Where workspace switching goes.
    public var workspaces: WorkspaceTarget = .sway
    /// True when ``workspaces`` is only the default (no compositor given or detected): a command
    /// that runs on one desktop (KWin's desktop switching over D-Bus) is then kept as written,
    /// and the header says that workspace switching went to sway for want of a compositor.
    public var workspacesAssumed = false
    /// How fusuma's `in`/`out` read; nil: fusuma 2.x, with a warning when the file has pinches.
    public var fusumaPinch: FusumaPinchReading?
    /// Reads the files an `include PATTERN` of a sway config (or `source = PATTERN` of
    /// Hyprland's) names (a glob, relative to the including file's folder, which is the second
    /// argument): each file's path and text. Nil: includes are not followed (listed as not
    /// importable). The importer itself does no I/O.
    /// The paths it gives are canonical (no `..`, no symbolic links), so a cycle is noticed.
    public var readIncluded: (@Sendable (_ pattern: String, _ includingFile: String) -> [(path: String, text: String)])?
    /// The canonical path of the file imported, so an include that leads back to it is noticed.
    public var canonicalPath: String?

    public init(workspaces: WorkspaceTarget = .sway, fusumaPinch: FusumaPinchReading? = nil,
                readIncluded: (@Sendable (String, String) -> [(path: String, text: String)])? = nil) {
        self.workspaces = workspaces
        self.fusumaPinch = fusumaPinch
        self.readIncluded = readIncluded
    }
}

/// A line of the source file, as the comment above what came from it shows it.
public struct SourceLine: Sendable, Hashable {
    /// The file (as given) and line; the column is where the entry starts, or the line's first
    /// non-blank character.
    public var location: SourceLocation
    /// The line's text, without its indentation; of a line longer than ``longestWhole``
    /// characters (a minified or flow-style file holding many entries), only an excerpt of
    /// ``excerptLength`` characters around the column, `…` marking what is left out, so that
    /// each entry of such a line costs its excerpt, not the whole line again.
    public var text: String

    /// The longest line shown whole.
    public static let longestWhole = 400
    /// The characters an excerpt of a longer line shows, ``excerptLead`` of them before the column.
    public static let excerptLength = 160
    public static let excerptLead = 40

    public init(location: SourceLocation, text: String) {
        self.location = location
        self.text = text
    }
}

/// One imported binding.
public struct ImportedBinding: Sendable, Hashable {
    /// The gesture, with a finger count (a source gesture without one becomes several bindings).
    public var gesture: GestureName
    /// When the action runs.
    public var mode: FireMode
    /// The app_id the binding is limited to.
    public var app: String?
    /// What runs.
    public var action: Action
    /// Setting overrides of this binding (`duration: 2.2`), in order, values as written.
    public var overrides: [Override]
    /// The source line it came from.
    public var source: SourceLine

    /// One `key: value` setting override.
    public struct Override: Sendable, Hashable {
        public var key: String
        public var value: String
    }

    public init(gesture: GestureName, mode: FireMode = .onEnd, app: String? = nil, action: Action,
                overrides: [Override] = [], source: SourceLine) {
        self.gesture = gesture
        self.mode = mode
        self.app = app
        self.action = action
        self.overrides = overrides
        self.source = source
    }
}

/// A source line (or setting) gesto cannot express: written out commented, with the reason.
public struct Unimportable: Sendable, Hashable {
    public var source: SourceLine
    /// Why it is not imported, and what the user could do instead.
    public var reason: String
}

/// Something the user should check: a source line that did not parse, or one imported with a
/// change of meaning. Printed as `FILE:LINE:COLUMN: warning: MESSAGE`.
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var description: String { "\(location): warning: \(message)" }
}

/// A global setting the import writes (`settings: {swipe: {diagonals: true}}`).
public struct ImportedSetting: Sendable, Hashable {
    /// The section: swipe, pinch, rotate, long-press, hold.
    public var section: String
    public var key: String
    public var value: String
    /// Why it is set (a comment in the output).
    public var reason: String
}

/// A gesture the source config binds, and the line that binds it.
public struct SourceGesture: Sendable, Hashable {
    public var gesture: GestureName
    public var source: SourceLine
}

/// The result of importing one file.
public struct ImportedConfig: Sendable {
    public var format: ImportFormat
    /// The file as the user named it (`<stdin>` for standard input).
    public var file: String
    public var settings: [ImportedSetting] = []
    public var bindings: [ImportedBinding] = []
    public var unimportable: [Unimportable] = []
    public var warnings: [ImportWarning] = []
    /// Choices the import made for the whole file (printed at the top).
    public var choices: [String] = []
    /// Every gesture the source has its compositor act on itself, whatever gesto made of the
    /// line (a 1:1 `move` gesture acts as surely as a dispatcher): what `gestoctl doctor`
    /// holds bound gestures against. Filled by the Hyprland importer; a gesture limited to a
    /// held modifier is in it too (while the modifier is held, both act).
    public var sourceGestures: [SourceGesture] = []

    public init(format: ImportFormat, file: String) {
        self.format = format
        self.file = file
    }

    /// The number of distinct source lines bindings came from.
    public var importedSourceLines: Int { Set(bindings.map { "\($0.source.location.file):\($0.source.location.line)" }).count }

    /// The number of distinct source lines with an entry not importable (a minified or
    /// flow-style file can hold many on one line).
    public var unimportableSourceLines: Int { Set(unimportable.map { "\($0.source.location.file):\($0.source.location.line)" }).count }

    /// The files read, in the order they were first read from (the file itself, then the files
    /// a sway config includes), each with its rank.
    var fileRanks: [String: Int] {
        var ranks = [file: 0]
        let files = bindings.map(\.source.location.file) + unimportable.map(\.source.location.file) + warnings.map(\.location.file)
        for name in files where ranks[name] == nil { ranks[name] = ranks.count }
        return ranks
    }
}

/// The text of a source file split into lines, and the recording of what became of them.
/// Each format's importer owns one while it reads.
struct ImportRecorder {
    var result: ImportedConfig
    let lines: [Substring]
    /// The characters of each line longer than ``SourceLine/longestWhole``, by line number:
    /// excerpts are cut from them by column without walking the line again.
    private let longLines: [Int: [Character]]
    /// The warnings given for each line, and the column of the first one left out past
    /// ``warningsPerLine``.
    private var warningCounts: [Int: (count: Int, firstLeftOut: Int)] = [:]

    /// The most warnings recorded for one source line; the rest are counted, and one more
    /// warning says how many were left out (a minified file can hold thousands on one line).
    static let warningsPerLine = 20

    init(format: ImportFormat, file: String, text: String) {
        result = ImportedConfig(format: format, file: file)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
        var long: [Int: [Character]] = [:]
        for (index, line) in lines.enumerated() where line.utf8.count > SourceLine.longestWhole {
            let characters = Array(line)
            if characters.count > SourceLine.longestWhole { long[index + 1] = characters }
        }
        longLines = long
    }

    /// The source line `number` (1-based), without indentation; `column` (1-based, characters)
    /// is where the entry starts (nil: the first non-blank character). A long line gives an
    /// excerpt around the column.
    func source(line number: Int, column: Int? = nil) -> SourceLine {
        let text = number >= 1 && number <= lines.count ? lines[number - 1] : ""
        let indentation = text.prefix { $0 == " " || $0 == "\t" }.count
        let at = column.map { max($0, 1) } ?? indentation + 1
        guard let characters = longLines[number] else {
            return SourceLine(location: location(line: number, column: at), text: text.trimmingSpaces)
        }
        let start = max(indentation, min(at - 1, characters.count) - SourceLine.excerptLead)
        let end = min(characters.count, start + SourceLine.excerptLength)
        var excerpt = String(characters[start..<end]).trimmingSpaces
        if start > indentation { excerpt = "…" + excerpt }
        if end < characters.count { excerpt += "…" }
        return SourceLine(location: location(line: number, column: at), text: excerpt)
    }

    /// The characters of line `number` if it is longer than ``SourceLine/longestWhole``.
    func longLineCharacters(_ number: Int) -> [Character]? { longLines[number] }

    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: result.file, line: line, column: column)
    }

    /// Adds `binding`, if gesto's config decoder takes it (a 1-finger swipe, a NUL in a
    /// command); otherwise its line is recorded as not importable, with the decoder's reason.
    mutating func add(_ binding: ImportedBinding) {
        do {
            _ = try Config.parse("bindings:\n  - \(binding.yamlFlow)\n", file: "binding")
        } catch {
            let reason = "gesto cannot bind it: " + (error.errors.first?.message ?? "\(error)")
            let line = binding.source.location.line
            if !result.unimportable.contains(where: { $0.source.location.line == line && $0.reason == reason }) {
                skip(line: line, reason)
            }
            return
        }
        result.bindings.append(binding)
    }

    /// Records the entry at `line` (and `column`, where the format gives one) as not importable.
    mutating func skip(line: Int, column: Int? = nil, _ reason: String) {
        result.unimportable.append(Unimportable(source: source(line: line, column: column), reason: reason))
    }

    /// Records a warning, unless ``warningsPerLine`` are recorded for `line` already (then it
    /// is counted for ``finish()``).
    mutating func warn(line: Int, column: Int, _ message: String) {
        var counted = warningCounts[line, default: (0, column)]
        counted.count += 1
        if counted.count == Self.warningsPerLine + 1 { counted.firstLeftOut = column }
        warningCounts[line] = counted
        guard counted.count <= Self.warningsPerLine else { return }
        result.warnings.append(ImportWarning(location: location(line: line, column: column), message: message))
    }

    /// The result, with a warning on each line whose warnings were capped saying how many more
    /// were left out. Call once, when the file is read.
    mutating func finish() -> ImportedConfig {
        for (line, counted) in warningCounts.sorted(by: { $0.key < $1.key }) where counted.count > Self.warningsPerLine {
            let leftOut = counted.count - Self.warningsPerLine
            // At the first one left out, so that it follows the ones shown.
            result.warnings.append(ImportWarning(location: location(line: line, column: counted.firstLeftOut),
                                                 message: "\(leftOut) more warning\(leftOut == 1 ? "" : "s") on this line left out "
                                                    + "(the first \(Self.warningsPerLine) are shown)"))
        }
        warningCounts = [:]
        return result
    }

    mutating func set(_ section: String, _ key: String, _ value: String, because reason: String) {
        guard !result.settings.contains(where: { $0.section == section && $0.key == key }) else { return }
        result.settings.append(ImportedSetting(section: section, key: key, value: value, reason: reason))
    }

    /// Takes in what an included file gave.
    mutating func merge(_ included: inout ImportRecorder) {
        let included = included.finish()
        result.bindings += included.bindings
        result.unimportable += included.unimportable
        result.warnings += included.warnings
        result.sourceGestures += included.sourceGestures
        for setting in included.settings { set(setting.section, setting.key, setting.value, because: setting.reason) }
        for choice in included.choices { choose(choice) }
    }

    /// Records that the source has its compositor act on `gestures` (line `line`).
    mutating func sourceBinds(_ gestures: [GestureName], line: Int, column: Int? = nil) {
        let source = source(line: line, column: column)
        result.sourceGestures += gestures.map { SourceGesture(gesture: $0, source: source) }
    }

    mutating func choose(_ choice: String) {
        if !result.choices.contains(choice) { result.choices.append(choice) }
    }
}

/// Imports `text`, read from `file`, as `format`.
public func importConfig(_ text: String, format: ImportFormat, file: String, options: ImportOptions = ImportOptions()) -> ImportedConfig {
    var recorder = ImportRecorder(format: format, file: file, text: text)
    switch format {
    case .libinputGestures: LibinputGesturesImporter.read(text, into: &recorder, options: options)
    case .fusuma: FusumaImporter.read(text, into: &recorder, options: options)
    case .touchegg: ToucheggImporter.read(text, into: &recorder, options: options)
    case .sway: SwayImporter.read(text, into: &recorder, options: options)
    case .hyprland: HyprlandImporter.read(text, into: &recorder, options: options)
    }
    var result = recorder.finish()
    // Warnings in the order of the files, as a compiler prints them.
    let rank = result.fileRanks
    result.warnings = result.warnings.enumerated().sorted { a, b in
        let (x, y) = (a.element.location, b.element.location)
        return (rank[x.file] ?? 0, x.line, x.column, a.offset) < (rank[y.file] ?? 0, y.line, y.column, b.offset)
    }.map(\.element)
    return result
}

/// The finger counts a gesture without one matches, for the kinds gesto knows: libinput
/// reports swipes of 3 and 4 fingers (2 scroll), pinches and rotations of 2 to 4, holds of 1
/// to 4. Five-finger gestures are left out (a choice: few touchpads track five fingers).
enum AnyFingerCount {
    static let swipe = [3, 4]
    static let pinch = [2, 3, 4]
    static let hold = [1, 2, 3, 4]
}
