// Whether gesto's plugin for the running compositor is loaded (gesto-hyprland, gesto-wayfire):
// where it is, gestod should not watch the touchpad as well, since both would act on every bound
// gesture. `gestoctl doctor` says so, and gestod warns at start. Hyprland is asked over its
// socket (`j/plugin list`, the request `hyprctl -j plugin list` sends); Wayfire has no such
// question without its optional IPC plugin, so its config says it: Wayfire loads the plugins
// that `plugins` in wayfire.ini's `[core]` section names, and follows edits of that line live.
import GestoSystem
import Glibc

/// gesto's compositor plugins, and the questions about them.
public enum CompositorPlugin {
    /// The name gesto-hyprland gives Hyprland (`hyprctl plugin list`).
    public static let hyprlandName = "gesto-hyprland"
    /// The name gesto-wayfire has in wayfire.ini's `plugins` (its file is libgesto-wayfire.so).
    public static let wayfireName = "gesto-wayfire"
    /// The plugin's file in Hyprland's plugin folder (`/usr/lib/MULTIARCH/hyprland/`).
    public static let hyprlandFile = "hyprland/libgesto-hyprland.so"
    /// The plugin's file in Wayfire's plugin folder.
    public static let wayfireFile = "wayfire/libgesto-wayfire.so"

    /// What was found of the plugin in the running compositor.
    public enum State: Equatable, Sendable {
        case loaded
        case notLoaded
        /// The compositor could not be asked, and why.
        case unknown(String)
    }

    // MARK: Hyprland

    /// How long a question to Hyprland may wait (it answers in milliseconds).
    static let hyprlandTimeoutSeconds = 2

    /// Hyprland's request socket, `$XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/.socket.sock`
    /// (hyprctl's rule: `/run/user/UID/hypr` without XDG_RUNTIME_DIR); nil outside Hyprland.
    public static func hyprlandSocketPath(environment: [String: String]) -> String? {
        guard let signature = environment["HYPRLAND_INSTANCE_SIGNATURE"], !signature.isEmpty,
              !signature.contains("/") else { return nil }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(getuid())"
        return runtime + "/hypr/" + signature + "/.socket.sock"
    }

    /// Sends one request to Hyprland's socket at `path` and returns its whole answer (Hyprland
    /// closes the connection after it).
    ///
    /// - Throws: `SystemError` from `socket`, `connect` (`ENOENT`, `ECONNREFUSED`: no Hyprland
    ///   there), `send` or `read` (`EAGAIN` when it did not answer within 2 s).
    public static func hyprlandRequest(_ request: String, socketPath path: String) throws(SystemError) -> String {
        let fd = try UnixSocket.connect(to: path)
        defer { try? fd.close() }
        var timeout = timeval(tv_sec: hyprlandTimeoutSeconds, tv_usec: 0)
        setsockopt(fd.rawValue, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd.rawValue, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try fd.sendAll(Array(request.utf8))
        return String(decoding: try fd.readToEnd(), as: UTF8.self)
    }

    /// The names of the plugins in Hyprland's answer to `j/plugin list`: a JSON array of
    /// `{"name", "author", "handle", "version", "description"}`.
    ///
    /// - Throws: ``PluginListError`` when the answer is not that array (Hyprland answers
    ///   an unknown request with text, such as `unknown request`).
    public static func hyprlandPluginNames(inPluginList answer: String) throws(PluginListError) -> [String] {
        let value: JSONValue
        do { value = try JSONValue.parse(answer) } catch { throw PluginListError(answer: answer) }
        guard case .array(let plugins) = value else { throw PluginListError(answer: answer) }
        var names: [String] = []
        for plugin in plugins {
            guard let name = plugin["name"]?.stringValue else { throw PluginListError(answer: answer) }
            names.append(name)
        }
        return names
    }

    /// An answer to `j/plugin list` that is not a list of plugins.
    public struct PluginListError: Error, Equatable, Sendable, CustomStringConvertible {
        public var answer: String
        public var description: String {
            let shown = answer.count > 80 ? String(answer.prefix(80)) + "…" : answer
            return "Hyprland's answer to `j/plugin list` is not a JSON list of plugins: \(shown.debugDescription)"
        }
    }

    /// Whether gesto-hyprland is loaded in the Hyprland of `environment`; nil outside Hyprland.
    public static func hyprlandState(environment: [String: String]) -> State? {
        guard let path = hyprlandSocketPath(environment: environment) else { return nil }
        do {
            let names = try hyprlandPluginNames(inPluginList: try hyprlandRequest("j/plugin list", socketPath: path))
            return names.contains(hyprlandName) ? .loaded : .notLoaded
        } catch let error as SystemError {
            return .unknown("Hyprland's socket \(path) did not answer `j/plugin list` (\(error))")
        } catch {
            return .unknown("\(error)")
        }
    }

    // MARK: Wayfire

    /// wayfire.ini: `$WAYFIRE_CONFIG_FILE`, else `$XDG_CONFIG_HOME/wayfire.ini` (default
    /// `~/.config/wayfire.ini`), as Wayfire looks for it; nil when none is known.
    public static func wayfireConfigPath(environment: [String: String]) -> String? {
        if let file = environment["WAYFIRE_CONFIG_FILE"], !file.isEmpty { return file }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/wayfire.ini" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/wayfire.ini" }
        return nil
    }

    /// Whether wayfire.ini's text loads gesto-wayfire: `plugins` in its `[core]` section names it
    /// (a space-separated list; a line ending in `\` goes on on the next, `#` starts a comment).
    public static func wayfireConfigLoadsPlugin(_ text: String) -> Bool {
        var section = ""
        var joined: [String] = []
        var pending = ""
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(rawLine)
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            line = pending + line
            if line.hasSuffix("\\") { pending = String(line.dropLast()) + " "; continue }
            pending = ""
            joined.append(line)
        }
        for line in joined {
            let trimmed = line.trimmingSpaces
            if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
                section = String(trimmed.dropFirst().dropLast()).trimmingSpaces
                continue
            }
            guard section == "core", let equals = trimmed.firstIndex(of: "="),
                  String(trimmed[..<equals]).trimmingSpaces == "plugins" else { continue }
            let plugins = trimmed[trimmed.index(after: equals)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            return plugins.contains { $0 == Substring(wayfireName) }
        }
        return false
    }

    /// Whether gesto-wayfire is loaded by the Wayfire of `environment`, as its config says; nil
    /// when the compositor is not Wayfire.
    public static func wayfireState(environment: [String: String], compositor: String?) -> State? {
        guard compositor == "wayfire" else { return nil }
        guard let path = wayfireConfigPath(environment: environment) else { return .unknown("no wayfire.ini path (HOME is not set)") }
        guard let fd = try? FileDescriptor.openForReading(path) else { return .notLoaded }
        defer { try? fd.close() }
        guard let bytes = try? fd.readToEnd() else { return .unknown("\(path) cannot be read") }
        return wayfireConfigLoadsPlugin(String(decoding: bytes, as: UTF8.self)) ? .loaded : .notLoaded
    }

    // MARK: Installed

    /// The plugin's file under `libraryRoot` (`/usr/lib`), in an architecture's folder
    /// (`x86_64-linux-gnu/hyprland/libgesto-hyprland.so`), nil when it is not installed.
    public static func installedPath(_ file: String, libraryRoot: String = "/usr/lib") -> String? {
        guard let folder = opendir(libraryRoot) else { return nil }
        defer { closedir(folder) }
        var found: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.contains("-linux-") else { continue }
            let path = libraryRoot + "/" + name + "/" + file
            if access(path, F_OK) == 0 { found.append(path) }
        }
        return found.sorted().first
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
