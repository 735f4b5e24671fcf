// The C listener tables: one constant per interface, each entry forwarding one event to one
// WaylandSession method (wlsunset's `static const struct ..._listener`). Entries for events
// gesto ignores are still filled in: libwayland calls every entry unconditionally.
import CWaylandClient
import CWaylandProtocols

extension UnsafeMutablePointer {
    /// A pointer to a copy of `value` that lives for the rest of the process (listener tables
    /// must not move, and Swift gives no stable address to a `let`).
    static func permanent(_ value: Pointee) -> UnsafeMutablePointer<Pointee> {
        let pointer = UnsafeMutablePointer<Pointee>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return pointer
    }
}

extension WaylandSession {
    /// wl_registry: globals come and go.
    nonisolated(unsafe) static let registryListener = UnsafeMutablePointer.permanent(wl_registry_listener(
        global: { data, registry, name, interface, version in
            from(data).registry(registry, announced: name, interface: String(cString: interface!), version: version)
        },
        global_remove: { data, registry, name in
            from(data).registry(registry, removed: name)
        }
    ))

    /// wl_output: the name (version 4) says where a window is; the scale sizes overlay buffers;
    /// the transform maps a touchscreen on it to what the user sees; done closes a description.
    nonisolated(unsafe) static let outputListener = UnsafeMutablePointer.permanent(wl_output_listener(
        geometry: { data, output, _, _, physicalWidth, physicalHeight, _, _, _, transform in
            from(data).output(output, physicalWidth: physicalWidth, physicalHeight: physicalHeight, transform: transform)
        },
        mode: { _, _, _, _, _, _ in },
        done: { data, output in
            from(data).outputDone(output)
        },
        scale: { data, output, factor in
            from(data).output(output, scale: factor)
        },
        name: { data, output, name in
            from(data).output(output, named: String(cString: name!))
        },
        description: { _, _, _ in }
    ))

    /// zwlr_foreign_toplevel_manager_v1: windows open; the manager may finish.
    nonisolated(unsafe) static let toplevelManagerListener = UnsafeMutablePointer.permanent(zwlr_foreign_toplevel_manager_v1_listener(
        toplevel: { data, _, handle in
            from(data).toplevelManager(announced: handle)
        },
        finished: { data, _ in
            from(data).toplevelManagerFinished()
        }
    ))

    /// zwlr_foreign_toplevel_handle_v1: a window's properties, batched by `done`.
    nonisolated(unsafe) static let toplevelHandleListener = UnsafeMutablePointer.permanent(zwlr_foreign_toplevel_handle_v1_listener(
        title: { data, handle, title in
            from(data).toplevel(handle, title: String(cString: title!))
        },
        app_id: { data, handle, appID in
            from(data).toplevel(handle, appID: String(cString: appID!))
        },
        output_enter: { data, handle, output in
            from(data).toplevel(handle, enteredOutput: output)
        },
        output_leave: { data, handle, output in
            from(data).toplevel(handle, leftOutput: output)
        },
        state: { data, handle, array in
            var values: [UInt32] = []
            if let array = array?.pointee, let bytes = array.data {
                let count = array.size / MemoryLayout<UInt32>.stride
                values = Array(UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt32.self), count: count))
            }
            from(data).toplevel(handle, states: Toplevel.States(protocolValues: values))
        },
        done: { data, handle in
            from(data).toplevelDone(handle)
        },
        closed: { data, handle in
            from(data).toplevelClosed(handle)
        },
        parent: { _, _, _ in }
    ))
}
