// The `gesto_window_motion_*` functions of gesto.h (since 0.2): GestoCore's WindowMotion (a
// value type) boxed for C, driven by a window-motion binding's firings as gestod's
// WindowMotionDriver drives it on sway: a swipe's translation moves the window, a pinch's
// scale (since 0.6) scales it. The host only reads rects out and shows them.

import CGestoABI
import GestoConfig
import GestoCore

/// A window motion owned by C through an `Unmanaged` reference.
final class WindowMotionBox {
    var motion: WindowMotion
    /// The fingers' translation from the grab, while dragging (delta units).
    var dragTranslation = Vector2.zero
    /// The pinch's scale from the grab, while a pinch drags (nil: a swipe drags).
    var pinchScale: Double?

    init(motion: WindowMotion) {
        self.motion = motion
    }
}

private func windowMotion(_ handle: OpaquePointer?, in function: String) throws(ExportError) -> WindowMotionBox {
    guard let handle else { throw .invalid("\(function): motion is NULL") }
    return Unmanaged<WindowMotionBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// A caller's rect: finite, with a size above 0 and below 1e6 pixels.
private func windowRect(_ rect: UnsafePointer<gesto_rect>?, _ name: String, in function: String) throws(ExportError) -> WindowRect {
    guard let r = rect?.pointee else { throw .invalid("\(function): \(name) is NULL") }
    for (field, value) in [("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)] {
        guard value.isFinite, abs(value) < 1e6 else { throw .invalid("\(function): \(name)->\(field) must be finite and below 1e6, got \(value)") }
    }
    guard r.width > 0, r.height > 0 else { throw .invalid("\(function): \(name) must have a size above 0, got \(r.width)x\(r.height)") }
    return WindowRect(x: r.x, y: r.y, width: r.width, height: r.height)
}

@_cdecl("gesto_window_motion_new")
public func gestoWindowMotionNew(_ engineHandle: OpaquePointer?, _ index: Int32, _ start: UnsafePointer<gesto_rect>?,
                                 _ area: UnsafePointer<gesto_rect>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_window_motion_new"
        guard let engineHandle else { throw .invalid("\(function): engine is NULL") }
        guard let out else { throw .invalid("\(function): out is NULL") }
        let box = Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(engineHandle)).takeUnretainedValue()
        guard index >= 0, Int(index) < box.bindings.count, case .windowMotion(let action)? = box.bindings[Int(index)].action else {
            throw .invalid("\(function): binding \(index) is not a window-motion binding")
        }
        let motion = WindowMotion(start: try windowRect(start, "start", in: function), area: try windowRect(area, "area", in: function),
                                  snaps: action.snaps, scale: action.scale, parameters: box.bindings[Int(index)].animation)
        out.pointee = OpaquePointer(Unmanaged.passRetained(WindowMotionBox(motion: motion)).toOpaque())
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_window_motion_handle_recognized")
public func gestoWindowMotionHandleRecognized(_ handle: OpaquePointer?, _ gesture: UnsafePointer<gesto_recognized>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_window_motion_handle_recognized"
        let box = try windowMotion(handle, in: function)
        let (phase, time, translation, velocity) = try RecognizedDrag(gesture, in: function).fields
        // A pinch scales the window (its record's scale, checked as an event's is); a swipe moves it.
        let record = try recognizedRecord(gesture, in: function)
        var pinchScale: Double? = nil
        if record.gesture == GESTO_GESTURE_PINCH.rawValue {
            let scale = try finite(record.scale, "gesture->scale", in: function)
            guard scale > 0 && scale <= largestEventMagnitude else {
                throw .invalid("\(function): gesture->scale must be in (0, 1e6], got \(scale)")
            }
            pinchScale = scale
        }
        switch phase {
        case .arming, .changed:
            break  // The drag is read from the motion at each frame; see gesto_window_motion_frame.
        case .began:
            box.motion.grab(at: time)
        case .ended, .failed, .cancelled:
            guard case .dragging = box.motion.phase else { break }
            if let pinchScale {
                box.motion.release(scale: pinchScale, at: time)
            } else {
                box.motion.release(translation: translation, velocity: phase == .ended ? velocity : .zero, at: time)
            }
        }
        if case .dragging = box.motion.phase {
            box.dragTranslation = translation
            box.pinchScale = pinchScale
        }
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_window_motion_frame")
public func gestoWindowMotionFrame(_ handle: OpaquePointer?, _ time: UInt64, _ out: UnsafeMutablePointer<gesto_rect>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_window_motion_frame"
        let box = try windowMotion(handle, in: function)
        guard let out else { throw .invalid("\(function): out is NULL") }
        let when = try timestamp(time, "time_usec", in: function)
        let origin: Vector2, size: Vector2, atRest: Bool
        if case .dragging = box.motion.phase {
            if let scale = box.pinchScale {
                (origin, size) = box.motion.pinched(scale: scale)
            } else {
                origin = box.motion.dragged(translation: box.dragTranslation)
                size = box.motion.size
            }
            atRest = false
        } else {
            (origin, size, atRest) = box.motion.frame(at: when)
            if atRest { box.motion.settle() }
        }
        out.pointee = gesto_rect(x: origin.x, y: origin.y, width: size.x, height: size.y)
        return atRest ? 1 : 0
    }
}

@_cdecl("gesto_window_motion_target")
public func gestoWindowMotionTarget(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let handle else { return nil }
    let box = Unmanaged<WindowMotionBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    if case .dragging = box.motion.phase { return nil }
    let name: StaticString
    switch box.motion.target {
    case nil: return nil
    case .left: name = "left"
    case .right: name = "right"
    case .maximize: name = "maximize"
    case .back: name = "back"
    }
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("gesto_window_motion_destroy")
public func gestoWindowMotionDestroy(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<WindowMotionBox>.fromOpaque(UnsafeRawPointer(handle)).release()
}
