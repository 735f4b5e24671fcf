// Carries out `exec` actions: `/bin/sh -c COMMAND` with the gesture in the environment,
// without blocking the loop. Children are reaped with waitpid(WNOHANG) when their pidfd turns
// readable or SIGCHLD arrives, and a non-zero exit is logged with its command.
import GestoSystem
import CGestoSys
import Glibc

/// Runs shell commands as children of the daemon and reports how each one ended.
public final class ExecRunner {
    /// The shell that runs commands.
    static let shellPath = "/bin/sh"

    /// A command that was started.
    public struct Child: Hashable, Sendable {
        /// Its process ID.
        public var pid: pid_t
        /// The shell command it runs.
        public var command: String
    }

    /// How a child ended.
    public enum Exit: Hashable, Sendable, CustomStringConvertible {
        /// It exited with a status (0 for success).
        case exited(status: CInt)
        /// A signal ended it.
        case killed(signal: CInt)

        /// `exit status N` or `killed by signal N`.
        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .killed(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// A child not yet reaped, and the pidfd that wakes the loop when it exits (`nil` when the
    /// kernel has no pidfd_open: then SIGCHLD alone triggers the reaping).
    private struct Running {
        var command: String
        var exitNotifier: FileDescriptor?
    }

    private let loop: EventLoop
    private let log: Log
    private let onExit: (Child, Exit) -> Void
    private var running: [pid_t: Running] = [:]

    /// Makes a runner whose children are watched by `loop`.
    ///
    /// - Parameters:
    ///   - loop: The loop that watches the children's pidfds.
    ///   - log: Where a failed start or a non-zero exit is reported (as a warning).
    ///   - onExit: Called on the loop once per child, after it is reaped.
    public init(loop: EventLoop, log: Log, onExit: @escaping (Child, Exit) -> Void = { _, _ in }) {
        self.loop = loop
        self.log = log
        self.onExit = onExit
    }

    deinit {
        for child in running.values {
            if let notifier = child.exitNotifier { try? loop.unregister(notifier); try? notifier.close() }
        }
    }

    /// How many started children have not been reaped yet.
    public var runningCount: Int { running.count }

    /// Starts `/bin/sh -c command` and returns at once; the child is running (it has exec'd
    /// the shell) when this returns.
    ///
    /// - Parameters:
    ///   - command: A shell command line.
    ///   - environment: Variables added to the daemon's environment for this command, each
    ///     replacing an inherited one of the same name (for example `GESTO_GESTURE`).
    /// - Throws: `SystemError` from `posix_spawn` (for example `EAGAIN` at the process limit).
    @discardableResult
    public func run(_ command: String, environment: [(name: String, value: String)] = []) throws(SystemError) -> Child {
        let pid: pid_t
        do {
            pid = try ProcessSpawner.spawn(path: Self.shellPath, arguments: ["-c", command], environment: environment)
        } catch {
            log.error("exec: \(error)", ["command": command])
            throw error
        }
        running[pid] = Running(command: command, exitNotifier: watchExit(of: pid))
        return Child(pid: pid, command: command)
    }

    /// Reaps every child of this runner that has exited (waitpid with WNOHANG on each) and
    /// reports it. Call it when the loop delivers `.childExited`; it is also called when a
    /// child's pidfd turns readable.
    public func reapExitedChildren() {
        for pid in Array(running.keys) { reap(pid) }
    }

    /// Opens a pidfd for `pid` and registers it; `nil` if the kernel or the loop refuses.
    private func watchExit(of pid: pid_t) -> FileDescriptor? {
        guard let raw = try? retryingInterrupts("pidfd_open", { gesto_pidfd_open(pid) }) else { return nil }
        let notifier = FileDescriptor(rawValue: raw)
        do {
            try loop.register(notifier, for: .readable) { [weak self] _ in self?.reap(pid) }
        } catch {
            try? notifier.close()
            return nil
        }
        return notifier
    }

    /// Reaps `pid` if it has exited: forgets it, closes its pidfd and reports its exit.
    private func reap(_ pid: pid_t) {
        guard let child = running[pid] else { return }
        var status: CInt = 0
        let exit: Exit
        do {
            let result = try retryingInterrupts("waitpid") { waitpid(pid, &status, WNOHANG) }
            if result == 0 { return }  // Still running.
            if gesto_wifexited(status) != 0 {
                exit = .exited(status: gesto_wexitstatus(status))
            } else if gesto_wifsignaled(status) != 0 {
                exit = .killed(signal: gesto_wtermsig(status))
            } else {
                return  // Stopped or continued: still ours to reap later.
            }
        } catch {
            // ECHILD: someone else reaped it (a waitpid(-1) elsewhere); its status is lost.
            log.warning("exec: \(error)", ["pid": String(pid), "command": child.command])
            forget(pid, child)
            return
        }
        forget(pid, child)
        switch exit {
        case .exited(status: 0): break
        case .exited, .killed: log.warning("exec: command failed: \(exit)", ["command": child.command])
        }
        onExit(Child(pid: pid, command: child.command), exit)
    }

    private func forget(_ pid: pid_t, _ child: Running) {
        running[pid] = nil
        if let notifier = child.exitNotifier {
            try? loop.unregister(notifier)
            try? notifier.close()
        }
    }
}
