// Why an input source could not be read at all. Problems with single lines are not errors
// but ``InputWarning``s; these stop the source, so each names the file, device or place and,
// where the user can fix it, how.
import GestoSystem

/// Why an input source failed. Each case carries where (path, line, column) and the failed
/// system call with its errno.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `open(2)` of a recording failed.
    case cannotOpen(path: String, error: SystemError)
    /// `read(2)` failed part-way (`path` nil for a descriptor the caller opened).
    case readFailed(path: String?, error: SystemError)
    /// A `libinput record` file is not valid YAML: libyaml's problem at its 1-based mark.
    case malformedRecording(file: String?, line: Int, column: Int, problem: String)
    /// An input device node could not be opened for lack of permission.
    case permissionDenied(path: String)
    /// An input device node does not exist or cannot be used (the error of `stat` or `open`).
    case deviceUnavailable(path: String, error: SystemError)
    /// gesto refused to open the device: it is not a touchpad (keyboards are never opened).
    case notATouchpad(path: String, reason: String)
    /// libinput or udev could not make a context (out of memory, no udev).
    case contextCreationFailed(String)
    /// `libinput_udev_assign_seat` failed for this seat.
    case seatAssignmentFailed(seat: String)

    /// A message for the user: what failed, where, and the fix when there is one.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let code):
            return "cannot open \(path): \(code.reason)"
        case .readFailed(let path, let code):
            return "cannot read \(path ?? "input"): \(code.reason)"
        case .malformedRecording(let file, let line, let column, let problem):
            return "\(file ?? "recording"):\(line):\(column): error: not a valid libinput recording: \(problem)"
        case .permissionDenied(let path):
            return "permission denied opening \(path): this user may not read it. Install gesto's udev rule "
                + "that tags touchpads 'uaccess' (70-gesto-touchpad.rules; re-plug or reboot): logind then gives "
                + "access to the user of the active session on the device's seat (a login over ssh or on "
                + "another VT is not that session; `loginctl` shows yours and its seat); or add your user to "
                + "the 'input' group (sudo usermod -aG input $USER, then log in again)"
        case .deviceUnavailable(let path, let code):
            return "cannot use \(path): \(code.reason)"
        case .notATouchpad(let path, let reason):
            return "refused to open \(path): \(reason) (gesto opens touchpads only, never keyboards)"
        case .contextCreationFailed(let what):
            return "cannot start libinput: \(what)"
        case .seatAssignmentFailed(let seat):
            return "libinput cannot assign seat '\(seat)' (is udev running and the seat name right?)"
        }
    }
}
