// Finding and reading the config file: `--config`, else $XDG_CONFIG_HOME/gesto/config.yaml,
// else ~/.config/gesto/config.yaml. A missing default file is not an error (no bindings).
// Reading cannot block or exhaust gestod: only a regular file of at most 1 MiB is read (a FIFO
// at the path hung the loop, SIGTERM included; a symlink to /dev/zero grew gestod to 3 GB).
import GestoSystem
import Glibc
import GestoConfig
import GestoWayland

/// Why a config file could not be used.
public enum ConfigFileProblem: Error, Sendable, CustomStringConvertible {
    /// The file could not be read (errno's reason).
    case unreadable(path: String, reason: String)
    /// Something other than a regular file is at the path (a FIFO, a device, a directory).
    case notARegularFile(path: String, kind: String)
    /// The file is larger than ``ConfigFile/largestConfigBytes``.
    case tooLarge(path: String, bytes: Int)
    /// The file was read but is not a valid config.
    case invalid(ConfigErrors)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): error: cannot read the config: \(reason)"
        case .notARegularFile(let path, let kind):
            "\(path): error: the config must be a regular file, not \(kind)"
        case .tooLarge(let path, let bytes):
            "\(path): error: the config is \(bytes) bytes; it may be at most \(ConfigFile.largestConfigBytes) (1 MiB)"
        case .invalid(let errors): errors.description
        }
    }
}

/// Reads config files.
public enum ConfigFile {
    /// The largest config read, in bytes: 1 MiB. A config of a thousand bindings is about
    /// 100 KB; anything larger is a mistake (a log file given as --config) or an attack.
    public static let largestConfigBytes = 1 << 20

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

    /// The name a config read from standard input goes by in messages: `<stdin>`.
    public static let standardInputName = "<stdin>"

    /// Reads and decodes the file at `path`.
    public static func load(path: String) -> Result<Config, ConfigFileProblem> {
        switch readText(path: path) {
        case .success(let text): return decode(text, file: path)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// Reads standard input to its end and decodes it as a config named ``standardInputName``
    /// (`gestoctl check -`).
    public static func loadStandardInput() -> Result<Config, ConfigFileProblem> {
        switch readStandardInput() {
        case .success(let text): return decode(text, file: standardInputName)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// Decodes config text read from `file` (a path, or ``standardInputName``). Every problem
    /// is reported, whatever its kind: the decoder's errors and the key names of the bindings
    /// that decoded, in file order (gestod's loads and `gestoctl check` both come here).
    static func decode(_ text: String, file: String) -> Result<Config, ConfigFileProblem> {
        do {
            let config = try Config.parse(text, file: file)
            // Key names are checked against xkbcommon here, where the Wayland layer is known.
            let keyErrors = KeyCombination.errors(in: config)
            if !keyErrors.isEmpty { return .failure(.invalid(ConfigErrors(errors: keyErrors, partial: config))) }
            return .success(config)
        } catch {
            guard let partial = error.partial else { return .failure(.invalid(error)) }
            let all = (error.errors + KeyCombination.errors(in: partial)).enumerated().sorted { a, b in
                let (p, q) = (a.element.location, b.element.location)
                return (p.line, p.column, a.offset) < (q.line, q.column, b.offset)
            }.map(\.element)
            return .failure(.invalid(ConfigErrors(errors: all, partial: partial)))
        }
    }

    /// True if a file exists at `path`.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The whole file as UTF-8 text, if it is a regular file of at most ``largestConfigBytes``.
    /// Opened with `O_NONBLOCK` so a FIFO with no writer does not block the open; the type is
    /// checked on the open descriptor (no race with a rename), and at most one byte past the
    /// limit is read, so a file that grows while it is read is refused too.
    static func readText(path: String) -> Result<String, ConfigFileProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
        let file = FileDescriptor(rawValue: descriptor)
        defer { try? file.close() }
        var information = stat()
        guard fstat(descriptor, &information) == 0 else {
            return .failure(.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        switch information.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO: return .failure(.notARegularFile(path: path, kind: "a FIFO"))
        case S_IFCHR: return .failure(.notARegularFile(path: path, kind: "a character device"))
        case S_IFBLK: return .failure(.notARegularFile(path: path, kind: "a block device"))
        case S_IFDIR: return .failure(.notARegularFile(path: path, kind: "a directory"))
        case S_IFSOCK: return .failure(.notARegularFile(path: path, kind: "a socket"))
        default: return .failure(.notARegularFile(path: path, kind: "a special file"))
        }
        if information.st_size > largestConfigBytes { return .failure(.tooLarge(path: path, bytes: Int(information.st_size))) }
        var bytes = [UInt8](repeating: 0, count: largestConfigBytes + 1)
        var count = 0
        while count < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...])) }
            }
            switch result {
            case .success(0): return .success(String(decoding: bytes.prefix(count), as: UTF8.self))
            case .success(let read): count += read
            case .failure(let error): return .failure(.unreadable(path: path, reason: error.reason))
            }
        }
        return .failure(.tooLarge(path: path, bytes: count))
    }

    /// Standard input to its end as UTF-8 text, at most ``largestConfigBytes`` (`-` for
    /// `gestoctl check` and `gestoctl import`): a pipe or a terminal is what `-` means, so
    /// unlike ``readText(path:)`` any kind of file is read.
    static func readStandardInput() -> Result<String, ConfigFileProblem> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let input = FileDescriptor(rawValue: STDIN_FILENO)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in Result { () throws(SystemError) in try input.read(into: buffer) } }
            switch result {
            case .success(0): return .success(String(decoding: bytes, as: UTF8.self))
            case .success(let count):
                bytes += chunk.prefix(count)
                if bytes.count > largestConfigBytes { return .failure(.tooLarge(path: standardInputName, bytes: bytes.count)) }
            case .failure(let error): return .failure(.unreadable(path: standardInputName, reason: error.reason))
            }
        }
    }
}
