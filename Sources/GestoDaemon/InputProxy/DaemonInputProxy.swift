// What gestod does with its gesto-inputd link (protocol/inputd.md): it tells the proxy which
// finger counts it owns (the config's consuming bindings; none while paused or locked), and
// reads the mirrors the proxy hands over through a libinput path context whose records go
// through the same pipelines as the seat's. Without the proxy none of this runs.
import GestoConfig
import GestoInput
import GestoSystem
import Glibc

extension Daemon {
    /// Starts watching for gesto-inputd's socket (live gestod only), unless `--no-devices`
    /// names none.
    func startInputProxyLink() {
        guard let path = InputProxyLink.socketPath(explicit: options.inputProxySocketPath, opensNoDevices: options.opensNoDevices) else {
            return
        }
        do {
            inputProxy = try InputProxyLink(path: path, loop: loop, log: log) { [unowned self] event in self.inputProxyEvent(event) }
        } catch {
            log.warning("gesto-inputd: cannot watch for its socket \(path): \(error); gestod will not link to it")
        }
    }

    /// The finger counts gestod owns now: the config's, none while paused or locked (the
    /// desktop gets its gestures back while gestod would not act on them).
    var ownedFingerCounts: [Int] {
        isPaused || sessionLock == .locked ? [] : config.ownedFingerCounts
    }

    /// Tells gesto-inputd what gestod owns (after hello, each reload, pause, resume, lock and
    /// unlock); nothing without a link.
    func sendOwnedFingerCounts() {
        guard let inputProxy, inputProxy.isLinked else { return }
        let counts = ownedFingerCounts
        if inputProxy.own(counts) { log.debug("gesto-inputd: own \(counts)") }
    }

    private func inputProxyEvent(_ event: InputProxyLink.Event) {
        switch event {
        case .linked:
            mirrorPaths = [:]
            sendOwnedFingerCounts()
        case .message(let message, let descriptor):
            inputProxyMessage(message, descriptor: descriptor)
        case .ended:
            // The proxy released every button pressed through it and revoked the mirrors it
            // handed over on this link (or is gone with them): their descriptors are closed
            // here, and a link made again hands them over anew.
            for index in drags.inputProxyLinkEnded() { effects.forget(bindingIndex: index) }
            mirrorPaths = [:]
            mirrors?.removeHandedOverDevices()
            mirrors?.dispatch { handle($0) }
        }
    }

    private func inputProxyMessage(_ message: InputProxyMessage, descriptor: FileDescriptor?) {
        switch message {
        case .hello:
            try? descriptor?.close()
            log.warning("gesto-inputd: ignoring a second hello")
        case .deviceAdded(let id, let name, _, let mirror):
            guard let descriptor else {
                log.warning("gesto-inputd: ignoring device \(id) (\(name)): its message came without the mirror's descriptor")
                return
            }
            addMirror(id: id, name: name, path: mirror, descriptor: descriptor)
        case .deviceRemoved(let id):
            try? descriptor?.close()
            guard let path = mirrorPaths.removeValue(forKey: id) else {
                log.warning("gesto-inputd: ignoring the removal of device \(id), which it never added")
                return
            }
            mirrors?.removeDevice(path: path)
            mirrors?.dispatch { handle($0) }
        case .error(let code, let text):
            try? descriptor?.close()
            log.warning("gesto-inputd: it says \(code): \(text)")
        }
    }

    /// Reads the mirror `path` (open as `descriptor`, now the mirrors' source's) as a touchpad.
    private func addMirror(id: Int, name: String, path: String, descriptor: FileDescriptor) {
        do {
            let source: LibinputSource
            if let mirrors {
                source = mirrors
            } else {
                source = try LibinputSource(devicePaths: [])
                try loop.register(FileDescriptor(rawValue: source.fileDescriptor)) { [unowned self] _ in
                    self.mirrors?.dispatch { self.handle($0) }
                }
                mirrors = source
            }
            // A node number is reused: a device that had this node is gone (addDevice closes it).
            mirrorPaths = mirrorPaths.filter { $0.value != path }
            try source.addDevice(path: path, descriptor: descriptor.rawValue)
            mirrorPaths[id] = path
            source.dispatch { handle($0) }
        } catch {
            // LibinputSource(devicePaths: []) failing leaves the descriptor here.
            if mirrors == nil { try? descriptor.close() }
            log.warning("gesto-inputd: the mirror of \(name) (\(path)) cannot be read: \(error)")
        }
    }
}
