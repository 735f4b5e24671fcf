// Finding and reading the config file: `--config`, else $XDG_CONFIG_HOME/gesto/config.yaml,
// else ~/.config/gesto/config.yaml. A missing default file is not an error (no bindings).
import Glibc
import GestoConfig
import GestoWayland

/// Why a config file could not be used.
public enum ConfigFileProblem: Error, Sendable, CustomStringConvertible {
    /// The file could not be read (errno's reason).
    case unreadable(path: String, reason: String)
    /// The file was read but is not a valid config.
    case invalid(ConfigErrors)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): error: cannot read the config: \(reason)"
        case .invalid(let errors): errors.description
        }
    }
}

/// Reads config files.
public enum ConfigFile {
    /// The default path: `$XDG_CONFIG_HOME/gesto/config.yaml`, or `$HOME/.config/gesto/config.yaml`.
    public static var defaultPath: String? {
        if let base = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), !base.isEmpty {
            return base + "/gesto/config.yaml"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            return home + "/.config/gesto/config.yaml"
        }
        return nil
    }

    /// Reads and decodes the file at `path`.
    public static func load(path: String) -> Result<Config, ConfigFileProblem> {
        let text: String
        switch readText(path: path) {
        case .success(let t): text = t
        case .failure(let problem): return .failure(problem)
        }
        do {
            let config = try Config.parse(text, file: path)
            // Key names are checked against xkbcommon here, where the Wayland layer is known.
            let keyErrors = KeyCombination.errors(in: config)
            if !keyErrors.isEmpty { return .failure(.invalid(ConfigErrors(errors: keyErrors))) }
            return .success(config)
        } catch {
            return .failure(.invalid(error))
        }
    }

    /// True if a file exists at `path`.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The whole file as UTF-8 text.
    static func readText(path: String) -> Result<String, ConfigFileProblem> {
        do {
            let file = try FileDescriptor.openForReading(path)
            defer { try? file.close() }
            return .success(String(decoding: try file.readToEnd(), as: UTF8.self))
        } catch {
            return .failure(.unreadable(path: path, reason: error.reason))
        }
    }
}
