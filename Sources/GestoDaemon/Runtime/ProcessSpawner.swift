// Starts a program with posix_spawn: stdin from /dev/null, an empty signal mask and default
// dispositions (gestod blocks and ignores signals the child must not inherit), and extra
// environment variables over the daemon's own. glibc returns once the child has exec'd.
import GestoSystem
import CGestoSys
import Glibc

/// Starts child processes; `ExecRunner` tracks and reaps the ones it starts.
public enum ProcessSpawner {
    /// Signals reset to their default action in the child: the handled ones and the ignored
    /// SIGPIPE (SIG_IGN survives exec, and a shell pipeline needs SIGPIPE to stop writers).
    static let signalsResetInChild: [CInt] = [SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE]

    /// Starts `path` with `arguments` and returns its process ID; the child is running (it has
    /// exec'd) when this returns. The caller must reap it with `waitpid`.
    ///
    /// - Parameters:
    ///   - path: The program, an absolute path (no `PATH` search).
    ///   - arguments: The arguments after `argv[0]`, which is `path`.
    ///   - environment: Variables added to this process's environment; each replaces any
    ///     inherited variable of the same name.
    /// - Throws: `SystemError` from `posix_spawn` (for example `ENOENT` for a missing program,
    ///   `EAGAIN` at the process limit) or from setting up its attributes.
    public static func spawn(path: String, arguments: [String] = [],
                             environment: [(name: String, value: String)] = []) throws(SystemError) -> pid_t {
        try spawn([path] + arguments, environment: CStringArray(inheritedEnvironmentAdding: environment),
                  searchingPath: false, detachedTo: nil)
    }

    /// Starts `command` (its program searched on `PATH`) with exactly `environment`, detached:
    /// in a session of its own (it leaves the caller's terminal), its standard output and error
    /// appended to `log` (created 0600), and no other descriptor of this process (a daemon that
    /// kept one, a caller's pipe or socket, would hold it open for as long as it runs). Nobody
    /// needs to reap it once the caller exits.
    /// - Throws: `SystemError` from `posix_spawnp` (`ENOENT` for a program not on `PATH`) or
    ///   from setting up its attributes.
    public static func spawnDetached(_ command: [String], environment: [String: String], log: String) throws(SystemError) -> pid_t {
        try spawn(command, environment: CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }),
                  searchingPath: true, detachedTo: log)
    }

    /// The one posix_spawn of gesto: `argv` (its first a path, or with `searchingPath` a name
    /// looked up on `PATH`) with `envp`, which it frees; stdin from /dev/null, and with
    /// `log` a new session, output to `log` and nothing else inherited.
    private static func spawn(_ argvStrings: [String], environment envp: CStringArray, searchingPath: Bool,
                              detachedTo log: String?) throws(SystemError) -> pid_t {
        let argv = CStringArray(argvStrings)
        defer { argv.deallocate(); envp.deallocate() }
        var attributes = posix_spawnattr_t()
        try checkingReturnedError("posix_spawnattr_init") { posix_spawnattr_init(&attributes) }
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in signalsResetInChild { sigaddset(&defaults, signal) }
        try checkingReturnedError("posix_spawnattr_setsigmask") { posix_spawnattr_setsigmask(&attributes, &emptyMask) }
        try checkingReturnedError("posix_spawnattr_setsigdefault") { posix_spawnattr_setsigdefault(&attributes, &defaults) }
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if log != nil { flags |= gesto_spawn_setsid_flag() }
        try checkingReturnedError("posix_spawnattr_setflags") { posix_spawnattr_setflags(&attributes, flags) }

        var actions = posix_spawn_file_actions_t()
        try checkingReturnedError("posix_spawn_file_actions_init") { posix_spawn_file_actions_init(&actions) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        try checkingReturnedError("posix_spawn_file_actions_addopen") {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if let log {
            try checkingReturnedError("posix_spawn_file_actions_addopen") {
                posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            }
            try checkingReturnedError("posix_spawn_file_actions_adddup2") {
                posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
            }
            try checkingReturnedError("posix_spawn_file_actions_addclosefrom_np") {
                gesto_spawn_file_actions_addclosefrom(&actions, STDERR_FILENO + 1)
            }
        }

        var pid: pid_t = 0
        try checkingReturnedError(searchingPath ? "posix_spawnp" : "posix_spawn") {
            searchingPath ? posix_spawnp(&pid, argvStrings[0], &actions, &attributes, argv.pointers, envp.pointers)
                : posix_spawn(&pid, argvStrings[0], &actions, &attributes, argv.pointers, envp.pointers)
        }
        return pid
    }
}

/// A NULL-terminated array of C strings for `argv` and `envp`; `deallocate()` frees the array
/// and the strings it copied (inherited environment entries are borrowed from `environ`).
struct CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    /// Where the copied strings start; entries before it are borrowed.
    private let firstOwned: Int

    /// Copies `strings`.
    init(_ strings: [String]) {
        pointers = .allocate(capacity: strings.count + 1)
        firstOwned = 0
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    /// This process's environment without the names in `additions`, followed by `additions`
    /// as `NAME=value`. Inherited entries are not copied: spawning must happen before the
    /// environment changes (gestod never calls setenv).
    init(inheritedEnvironmentAdding additions: [(name: String, value: String)]) {
        var inherited: [UnsafeMutablePointer<CChar>] = []
        if let environment = gesto_environ() {
            var index = 0
            while let entry = environment[index] {
                index += 1
                let replaced = additions.contains { addition in
                    addition.name.withCString { name in
                        let length = strlen(name)
                        return strncmp(entry, name, length) == 0 && entry[length] == CChar(UInt8(ascii: "="))
                    }
                }
                if !replaced { inherited.append(entry) }
            }
        }
        pointers = .allocate(capacity: inherited.count + additions.count + 1)
        firstOwned = inherited.count
        for (index, entry) in inherited.enumerated() { pointers[index] = entry }
        for (offset, addition) in additions.enumerated() {
            pointers[inherited.count + offset] = strdup("\(addition.name)=\(addition.value)")
        }
        pointers[inherited.count + additions.count] = nil
    }

    /// The strings, for tests.
    var strings: [String] {
        var result: [String] = []
        var index = 0
        while let string = pointers[index] { result.append(String(cString: string)); index += 1 }
        return result
    }

    func deallocate() {
        var index = firstOwned
        while let string = pointers[index] { free(string); index += 1 }
        pointers.deallocate()
    }
}
