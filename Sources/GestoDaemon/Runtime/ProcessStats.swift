// What the benchmarks measure about a running gestod, read from /proc: its peak resident
// memory, its context switches, which count wakeups (an idle daemon should make none), and
// the shared libraries it has mapped (libraries gesto opens late must not be there at start).
// Linux-only, like the rest of the runtime.
import GestoSystem
import Glibc

/// A /proc file could not be read or lacked a field.
public enum ProcessStatsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Reading `path` failed (`ENOENT` once the process is gone).
    case unreadable(path: String, SystemError)
    /// `path` has no line `field:` with a number.
    case missingField(String, path: String)

    /// `PATH: reason`.
    public var description: String {
        switch self {
        case .unreadable(let path, let error): "\(path): \(error)"
        case .missingField(let field, let path): "\(path): no \(field) field"
        }
    }
}

/// Reads a process's memory and scheduling counters from /proc.
public enum ProcessStats {
    /// The process's peak resident set size in kilobytes (`VmHWM` in /proc/PID/status).
    ///
    /// - Throws: `ProcessStatsError` when the file cannot be read (the process is gone) or has
    ///   no `VmHWM` (a kernel thread).
    public static func peakResidentKilobytes(pid: pid_t) throws(ProcessStatsError) -> Int {
        let path = "/proc/\(pid)/status"
        return try field("VmHWM", in: try statusLines(path), path: path)
    }

    /// The process's resident and proportional set sizes now, in kilobytes (`Rss` and `Pss` in
    /// /proc/PID/smaps_rollup: PSS shares each shared page among the processes mapping it).
    ///
    /// - Throws: `ProcessStatsError` when the file cannot be read or lacks a field.
    public static func memoryKilobytes(pid: pid_t) throws(ProcessStatsError) -> (resident: Int, proportional: Int) {
        let path = "/proc/\(pid)/smaps_rollup"
        let lines = try statusLines(path)
        return (try field("Rss", in: lines, path: path), try field("Pss", in: lines, path: path))
    }

    /// The file names of the shared libraries the process has mapped now (`libcairo.so.2.11600.0`:
    /// the last path component of each mapping in /proc/PID/maps whose name contains `.so`),
    /// sorted, each once.
    ///
    /// - Throws: `ProcessStatsError` when the file cannot be read (the process is gone).
    public static func mappedLibraries(pid: pid_t) throws(ProcessStatsError) -> [String] {
        var names = Set<String>()
        for line in try statusLines("/proc/\(pid)/maps") {
            // address perms offset device inode [path]: the path is the sixth field.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let name = fields[5].split(separator: "/").last, name.contains(".so") else { continue }
            names.insert(String(name))
        }
        return names.sorted()
    }

    /// Context switches so far, voluntary and involuntary, summed over all the process's
    /// threads (/proc/PID/task/TID/status). An idle event loop sleeping in `epoll_wait` adds
    /// none, so the difference over an interval counts its wakeups.
    ///
    /// - Throws: `ProcessStatsError` when the task directory or a thread's status cannot be read.
    public static func contextSwitches(pid: pid_t) throws(ProcessStatsError) -> Int {
        let directory = "/proc/\(pid)/task"
        guard let stream = opendir(directory) else {
            throw .unreadable(path: directory, SystemError(code: errno, call: "opendir"))
        }
        defer { closedir(stream) }
        var total = 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let first = name.first, first.isNumber else { continue }
            let path = "\(directory)/\(name)/status"
            let lines: [Substring]
            do {
                lines = try statusLines(path)
            } catch .unreadable(_, let error) where error.code == ENOENT {
                continue  // The thread exited while we listed the directory.
            } catch {
                throw error
            }
            total += try field("voluntary_ctxt_switches", in: lines, path: path)
            total += try field("nonvoluntary_ctxt_switches", in: lines, path: path)
        }
        return total
    }

    private static func statusLines(_ path: String) throws(ProcessStatsError) -> [Substring] {
        do {
            let fd = try FileDescriptor.openForReading(path)
            defer { try? fd.close() }
            return String(decoding: try fd.readToEnd(), as: UTF8.self).split(separator: "\n")
        } catch {
            throw .unreadable(path: path, error)
        }
    }

    /// The first number after `name:` (`VmHWM:    1234 kB` gives 1234).
    private static func field(_ name: String, in lines: [Substring], path: String) throws(ProcessStatsError) -> Int {
        let prefix = name + ":"
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }),
              let number = line.dropFirst(prefix.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap({ Int($0) })
        else { throw .missingField(name, path: path) }
        return number
    }
}

