// The binding queries of gesto.h (since 0.2): what a host that performs the actions itself
// (a compositor plugin) needs to know of each binding, and which libinput sequences the
// bindings claim (the plugin consumes those and passes the others through).

import CGestoABI
import GestoConfig
import GestoCore

/// `sizeof(struct gesto_binding_info)` in ABI 0.2 (LP64): the smallest `size` accepted.
let bindingInfoSize0_2 = 32

/// The engine behind a const handle, and a binding index checked against it.
private func binding(_ handle: OpaquePointer?, _ index: Int32, in function: String) throws(ExportError) -> (EngineBox, Int) {
    guard let handle else { throw .invalid("\(function): engine is NULL") }
    let box = Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    guard index >= 0 && Int(index) < box.bindings.count else {
        throw .invalid("\(function): index \(index) is not a binding (the engine has \(box.bindings.count))")
    }
    return (box, Int(index))
}

extension ActionKind {
    /// The kind's `enum gesto_action_kind`.
    var cKind: gesto_action_kind {
        switch self {
        case .exec: GESTO_ACTION_EXEC
        case .keys: GESTO_ACTION_KEYS
        case .window: GESTO_ACTION_WINDOW
        case .sway: GESTO_ACTION_SWAY
        case .hyprland: GESTO_ACTION_HYPRLAND
        case .reorder: GESTO_ACTION_REORDER
        case .windowMotion: GESTO_ACTION_WINDOW_MOTION
        case .workspace: GESTO_ACTION_WORKSPACE
        case .drag: GESTO_ACTION_DRAG
        }
    }

    /// The kind's config key as a static C string.
    var cKey: UnsafePointer<CChar> {
        UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

@_cdecl("gesto_engine_binding_info")
public func gestoEngineBindingInfo(_ handle: OpaquePointer?, _ index: Int32, _ out: UnsafeMutablePointer<gesto_binding_info>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_binding_info"
        let (box, index) = try binding(handle, index, in: function)
        guard let out else { throw .invalid("\(function): out is NULL") }
        let size = Int(out.pointee.size)
        guard size >= bindingInfoSize0_2 else {
            throw .invalid("\(function): out->size is \(size); set it to sizeof(struct gesto_binding_info) (at least \(bindingInfoSize0_2))")
        }
        var info = gesto_binding_info()
        let binding = box.bindings[index]
        info.mode = cMode(binding.rule.mode)
        info.gesture = UnsafePointer(binding.gestureString)
        let kind = binding.action?.kind
        info.action = kind?.cKey
        info.app = UnsafePointer(binding.appString)
        info.action_kind = (kind?.cKind ?? GESTO_ACTION_NONE).rawValue
        if case .drag(let button)? = binding.action { info.drag_button = button.code }
        info.gesture_kind = cGesture(binding.rule.gesture)
        info.fingers = UInt32(binding.rule.gesture.fingerCount)
        info.direction = cDirection(binding.rule.gesture)
        let written = min(size, MemoryLayout<gesto_binding_info>.size)
        info.size = UInt32(written)
        withUnsafeBytes(of: &info) { bytes in
            UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: written)
        }
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_binding_animation")
public func gestoEngineBindingAnimation(_ handle: OpaquePointer?, _ index: Int32,
                                        _ out: UnsafeMutablePointer<gesto_spring_parameters>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_binding_animation"
        let (box, index) = try binding(handle, index, in: function)
        guard let out else { throw .invalid("\(function): out is NULL") }
        let spring = box.bindings[index].animation
        out.pointee = gesto_spring_parameters(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_claims")
public func gestoEngineClaims(_ handle: OpaquePointer?, _ kind: UInt32, _ fingers: UInt32) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_claims"
        guard let handle else { throw .invalid("\(function): engine is NULL") }
        let box = Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
        let gestureKind: GestureKind
        switch kind {
        case GESTO_EVENT_SWIPE.rawValue: gestureKind = .swipe
        case GESTO_EVENT_PINCH.rawValue: gestureKind = .pinch
        case GESTO_EVENT_HOLD.rawValue: gestureKind = .hold
        default: throw .invalid("\(function): kind \(kind) is not an enum gesto_event_kind")
        }
        guard (1...10).contains(fingers) else { throw .invalid("\(function): fingers must be 1 to 10, got \(fingers)") }
        return box.claims(gestureKind, fingers: Int(fingers)) ? 1 : 0
    }
}

@_cdecl("gesto_engine_set_binding_enabled")
public func gestoEngineSetBindingEnabled(_ handle: OpaquePointer?, _ index: Int32, _ isEnabled: Int32) -> Int32 {
    reporting { () throws(ExportError) in
        let (box, index) = try binding(handle, index, in: "gesto_engine_set_binding_enabled")
        box.bindings[index].isEnabled = isEnabled != 0
        return GESTO_OK.rawValue
    }
}
