// The device nodes someone else opened and handed over (gesto-inputd's mirrors), each with the
// descriptor the source owns. libinput opens such a node as a dup of that descriptor and its
// close_restricted closes only the dup, so the descriptor itself lives as long as its entry
// here: every way out of the table (the device removed by path, libinput removing it on ENODEV
// or as no gesture device, another descriptor for the same path, the source ending) closes it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A device node opened by someone else and handed over (gesto-inputd's mirror).
struct HandedOverDevice {
    /// The descriptor handed over, owned by the table.
    var descriptor: Int32
    /// The libinput device while it is in the context.
    var handle: OpaquePointer?
}

/// The handed-over nodes by path; owns their descriptors.
struct HandedOverDevices {
    private var byPath: [String: HandedOverDevice] = [:]

    /// The entry of `path`, if it was handed over and is still held.
    subscript(path: String) -> HandedOverDevice? { byPath[path] }
    /// Whether no descriptor is held.
    var isEmpty: Bool { byPath.isEmpty }
    /// The paths held, in no order.
    var paths: [String] { Array(byPath.keys) }

    /// Takes `descriptor` for `path` (not yet in libinput), closing one held for it before.
    mutating func insert(path: String, descriptor: Int32) {
        if let previous = byPath.updateValue(HandedOverDevice(descriptor: descriptor), forKey: path) {
            close(previous.descriptor)
        }
    }

    /// Records the libinput device that `path` became.
    mutating func attach(_ handle: OpaquePointer, to path: String) {
        byPath[path]?.handle = handle
    }

    /// Forgets `path` and closes its descriptor; `detach` first gets the libinput device it
    /// still is, to take it out of the context. Nothing for a path not held.
    mutating func remove(path: String, detaching detach: (OpaquePointer) -> Void = { _ in }) {
        guard let entry = byPath.removeValue(forKey: path) else { return }
        if let handle = entry.handle { detach(handle) }
        close(entry.descriptor)
    }

    /// libinput removed the device `handle` (its node went: ENODEV; or it is no gesture device):
    /// its descriptor reads nothing more, and is closed. The pointer is not valid once the
    /// removal event is destroyed, so it is forgotten now.
    mutating func libinputRemoved(_ handle: OpaquePointer) {
        for (path, entry) in byPath where entry.handle == handle {
            byPath.removeValue(forKey: path)
            close(entry.descriptor)
        }
    }

    /// Closes every descriptor, after libinput let go of its devices (the source ends).
    mutating func closeAll() {
        for entry in byPath.values { close(entry.descriptor) }
        byPath = [:]
    }
}
