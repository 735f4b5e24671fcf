// The `gesto_engine_*` functions of gesto.h ("The recognizer engine"): argument checks,
// status codes and messages around ``EngineBox``. Handles are `Unmanaged` references.

import CGestoABI
import GestoConfig
import GestoCore
import Glibc

/// The engine behind a handle (unretained: the C caller owns the reference).
private func engine(_ handle: OpaquePointer?, in function: String) throws(ExportError) -> EngineBox {
    guard let handle else { throw .invalid("\(function): engine is NULL") }
    return Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// An engine that may be fed: not delivering to its own callback.
private func idleEngine(_ handle: OpaquePointer?, in function: String) throws(ExportError) -> EngineBox {
    let box = try engine(handle, in: function)
    if box.isDelivering { throw .busy(function) }
    return box
}

private func handOut(_ box: EngineBox, to out: UnsafeMutablePointer<OpaquePointer?>) {
    out.pointee = OpaquePointer(Unmanaged.passRetained(box).toOpaque())
}

@_cdecl("gesto_engine_new")
public func gestoEngineNew(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    reporting { () throws(ExportError) in
        guard let out else { throw .invalid("gesto_engine_new: out is NULL") }
        handOut(EngineBox(), to: out)
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_new_from_config")
public func gestoEngineNewFromConfig(_ yaml: UnsafePointer<CChar>?, _ length: Int,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_new_from_config"
        guard let out else { throw .invalid("\(function): out is NULL") }
        guard yaml != nil || length == 0 else { throw .invalid("\(function): yaml is NULL") }
        guard length >= 0 else { throw .invalid("\(function): len is too large") }
        let bytes = UnsafeRawBufferPointer(start: yaml, count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ExportError(status: GESTO_ERROR_CONFIG.rawValue, message: "<config>: error: the config is not valid UTF-8")
        }
        let config: Config
        do throws(ConfigErrors) {
            config = try Config.parse(text, file: "<config>")
        } catch {
            throw ExportError(status: GESTO_ERROR_CONFIG.rawValue, message: error.description)
        }
        if let problem = repeatStepProblem(config) {
            throw ExportError(status: GESTO_ERROR_CONFIG.rawValue, message: "<config>: error: \(problem)")
        }
        handOut(EngineBox(config: config), to: out)
        return GESTO_OK.rawValue
    }
}

/// The smallest repeat steps accepted from a config: 1 delta unit (0.1 mm), a scale factor of
/// 1.001 and 0.1°. GestoCore's BindingMatcher converts "steps travelled" to `Int`, which traps
/// when a tiny step (the config accepts any positive number, e.g. 1e-300) makes the count
/// overflow, and emits one firing per step; a library must not let a config crash its host.
private let smallestRepeatDistance = 1.0, smallestRepeatScale = 1.001, smallestRepeatAngle = 0.1

/// Why the config's repeat steps (global or a binding's) are too small, or nil.
private func repeatStepProblem(_ config: Config) -> String? {
    let all = [("settings", config.settings)] + config.bindings.enumerated().map { ("binding \($0.offset + 1) (\($0.element.gesture))", $0.element.settings) }
    for (place, settings) in all {
        if settings.swipe.repeatDistance.deltaUnits < smallestRepeatDistance {
            return "\(place): 'repeat-distance' must be at least \(smallestRepeatDistance), not \(settings.swipe.repeatDistance.deltaUnits)"
        }
        if settings.pinch.repeatScale < smallestRepeatScale {
            return "\(place): 'repeat-scale' must be at least \(smallestRepeatScale), not \(settings.pinch.repeatScale)"
        }
        if settings.rotate.repeatAngle < smallestRepeatAngle {
            return "\(place): 'repeat-angle' must be at least \(smallestRepeatAngle), not \(settings.rotate.repeatAngle)"
        }
    }
    return nil
}

@_cdecl("gesto_engine_destroy")
public func gestoEngineDestroy(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(handle)).release()
}

@_cdecl("gesto_engine_add_binding")
public func gestoEngineAddBinding(_ handle: OpaquePointer?, _ gesture: UnsafePointer<CChar>?,
                                  _ mode: Int32, _ tag: UInt64) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_add_binding"
        let box = try idleEngine(handle, in: function)
        guard let gesture else { throw .invalid("\(function): gesture is NULL") }
        guard let fireMode = fireMode(mode) else { throw .invalid("\(function): mode \(mode) is not an enum gesto_fire_mode") }
        guard let text = String(validatingCString: gesture) else {
            throw ExportError(status: GESTO_ERROR_BINDING_SYNTAX.rawValue, message: "\(function): the gesture name is not UTF-8")
        }
        let name: GestureName
        do {
            name = try GestureName(parsing: text)
        } catch {
            throw ExportError(status: GESTO_ERROR_BINDING_SYNTAX.rawValue, message: "\(function): bad gesture '\(text)': \(error)")
        }
        guard !box.engine.isActive else {
            throw ExportError(status: GESTO_ERROR_BUSY.rawValue,
                              message: "\(function): a gesture is in progress; add bindings between gestures")
        }
        guard box.bindings.count < Int(Int32.max) else { throw .invalid("\(function): too many bindings") }
        return Int32(box.addBinding(name, mode: fireMode, tag: tag))
    }
}

@_cdecl("gesto_engine_binding_count")
public func gestoEngineBindingCount(_ handle: OpaquePointer?) -> Int32 {
    reporting { () throws(ExportError) in
        Int32(try engine(handle, in: "gesto_engine_binding_count").bindings.count)
    }
}

@_cdecl("gesto_engine_binding_exec")
public func gestoEngineBindingExec(_ handle: OpaquePointer?, _ index: Int32) -> UnsafePointer<CChar>? {
    guard let handle else { return nil }
    let box = Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    guard index >= 0 && Int(index) < box.bindings.count else { return nil }
    return UnsafePointer(box.bindings[Int(index)].exec)
}

@_cdecl("gesto_engine_set_focused_app")
public func gestoEngineSetFocusedApp(_ handle: OpaquePointer?, _ app: UnsafePointer<CChar>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_set_focused_app"
        // Allowed from the callback: outputs are delivered after the matcher has read it.
        let box = try engine(handle, in: function)
        guard let app else {
            box.focusedApp = nil
            return GESTO_OK.rawValue
        }
        guard let text = String(validatingCString: app) else { throw .invalid("\(function): app_id is not UTF-8") }
        box.focusedApp = text
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_set_delivery")
public func gestoEngineSetDelivery(_ handle: OpaquePointer?, _ flags: UInt32) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_set_delivery"
        let box = try engine(handle, in: function)
        let known = GESTO_DELIVER_REPORTS.rawValue | GESTO_DELIVER_FIRINGS.rawValue
        guard flags & ~known == 0 else { throw .invalid("\(function): unknown bits 0x\(String(flags & ~known, radix: 16))") }
        box.delivery = flags
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_set_callback")
public func gestoEngineSetCallback(_ handle: OpaquePointer?, _ callback: gesto_gesture_callback?,
                                   _ userData: UnsafeMutableRawPointer?) {
    guard let handle else {
        setLastError("gesto_engine_set_callback: engine is NULL")
        return
    }
    let box = Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    box.callback = callback
    box.userData = userData
}

@_cdecl("gesto_engine_set_effect_callback")
public func gestoEngineSetEffectCallback(_ handle: OpaquePointer?, _ callback: gesto_effect_callback?,
                                         _ userData: UnsafeMutableRawPointer?) -> Int32 {
    reporting { () throws(ExportError) in
        let box = try idleEngine(handle, in: "gesto_engine_set_effect_callback")
        box.effectCallback = callback
        box.effectUserData = userData
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_handle_event")
public func gestoEngineHandleEvent(_ handle: OpaquePointer?, _ event: UnsafePointer<gesto_gesture_event>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_handle_event"
        let box = try idleEngine(handle, in: function)
        var (decoded, deltas) = try gestureEvent(from: event, in: function)
        switch deltas {
        case .both: break
        case .acceleratedOnly:
            // The inverse runs before the recognizers, which then see what gestod sees.
            switch decoded.phase {
            case .begin: box.accelerationInverse.reset()
            case .update: decoded.unacceleratedDelta = box.accelerationInverse.unaccelerated(decoded.delta, at: decoded.time)
            case .end: break
            }
        }
        box.feed(.sample(ContactSample(touchpad: decoded)))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_handle_touch_event")
public func gestoEngineHandleTouchEvent(_ handle: OpaquePointer?, _ event: UnsafePointer<gesto_touch_event>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_handle_touch_event"
        let box = try idleEngine(handle, in: function)
        box.feed(touch: try touchEvent(from: event, in: function))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_set_touchscreen_size")
public func gestoEngineSetTouchscreenSize(_ handle: OpaquePointer?, _ width: Double, _ height: Double) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_set_touchscreen_size"
        let box = try idleEngine(handle, in: function)
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 1e6, height <= 1e6 else {
            throw .invalid("\(function): the size must be finite, above 0 and at most 1e6 mm, got \(width) x \(height)")
        }
        box.touchscreen.size = Vector2(width, height)
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_next_deadline_usec")
public func gestoEngineNextDeadline(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_next_deadline_usec"
        let box = try engine(handle, in: function)
        guard let out else { throw .invalid("\(function): deadline_usec is NULL") }
        guard let deadline = box.engine.nextDeadline else { return GESTO_EMPTY.rawValue }
        out.pointee = UInt64(max(deadline.microseconds, 0))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_dispatch_deadline")
public func gestoEngineDispatchDeadline(_ handle: OpaquePointer?, _ now: UInt64) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_dispatch_deadline"
        let box = try idleEngine(handle, in: function)
        box.dispatchDeadlines(upTo: try timestamp(now, "now_usec", in: function))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_end_input")
public func gestoEngineEndInput(_ handle: OpaquePointer?, _ time: UInt64) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_end_input"
        let box = try idleEngine(handle, in: function)
        box.feed(.endOfInput(try timestamp(time, "time_usec", in: function)))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_interrupt_drags")
public func gestoEngineInterruptDrags(_ handle: OpaquePointer?, _ time: UInt64) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_interrupt_drags"
        let box = try idleEngine(handle, in: function)
        box.interruptDrags(at: try timestamp(time, "time_usec", in: function))
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_engine_is_active")
public func gestoEngineIsActive(_ handle: OpaquePointer?) -> Int32 {
    reporting { () throws(ExportError) in
        try engine(handle, in: "gesto_engine_is_active").engine.isActive ? 1 : 0
    }
}

@_cdecl("gesto_engine_next_gesture")
public func gestoEngineNextGesture(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<gesto_recognized>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_next_gesture"
        let box = try engine(handle, in: function)
        guard let out else { throw .invalid("\(function): out is NULL") }
        let size = Int(out.pointee.size)
        guard size >= recognizedSize0_1 else {
            throw .invalid("\(function): out->size is \(size); set it to sizeof(struct gesto_recognized) (at least \(recognizedSize0_1))")
        }
        guard let output = box.dequeue() else { return GESTO_EMPTY.rawValue }
        var record = box.record(output)
        let written = min(size, MemoryLayout<gesto_recognized>.size)
        record.size = UInt32(written)
        withUnsafeBytes(of: &record) { bytes in
            UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: written)
        }
        return GESTO_OK.rawValue
    }
}
