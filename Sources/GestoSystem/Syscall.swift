// The one choke point through which the runtime makes its system calls: retries EINTR and
// turns -1 + errno (or a returned error number, as posix_spawn does, or a negated one, as
// libevdev does) into a `SystemError`.
// As in swift-system's `Util.swift`, no other file of gesto loops on EINTR.
import Glibc

/// Calls `body` until it does not fail with `EINTR`; returns its result, or throws the
/// errno it set when it returned -1.
///
/// - Parameters:
///   - call: The name of the system call, for the error.
///   - body: The call; it returns -1 and sets `errno` on failure.
/// - Throws: `SystemError(code: errno, call: call)` for any failure other than `EINTR`.
@inlinable
public func retryingInterrupts<Result: FixedWidthInteger>(
    _ call: String, _ body: () -> Result
) throws(SystemError) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemError(code: code, call: call)
    }
}

/// Calls `body`, which returns 0 or an error number (the `posix_spawn` and pthread
/// convention), retrying `EINTR`.
///
/// - Throws: `SystemError(code: result, call: call)` for a non-zero result other than `EINTR`.
@inlinable
public func checkingReturnedError(_ call: String, _ body: () -> CInt) throws(SystemError) {
    while true {
        let result = body()
        if result == 0 { return }
        if result == EINTR { continue }
        throw SystemError(code: result, call: call)
    }
}

/// Calls `body`, which returns a status (0 or more) or a negated error number (libevdev's
/// convention: `libevdev_next_event`, `libevdev_grab`), until it is not `-EINTR`.
///
/// - Returns: The status, 0 or more.
/// - Throws: `SystemError(code: -result, call: call)` for a negative result other than `-EINTR`.
@inlinable
public func retryingInterrupts(negatedErrorFrom call: String, _ body: () -> CInt) throws(SystemError) -> CInt {
    while true {
        let result = body()
        if result >= 0 { return result }
        if result == -EINTR { continue }
        throw SystemError(code: -result, call: call)
    }
}
