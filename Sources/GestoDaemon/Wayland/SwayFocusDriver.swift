// Follows sway's focus for `app:` bindings without a round trip on the input path: one
// connection to sway's IPC, subscribed to `window` and `workspace` events and asked for the
// tree once, lives on gestod's event loop and is read non-blocking as it becomes readable
// (SwayFocusTracker, GestoWayland, cuts and applies the frames). A gesture's start then reads
// the stored focus.
//
// When sway closes the socket (it exited or restarted) or sends what is not i3-ipc, the
// connection is closed, that is logged once, and `app:` bindings follow the foreign-toplevel
// focus again; Daemon starts a new subscription when gestod (re)connects to the compositor and
// when the config is reloaded.
import Glibc
import GestoSystem
import GestoWayland

/// sway's focus, kept from its IPC events.
public final class SwayFocusDriver {
    /// How much one read takes from the socket.
    static let readSize = 64 << 10

    private let loop: EventLoop
    private let log: Log
    private var registration: LoopRegistration?
    private var decoder = SwayIPCFrameDecoder()
    private var tracker = SwayFocusTracker()
    /// What one read fills, kept for the driver's life.
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 1)
    /// The socket subscribed to, while a subscription is open.
    public private(set) var socketPath: String?

    /// A driver that reads on `loop` once ``start(_:)`` is called.
    public init(loop: EventLoop, log: Log) {
        self.loop = loop
        self.log = log
    }

    deinit { chunk.deallocate() }

    /// Whether a subscription is open.
    public var isSubscribed: Bool { registration != nil }

    /// sway's focus: nil while no subscription is open or its tree has not arrived.
    public var focus: SwayFocus? { isSubscribed ? tracker.focus : nil }

    /// Opens the subscription on `sway`'s socket (one closed first): subscribes to `window` and
    /// `workspace` events and asks for the tree once. Connecting and the two small writes
    /// block at most ``SwayIPC/timeoutSeconds`` (a fresh local socket takes them at once);
    /// everything after is read non-blocking on the loop.
    ///
    /// - Throws: ``SwayIPCError`` when sway cannot be reached; no subscription is open then.
    public func start(_ sway: SwayIPC) throws(SwayIPCError) {
        stop()
        let fd = try sway.connect()
        do throws(SystemError) {
            try fd.sendAll(SwayIPC.frame(.subscribe, #"["window","workspace"]"#) + SwayIPC.frame(.getTree))
            let flags = fcntl(fd.rawValue, F_GETFL)
            guard flags >= 0, fcntl(fd.rawValue, F_SETFL, flags | O_NONBLOCK) == 0 else {
                throw SystemError(code: errno, call: "fcntl")
            }
        } catch {
            try? fd.close()
            throw error.code == EAGAIN ? .timedOut : .system(call: error.call, code: error.code)
        }
        do throws(SystemError) {
            // From here the registration owns the descriptor (it closes it when it fails).
            let registration = try LoopRegistration(fd, on: loop)
            registration.onReady = { [unowned self] _ in self.readable() }
            self.registration = registration
        } catch {
            throw .system(call: error.call, code: error.code)
        }
        socketPath = sway.socketPath
        decoder = SwayIPCFrameDecoder()
        tracker = SwayFocusTracker()
        log.debug("sway: following the focus over \(sway.socketPath)")
    }

    /// Closes the subscription, if one is open; ``focus`` is nil after.
    public func stop() {
        guard registration != nil else { return }
        registration = nil
        socketPath = nil
    }

    /// Reads what the socket has (one read per wakeup: a large tree is taken over several
    /// turns of the loop, between input events) and applies every complete frame.
    private func readable() {
        guard let fd = registration?.fd else { return }
        let count: Int
        do throws(SystemError) {
            count = try fd.read(into: chunk)
        } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
            return
        } catch {
            return lost("cannot read sway's IPC socket (\(error))")
        }
        guard count > 0 else { return lost("sway closed its IPC socket") }
        decoder.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        do {
            var changed = false
            while let frame = try decoder.nextFrame() { changed = try tracker.handle(frame) || changed }
            if changed { log.debug("sway: focus \(tracker.focus.map(Self.describe) ?? "unknown")") }
        } catch {
            lost("\(error)")
        }
    }

    /// Closes the subscription after it failed, saying why and what follows, once.
    private func lost(_ reason: String) {
        log.warning("\(reason); app: bindings follow the foreign-toplevel focus until gestod reconnects to the compositor "
                    + "or reloads its config")
        stop()
    }

    static func describe(_ focus: SwayFocus) -> String {
        switch focus {
        case .noWindow: return "no window"
        case .window(let id, let appID): return "window \(id) (\(appID ?? "no app_id"))"
        }
    }
}
