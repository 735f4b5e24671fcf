// libgesto's status codes, its ABI version and the per-thread last error: the only global
// mutable state of the library (gesto.h, "Versions and errors").
// The message lives in a pthread key so that it needs no lock and dies with its thread.

import CGestoABI
import GestoCore
import Glibc

/// A failure of an exported function: the status it returns and the message for
/// `gesto_last_error_message`.
struct ExportError: Error {
    var status: Int32
    var message: String

    static func invalid(_ message: String) -> ExportError {
        ExportError(status: GESTO_ERROR_INVALID_ARGUMENT.rawValue, message: message)
    }

    static func outOfRange(_ message: String) -> ExportError {
        ExportError(status: GESTO_ERROR_OUT_OF_RANGE.rawValue, message: message)
    }

    static func busy(_ function: String) -> ExportError {
        ExportError(status: GESTO_ERROR_BUSY.rawValue,
                    message: "\(function): the engine is delivering gestures (called from its own callback)")
    }
}

/// The key of the calling thread's last error message (a `malloc`ed C string, freed by the
/// key's destructor at thread exit). Created once, on first use (Swift globals are lazy and
/// initialised under a once-lock).
private let lastErrorKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in free(pointer) }
    precondition(status == 0, "libgesto: pthread_key_create failed (\(status))")
    return key
}()

/// Replaces the calling thread's last error message.
func setLastError(_ message: String) {
    let copy = strdup(message)
    let old = pthread_getspecific(lastErrorKey)
    pthread_setspecific(lastErrorKey, copy)
    free(old)
}

/// Runs `body`, turning an ``ExportError`` into its status and the thread's last error.
func reporting(_ body: () throws(ExportError) -> Int32) -> Int32 {
    do {
        return try body()
    } catch {
        setLastError(error.message)
        return error.status
    }
}

/// Returns `value` if it is finite, or throws naming `parameter`.
func finite(_ value: Double, _ parameter: String, in function: String) throws(ExportError) -> Double {
    guard value.isFinite else { throw .invalid("\(function): \(parameter) must be a finite number, got \(value)") }
    return value
}

/// A `Timestamp` from a caller's microseconds, or throws naming `parameter` if it is not in
/// `Timestamp.acceptedMicroseconds` (below 2^62, so that a time plus any duration gesto adds
/// can never overflow `Int64`).
func timestamp(_ usec: UInt64, _ parameter: String, in function: String) throws(ExportError) -> Timestamp {
    guard let time = Timestamp(validatingMicroseconds: usec) else {
        throw .invalid("\(function): \(parameter) must be below 2^62 µs, got \(usec)")
    }
    return time
}

@_cdecl("gesto_abi_version")
public func gestoABIVersion() -> UInt32 {
    UInt32(GESTO_ABI_VERSION_MAJOR) << 16 | UInt32(GESTO_ABI_VERSION_MINOR)
}

@_cdecl("gesto_status_string")
public func gestoStatusString(_ status: Int32) -> UnsafePointer<CChar> {
    // Static strings: StaticString's storage is in the library's read-only data.
    let text: StaticString
    switch status {
    case GESTO_OK.rawValue: text = "ok"
    case GESTO_EMPTY.rawValue: text = "empty"
    case GESTO_ERROR_INVALID_ARGUMENT.rawValue: text = "invalid argument"
    case GESTO_ERROR_CONFIG.rawValue: text = "invalid config"
    case GESTO_ERROR_BINDING_SYNTAX.rawValue: text = "invalid gesture name"
    case GESTO_ERROR_OUT_OF_RANGE.rawValue: text = "parameter out of range"
    case GESTO_ERROR_BUSY.rawValue: text = "engine busy"
    case GESTO_ERROR_NO_MEMORY.rawValue: text = "out of memory"
    case GESTO_ERROR_BUFFER_TOO_SMALL.rawValue: text = "buffer too small"
    case GESTO_ERROR_WRONG_PHASE.rawValue: text = "wrong phase"
    default: text = "unknown status"
    }
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("gesto_last_error_message")
public func gestoLastErrorMessage() -> UnsafePointer<CChar> {
    if let message = pthread_getspecific(lastErrorKey) {
        return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
    }
    let empty: StaticString = ""
    return UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
}
