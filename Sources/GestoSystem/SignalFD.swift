// Signals as loop events: SIGINT, SIGTERM, SIGHUP and SIGCHLD are blocked and read from a
// signalfd, so no code runs in a signal handler (wlsunset's handlers only set flags; here
// there are none at all). SIGPIPE is ignored: a closed IPC peer shows up as EPIPE instead.
import CGestoSys
import Glibc

/// A signal gestod handles.
public enum Signal: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SIGINT: stop (Ctrl-C in a terminal).
    case interrupt
    /// SIGTERM: stop (systemd, `kill`).
    case terminate
    /// SIGHUP: reload the config.
    case hangup
    /// SIGCHLD: one or more children exited (several exits may arrive as one signal).
    case childExited

    /// The signal number, for example `SIGHUP`.
    public var number: CInt {
        switch self {
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangup: SIGHUP
        case .childExited: SIGCHLD
        }
    }

    /// The signal for a number, or `nil` for one gestod does not handle.
    public init?(number: CInt) {
        guard let signal = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = signal
    }

    /// The C name, for example `SIGHUP`.
    public var description: String {
        switch self {
        case .interrupt: "SIGINT"
        case .terminate: "SIGTERM"
        case .hangup: "SIGHUP"
        case .childExited: "SIGCHLD"
        }
    }
}

/// Delivers the handled signals through an event loop.
///
/// signalfd only sees a signal that every thread blocks, so make the `SignalFD` (or call
/// `blockHandledSignals()`) at the start of `main`, before any other thread exists: threads
/// inherit the mask. A process-directed signal that some other thread does not block goes to
/// that thread instead.
public final class SignalFD {
    private let registration: LoopRegistration
    private var fd: FileDescriptor { registration.fd }
    private let handler: (Signal) -> Void

    /// The handled signals, as a `sigset_t`.
    static var handledSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Signal.allCases { sigaddset(&set, signal.number) }
        return set
    }

    /// Blocks the handled signals in the calling thread (and the threads it starts later) and
    /// ignores SIGPIPE.
    ///
    /// - Throws: `SystemError` from `pthread_sigmask` or `sigaction`.
    public static func blockHandledSignals() throws(SystemError) {
        var set = handledSet
        try checkingReturnedError("pthread_sigmask") { pthread_sigmask(SIG_BLOCK, &set, nil) }
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        _ = try retryingInterrupts("sigaction") { sigaction(SIGPIPE, &ignore, nil) }
    }

    /// Blocks the handled signals (`blockHandledSignals()`), makes a signalfd for them
    /// (non-blocking, close-on-exec) and registers it with `loop`.
    ///
    /// - Parameters:
    ///   - loop: The loop that calls `handler`.
    ///   - handler: Called once per signal read; SIGCHLD may stand for several exits.
    /// - Throws: `SystemError` from `pthread_sigmask`, `sigaction`, `signalfd` or `epoll_ctl`.
    public init(loop: EventLoop, handler: @escaping (Signal) -> Void) throws(SystemError) {
        try Self.blockHandledSignals()
        var set = Self.handledSet
        let raw = try retryingInterrupts("signalfd") {
            signalfd(-1, &set, CInt(SFD_CLOEXEC) | CInt(SFD_NONBLOCK))
        }
        registration = try LoopRegistration(FileDescriptor(rawValue: raw), on: loop)
        self.handler = handler
        registration.onReady = { [weak self] _ in self?.readSignals() }
    }

    /// The signalfd, for a caller that waits on it outside the loop (``dispatchPending()``).
    public var fileDescriptor: FileDescriptor { fd }

    /// Calls the handler for every signal pending now, without waiting: for code that runs
    /// outside the loop for a long time (a replay reading its input).
    public func dispatchPending() { readSignals() }

    /// Reads every pending signal and calls the handler for each.
    private func readSignals() {
        var information = signalfd_siginfo()
        while true {
            let result = withUnsafeMutableBytes(of: &information) { buffer in
                Result { () throws(SystemError) in try fd.read(into: buffer) }
            }
            // EAGAIN: nothing more pending.
            guard case .success(let count) = result, count == MemoryLayout<signalfd_siginfo>.size else { return }
            if let signal = Signal(number: CInt(information.ssi_signo)) { handler(signal) }
        }
    }
}
