// The `gesto_velocity_tracker_*` functions of gesto.h: GestoCore's VelocityTracker (a value
// type) boxed in a class so that C can hold it through an opaque pointer.

import CGestoABI
import GestoCore

/// A velocity tracker owned by C through an `Unmanaged` reference.
final class VelocityTrackerBox {
    var tracker = VelocityTracker()
}

private func box(_ handle: OpaquePointer?) -> VelocityTrackerBox? {
    handle.map { Unmanaged<VelocityTrackerBox>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

@_cdecl("gesto_velocity_tracker_new")
public func gestoVelocityTrackerNew(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    reporting { () throws(ExportError) in
        guard let out else { throw .invalid("gesto_velocity_tracker_new: out is NULL") }
        out.pointee = OpaquePointer(Unmanaged.passRetained(VelocityTrackerBox()).toOpaque())
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_velocity_tracker_destroy")
public func gestoVelocityTrackerDestroy(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<VelocityTrackerBox>.fromOpaque(UnsafeRawPointer(handle)).release()
}

@_cdecl("gesto_velocity_tracker_reset")
public func gestoVelocityTrackerReset(_ handle: OpaquePointer?) {
    box(handle)?.tracker.reset()
}

@_cdecl("gesto_velocity_tracker_add")
public func gestoVelocityTrackerAdd(_ handle: OpaquePointer?, _ time: UInt64, _ x: Double, _ y: Double) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_velocity_tracker_add"
        guard let box = box(handle) else { throw .invalid("\(function): tracker is NULL") }
        let when = try timestamp(time, "time_usec", in: function)
        let position = Vector2(try finite(x, "x", in: function), try finite(y, "y", in: function))
        box.tracker.add(position: position, at: when)
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_velocity_tracker_velocity")
public func gestoVelocityTrackerVelocity(_ handle: OpaquePointer?, _ time: UInt64,
                                         _ vx: UnsafeMutablePointer<Double>?, _ vy: UnsafeMutablePointer<Double>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_velocity_tracker_velocity"
        guard let box = box(handle) else { throw .invalid("\(function): tracker is NULL") }
        guard let vx, let vy else { throw .invalid("\(function): vx or vy is NULL") }
        let velocity = box.tracker.velocity(at: try timestamp(time, "time_usec", in: function))
        vx.pointee = velocity.x
        vy.pointee = velocity.y
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_velocity_tracker_sample_count")
public func gestoVelocityTrackerSampleCount(_ handle: OpaquePointer?) -> Int32 {
    reporting { () throws(ExportError) in
        guard let box = box(handle) else { throw .invalid("gesto_velocity_tracker_sample_count: tracker is NULL") }
        return Int32(box.tracker.sampleCount)
    }
}
