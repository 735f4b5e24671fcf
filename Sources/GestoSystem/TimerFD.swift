// A one-shot CLOCK_MONOTONIC timerfd in the event loop, armed only while something waits for
// a deadline (a hold, an animation frame) and disarmed otherwise, so an idle daemon has no
// timer at all. Deadlines are libinput timestamps: its event times are CLOCK_MONOTONIC µs.
import CGestoSys
import GestoCore
import Glibc

/// A one-shot timer that calls its handler on the loop when its deadline passes.
public final class TimerFD {
    /// Whether the timer waits for a deadline.
    public enum State: Equatable, Sendable {
        /// No deadline: the timer never fires.
        case disarmed
        /// Fires once at the deadline (CLOCK_MONOTONIC, µs), then becomes `disarmed`.
        case armed(deadline: Timestamp)
    }

    private let registration: LoopRegistration
    private var fd: FileDescriptor { registration.fd }
    private let onExpiry: () -> Void
    /// What the timer waits for.
    public private(set) var state = State.disarmed

    /// Makes a disarmed timer (`timerfd_create` on CLOCK_MONOTONIC, non-blocking, close-on-exec)
    /// and registers it with `loop`.
    ///
    /// - Parameters:
    ///   - loop: The loop that calls `onExpiry`.
    ///   - onExpiry: Called once each time an armed deadline passes; the timer is already
    ///     disarmed then, so the handler may arm it again.
    /// - Throws: `SystemError` from `timerfd_create` or `epoll_ctl`.
    public init(loop: EventLoop, onExpiry: @escaping () -> Void) throws(SystemError) {
        let raw = try retryingInterrupts("timerfd_create") {
            timerfd_create(CLOCK_MONOTONIC, CInt(TFD_CLOEXEC) | CInt(TFD_NONBLOCK))
        }
        registration = try LoopRegistration(FileDescriptor(rawValue: raw), on: loop)
        self.onExpiry = onExpiry
        registration.onReady = { [weak self] _ in self?.expire() }
    }

    /// Arms the timer to fire once at `deadline`, replacing any earlier deadline. A deadline
    /// already past fires on the loop's next turn.
    ///
    /// - Parameter deadline: CLOCK_MONOTONIC time in microseconds (libinput's event clock).
    /// - Throws: `SystemError` from `timerfd_settime`.
    public func arm(at deadline: Timestamp) throws(SystemError) {
        // An all-zero it_value disarms, so the earliest deadline is 1 ns after the epoch.
        let microseconds = max(deadline.microseconds, 0)
        var value = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1_000)
        if value.tv_sec == 0 && value.tv_nsec == 0 { value.tv_nsec = 1 }
        try set(itimerspec(it_interval: timespec(), it_value: value))
        state = .armed(deadline: deadline)
    }

    /// Disarms the timer: it does not fire until armed again, even if its deadline passed and
    /// the loop has not yet called the handler.
    ///
    /// - Throws: `SystemError` from `timerfd_settime`.
    public func disarm() throws(SystemError) {
        try set(itimerspec())
        state = .disarmed
    }

    private func set(_ specification: itimerspec) throws(SystemError) {
        var specification = specification
        _ = try retryingInterrupts("timerfd_settime") {
            timerfd_settime(fd.rawValue, CInt(TFD_TIMER_ABSTIME), &specification, nil)
        }
    }

    /// The descriptor is readable: read the expiry count and call the handler once.
    private func expire() {
        var expirations: UInt64 = 0
        let result = withUnsafeMutableBytes(of: &expirations) { buffer in
            Result { () throws(SystemError) in try fd.read(into: buffer) }
        }
        // EAGAIN: disarmed or re-armed after it became readable, so nothing expired.
        guard case .success = result else { return }
        switch state {
        case .armed:
            state = .disarmed
            onExpiry()
        case .disarmed:
            break
        }
    }
}
