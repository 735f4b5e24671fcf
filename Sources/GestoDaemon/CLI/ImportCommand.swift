// `gestoctl import FORMAT [FILE]`: translates a libinput-gestures, fusuma, Touchégg, sway or
// Hyprland config into a gesto config, printed (or written with -o) with a comment naming the
// source line above each binding and every line gesto cannot express commented out with the
// reason. The translation lives in GestoImport; this is its command line.
import GestoCommandLine
import GestoSystem
import Glibc
import GestoConfig
import GestoImport
import GestoWayland

/// The `gestoctl import` command. Exit status: 0 imported (warnings or not), 1 the source cannot
/// be read or the output cannot be written, 2 bad usage.
public enum ImportCommand {
    /// The formats, as the command line names them.
    static let formats = Choices(noun: "format", words: ImportFormat.allCases.map(\.rawValue), aliases: ["touchégg"])

    /// The format `name` names, one of ``formats`` (checked by the parser).
    static func format(named name: String) -> ImportFormat {
        ImportFormat(rawValue: name.lowercased()) ?? .touchegg  // its only alias, touchégg
    }

    static let declaration = CommandDeclaration(
        "import", summary: "translate a libinput-gestures, fusuma, Touchégg, sway or Hyprland config", group: .standalone,
        positionals: [
            PositionalDeclaration(placeholder: "FORMAT", value: .choice(formats), help: "the format to import"),
            PositionalDeclaration(placeholder: "FILE", value: .file(extensions: []), help: "the config to import", isOptional: true),
        ],
        options: [
            .value("output", "FILE", .file(extensions: ["yaml", "yml"]), short: "o", help: """
                write the config to FILE instead of printing it (never over an
                existing file unless --force)
                """),
            .flag("force", help: "overwrite FILE", brief: "overwrite the --output file", requires: "output"),
            .flag("json", help: """
                print the import as JSON: bindings, lines not importable, warnings,
                and the config text
                """, brief: "print the import as one JSON object"),
            .value("compositor", "NAME",
                   .choice(Choices(noun: "compositor", words: WorkspaceTarget.allCases.map(\.rawValue), listedInUsage: true)),
                   help: """
                where workspace switching goes (libinput-gestures' _internal,
                Touchégg's CHANGE_DESKTOP, fusuma's workspace:): sway (sway:
                workspace next|prev), hyprland, niri, or other (gesto's workspace:
                next|previous, with a warning); default: the running compositor,
                else sway, with a note. KWin's D-Bus calls become the named
                compositor's command; on KDE or with none known they stay
                """),
            .value("fusuma-version", "2|3",
                   .choice(Choices(noun: "fusuma version", words: ["2", "3"], isClosed: false, listedInUsage: true)),
                   help: """
                how fusuma's pinch words read: fusuma 3.0 reversed them (2: `in` is
                fingers spreading; 3: `in` is fingers closing). Default 2, with a
                warning when the file has pinches
                """),
        ],
        discussion: """
        Translates another gesture tool's config into a gesto config and prints it. FORMAT is one of
        libinput-gestures, fusuma, touchegg, sway, hyprland. FILE defaults to the tool's usual path;
        `-` reads standard input. Each binding comes with a comment naming its source line; lines
        gesto cannot express are printed commented out with the reason, and counted on stderr.
        Lines that do not parse are warnings (FILE:LINE:COLUMN: warning: …); the rest still imports.
        """
    ) { parsed, context in
        translate(parsed, output: context.output, errors: context.errors,
                  environment: context.environment ?? InitCommand.currentEnvironment())
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink,
                           environment: [String: String]? = nil) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors, environment: environment))
    }

    /// Imports what `options` name.
    static func translate(_ options: CommandArguments, output: TextSink, errors: TextSink,
                          environment: [String: String]) -> Int32 {
        let format = self.format(named: options.positionals[0])
        var importOptions = ImportOptions(workspaces: workspaceTarget(environment: environment),
                                          readIncluded: includeReader(environment: environment))
        let compositor = InitCommand.Compositor.detect(environment: environment)
        importOptions.workspacesAssumed = compositor == .generic
        if let name = options.values["compositor"], let target = WorkspaceTarget(rawValue: name.lowercased()) {
            importOptions.workspaces = target
            importOptions.workspacesAssumed = false
        }
        if let version = options.values["fusuma-version"] {
            let major = version.split(separator: ".").first.map(String.init) ?? version
            guard let reading = FusumaPinchReading(rawValue: major) ?? (Int(major).map { $0 >= 3 } == true ? .version3 : nil) else {
                return usageError("--fusuma-version needs 2 or 3 (the fusuma the config was written for), not '\(version)'", errors: errors)
            }
            importOptions.fusumaPinch = reading
        }

        guard let (imported, config) = load(format, file: options.positionals.count > 1 ? options.positionals[1] : nil,
                                            options: importOptions, environment: environment, errors: errors) else { return 1 }
        for warning in imported.warnings { errors.write(warning.description + "\n") }

        if let destination = options.values["output"] {
            if let problem = write(config, to: destination, overwrite: options.flags.contains("force")) {
                errors.write("gestoctl import: \(problem)\n")
                return 1
            }
        }
        if options.flags.contains("json") {
            output.write(json(imported, config: config) + "\n")
        } else if options.values["output"] == nil {
            output.write(config)
        }
        errors.write(summary(of: imported, writtenTo: options.values["output"]) + "\n")
        writeNotes(on: imported, compositor: compositor, workspacesAssumed: importOptions.workspacesAssumed, errors: errors)
        writeSwitchOverSteps(after: imported, environment: environment, errors: errors)
        return 0
    }

    /// What the imported bindings need on `compositor` beyond the import (what `gestoctl
    /// doctor` would find): on GNOME and KDE Plasma, `keys:` and `window:` cannot run (neither
    /// offers gestod the virtual keyboard or the window list) and `drag:` needs the input
    /// proxy; and, when no compositor was given or detected, that `sway:` bindings run only on
    /// sway. Each note is one `note:` line on standard error.
    static func notes(on imported: ImportedConfig, compositor: InitCommand.Compositor, workspacesAssumed: Bool) -> [String] {
        func count(_ matches: (Action) -> Bool) -> Int { imported.bindings.filter { matches($0.action) }.count }
        func bindings(_ number: Int, _ kind: String) -> String { "\(number) \(kind) binding\(number == 1 ? "" : "s")" }
        var notes: [String] = []
        if compositor == .gnome || compositor == .kde {
            let desktop = compositor == .gnome ? "GNOME" : "KDE Plasma"
            let keys = count { if case .session(.keys) = $0 { true } else { false } }
            let windows = count { if case .session(.window) = $0 { true } else { false } }
            let drags = count { if case .drag = $0 { true } else { false } }
            if keys > 0 {
                notes.append("\(bindings(keys, "keys:")) cannot run on \(desktop), which offers gestod no virtual keyboard: "
                             + "bind exec: to a command of the desktop's own instead (`gestoctl doctor` names them)")
            }
            if windows > 0 {
                notes.append("\(bindings(windows, "window:")) cannot run on \(desktop), which gives gestod no window list: "
                             + "bind exec: to a command of the desktop's own instead (`gestoctl doctor` names them)")
            }
            if drags > 0 {
                notes.append("\(bindings(drags, "drag:")) \(drags == 1 ? "needs" : "need") the input proxy on \(desktop), which offers no virtual pointer: "
                             + "`sudo gestoctl enable --input-proxy` (gesto-inputd's mouse presses the button)")
            }
        }
        let sway = count { if case .session(.sway) = $0 { true } else { false } }
        if workspacesAssumed && sway > 0 {
            notes.append("no compositor was given or detected (XDG_CURRENT_DESKTOP names none gesto knows): \(bindings(sway, "sway:")) "
                         + "\(sway == 1 ? "runs" : "run") only on sway; give --compositor hyprland, niri or other to write another compositor's commands")
        }
        return notes
    }

    /// Writes ``notes(on:compositor:workspacesAssumed:)`` to `errors`.
    static func writeNotes(on imported: ImportedConfig, compositor: InitCommand.Compositor, workspacesAssumed: Bool, errors: TextSink) {
        for note in notes(on: imported, compositor: compositor, workspacesAssumed: workspacesAssumed) {
            errors.write("gestoctl import: note: \(note)\n")
        }
    }

    /// What to stop or remove so the imported gestures do not act twice (``SwitchOver``).
    static func writeSwitchOverSteps(after imported: ImportedConfig, environment: [String: String], errors: TextSink) {
        let steps = SwitchOver.steps(after: imported, places: SwitchOverPlaces(environment: environment))
        if !steps.isEmpty { errors.write(steps.joined(separator: "\n") + "\n") }
    }

    /// `imported 14 bindings from 12 lines of FILE, 2 not importable: see the comments`.
    static func summary(of imported: ImportedConfig, writtenTo destination: String?) -> String {
        let path = imported.file
        var summary = "imported \(imported.bindings.count) binding\(imported.bindings.count == 1 ? "" : "s") "
            + "from \(imported.importedSourceLines) line\(imported.importedSourceLines == 1 ? "" : "s") of \(path), "
            + (imported.unimportable.count == imported.unimportableSourceLines ? "\(imported.unimportable.count)"
                : "\(imported.unimportable.count) entries on \(imported.unimportableSourceLines) line\(imported.unimportableSourceLines == 1 ? "" : "s")")
            + " not importable"
        if !imported.unimportable.isEmpty || !imported.warnings.isEmpty { summary += ": see the comments" }
        if let destination { summary += "; wrote \(destination)" }
        return summary
    }

    /// Reads and imports the source (`file`, `-` for standard input, nil for the tool's usual
    /// path) and checks that the config made from it passes `gestoctl check`. Problems are
    /// written to `errors`; warnings are not (the caller prints them).
    /// - Returns: The import and its config text, or nil when the source cannot be read.
    static func load(_ format: ImportFormat, file: String?, options: ImportOptions, environment: [String: String],
                     errors: TextSink) -> (ImportedConfig, String)? {
        let path: String
        if let file {
            path = file
        } else {
            guard let found = usualPath(of: format, environment: environment) else {
                let candidates = format.usualPaths.compactMap { expand($0, environment: environment) }
                errors.write("gestoctl import: no \(format.toolName) config found (looked at \(candidates.joined(separator: ", "))): give the file\n")
                return nil
            }
            path = found
        }
        let text: String
        switch path == "-" ? readStandardInput() : ConfigFile.readText(path: path).mapError({ ReadProblem(message: $0.description) }) {
        case .success(let read): text = read
        case .failure(let problem):
            errors.write("gestoctl import: \(problem.message)\n")
            return nil
        }
        var options = options
        if path != "-" { options.canonicalPath = canonical(path) }
        let imported = importConfig(text, format: format, file: path == "-" ? "<stdin>" : path, options: options)
        let config = imported.configText
        // The output must pass `gestoctl check`; if it does not, that is the importer's bug.
        do {
            let parsed = try Config.parse(config, file: "<imported config>")
            let keyErrors = KeyCombination.errors(in: parsed)
            if !keyErrors.isEmpty { throw ConfigErrors(errors: keyErrors) }
        } catch {
            errors.write("gestoctl import: bug: the imported config does not pass `gestoctl check`; please report it with the source file:\n\(error)\n")
            return nil
        }
        return (imported, config)
    }

    private static func usageError(_ message: String, errors: TextSink) -> Int32 {
        errors.write("gestoctl import: \(message)\n(see gestoctl import --help)\n")
        return 2
    }

    /// The running compositor's workspace commands; sway's when none is known.
    static func workspaceTarget(environment: [String: String]) -> WorkspaceTarget {
        switch InitCommand.Compositor.detect(environment: environment) {
        case .sway, .generic: .sway
        case .hyprland: .hyprland
        case .niri: .niri
        case .labwc, .river, .kde, .gnome: .other
        }
    }

    /// The first of `format`'s usual paths that exists (the one the tool reads: Hyprland's
    /// `hyprland.lua` before `hyprland.conf`), nil when none does.
    static func usualPath(of format: ImportFormat, environment: [String: String]) -> String? {
        format.usualPaths.compactMap { expand($0, environment: environment) }.first { ConfigFile.exists($0) }
    }

    /// `path` with `$XDG_CONFIG_HOME` (default `~/.config`) and a leading `~` expanded; nil
    /// when neither HOME nor an absolute XDG_CONFIG_HOME is known.
    static func expand(_ path: String, environment: [String: String]) -> String? {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        var result = path
        if result.hasPrefix("$XDG_CONFIG_HOME") {
            let base: String
            if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { base = xdg } else if let home { base = home + "/.config" } else { return nil }
            result = base + result.dropFirst("$XDG_CONFIG_HOME".count)
        } else if result.hasPrefix("~/") {
            guard let home else { return nil }
            result = home + result.dropFirst(1)
        }
        return result
    }

    /// Why the source could not be read.
    struct ReadProblem: Error {
        var message: String
    }

    /// Reads what a sway `include PATTERN` names, as sway does: `~` and `$HOME` expanded, a
    /// relative pattern taken from the including file's folder, globs matched in name order.
    /// Files that cannot be read are left out.
    static func includeReader(environment: [String: String]) -> @Sendable (String, String) -> [(path: String, text: String)] {
        let home = environment["HOME"] ?? ""
        return { pattern, includingFile in
            var path = pattern
            if path.hasPrefix("~/") { path = home + path.dropFirst(1) }
            path = path.split(separator: "$HOME", omittingEmptySubsequences: false).joined(separator: home)
            if !path.hasPrefix("/") {
                let folder = includingFile.hasPrefix("/") || includingFile.contains("/")
                    ? includingFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") : "."
                path = (folder.isEmpty ? "/" : folder + "/") + path
            }
            var matches = glob_t()
            defer { globfree(&matches) }
            guard glob(path, 0, nil, &matches) == 0 else { return [] }
            var files: [(path: String, text: String)] = []
            for index in 0..<Int(matches.gl_pathc) {
                guard let match = matches.gl_pathv[index].map({ String(cString: $0) }) else { continue }
                if case .success(let text) = ConfigFile.readText(path: match) { files.append((canonical(match), text)) }
            }
            return files
        }
    }

    /// `path` without `..` and symbolic links (itself if it cannot be resolved).
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Standard input as text, at most ``ConfigFile/largestConfigBytes``.
    static func readStandardInput() -> Result<String, ReadProblem> {
        ConfigFile.readStandardInput().mapError { problem in
            switch problem {
            case .tooLarge:
                ReadProblem(message: "standard input is larger than \(ConfigFile.largestConfigBytes) bytes (1 MiB): no config is that large")
            case .unreadable(_, let reason): ReadProblem(message: "cannot read standard input: \(reason)")
            case .notARegularFile, .invalid: ReadProblem(message: problem.description)
            }
        }
    }

    /// Writes `text` to `path`; never over an existing file unless `overwrite`. Nil on success.
    static func write(_ text: String, to path: String, overwrite: Bool) -> String? {
        guard overwrite else {
            switch InitCommand.write(text, to: path) {
            case .success: return nil
            case .failure(let message):
                return ConfigFile.exists(path) ? "\(path) already exists; give --force to overwrite it" : message
            }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        let file = FileDescriptor(rawValue: descriptor)
        defer { try? file.close() }
        do { try file.writeAll(Array(text.utf8)) } catch { return "cannot write \(path): \(error.reason)" }
        return nil
    }

    /// The import as one JSON object.
    static func json(_ imported: ImportedConfig, config: String) -> String {
        func location(_ writer: inout JSONObjectWriter, _ source: SourceLine) {
            writer.add("file", source.location.file)
            writer.add("line", source.location.line)
            writer.add("text", source.text)
        }
        var root = JSONObjectWriter()
        root.add("format", imported.format.rawValue)
        root.add("file", imported.file)
        let bindings = imported.bindings.map { binding -> String in
            var object = JSONObjectWriter()
            object.add("gesture", binding.gesture.description)
            object.add("mode", binding.mode.rawValue)
            object.add("app", binding.app)
            object.add("action", binding.action.key)
            object.add("value", binding.action.summary.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? "")
            var settings = JSONObjectWriter()
            for override in binding.overrides { settings.add(key: override.key, override.value) }
            object.addRaw("settings", settings.json)
            var source = JSONObjectWriter()
            location(&source, binding.source)
            object.addRaw("source", source.json)
            return object.json
        }
        root.addRaw("bindings", "[" + bindings.joined(separator: ", ") + "]")
        let skipped = imported.unimportable.map { item -> String in
            var object = JSONObjectWriter()
            location(&object, item.source)
            object.add("reason", item.reason)
            return object.json
        }
        root.addRaw("not_importable", "[" + skipped.joined(separator: ", ") + "]")
        let warnings = imported.warnings.map { warning -> String in
            var object = JSONObjectWriter()
            object.add("file", warning.location.file)
            object.add("line", warning.location.line)
            object.add("column", warning.location.column)
            object.add("message", warning.message)
            return object.json
        }
        root.addRaw("warnings", "[" + warnings.joined(separator: ", ") + "]")
        root.addRaw("choices", "[" + imported.choices.map(jsonQuoted).joined(separator: ", ") + "]")
        root.add("config", config)
        return root.json
    }
}
