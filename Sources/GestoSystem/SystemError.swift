// A failed system call, as a value: the errno and the name of the call that set it.
// The runtime throws this from every wrapper in this folder, so a log line says which call
// failed and why (`epoll_ctl: Bad file descriptor`), like swift-system's `Errno`.
import Glibc

/// A system call failed: `call` set `errno` to `code`.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errno value (for example `EBADF`).
    public var code: CInt
    /// The name of the failed call (for example `"epoll_ctl"`).
    public var call: String

    /// Makes an error from an errno value and the name of the call that returned it.
    public init(code: CInt, call: String) {
        self.code = code
        self.call = call
    }

    /// The error `errno` holds now, which `call` (a C library's function that sets it, such as
    /// libudev's) has just set.
    public init(errnoAfter call: String) {
        self.init(code: errno, call: call)
    }

    /// The C library's text for the errno value (`strerror`), for example `Bad file descriptor`.
    public var reason: String { String(cString: strerror(code)) }

    /// `call: reason`, for example `epoll_ctl: Bad file descriptor`.
    public var description: String { "\(call): \(reason)" }

    /// Matches an error against an errno value in a `catch` pattern: `catch let e where EAGAIN ~= e`.
    public static func ~= (code: CInt, error: SystemError) -> Bool { error.code == code }
}
