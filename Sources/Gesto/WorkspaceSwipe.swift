// The `gesto_workspace_swipe_*` functions of gesto.h (since 0.3): GestoCore's WorkspaceSwipe
// (a value type) boxed for C, driven by a workspace binding's firings. The host (the Wayfire
// plugin) only shows the progress and switches workspaces where libgesto says.

import CGestoABI
import GestoConfig
import GestoCore

/// A workspace swipe owned by C through an `Unmanaged` reference.
final class WorkspaceSwipeBox {
    var swipe: WorkspaceSwipe
    /// The fingers' translation from where they took hold, while following them (delta units).
    var dragTranslation = Vector2.zero
    /// True between BEGAN and the release.
    var isFollowing = false

    init(swipe: WorkspaceSwipe) {
        self.swipe = swipe
    }
}

private func workspaceSwipe(_ handle: OpaquePointer?, in function: String) throws(ExportError) -> WorkspaceSwipeBox {
    guard let handle else { throw .invalid("\(function): swipe is NULL") }
    return Unmanaged<WorkspaceSwipeBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// The workspace action of binding `index`, checked.
private func workspaceAction(_ engineHandle: OpaquePointer?, _ index: Int32, in function: String) throws(ExportError)
    -> (EngineBox, WorkspaceAction) {
    guard let engineHandle else { throw .invalid("\(function): engine is NULL") }
    let box = Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(engineHandle)).takeUnretainedValue()
    guard index >= 0, Int(index) < box.bindings.count, case .session(.workspace(let action))? = box.bindings[Int(index)].action else {
        throw .invalid("\(function): binding \(index) is not a workspace binding")
    }
    return (box, action)
}

@_cdecl("gesto_engine_binding_workspace")
public func gestoEngineBindingWorkspace(_ engineHandle: OpaquePointer?, _ index: Int32, _ dx: UnsafeMutablePointer<Int32>?,
                                        _ dy: UnsafeMutablePointer<Int32>?, _ distance: UnsafeMutablePointer<Double>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_engine_binding_workspace"
        let (_, action) = try workspaceAction(engineHandle, index, in: function)
        guard let dx, let dy, let distance else { throw .invalid("\(function): dx, dy and distance must not be NULL") }
        let step = action.direction.gridStep
        dx.pointee = Int32(step.x)
        dy.pointee = Int32(step.y)
        distance.pointee = action.distance
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_workspace_swipe_new")
public func gestoWorkspaceSwipeNew(_ engineHandle: OpaquePointer?, _ index: Int32, _ hasNeighbour: Int32,
                                   _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_workspace_swipe_new"
        let (box, action) = try workspaceAction(engineHandle, index, in: function)
        guard let out else { throw .invalid("\(function): out is NULL") }
        let swipe = WorkspaceSwipe(direction: action.direction, hasNeighbour: hasNeighbour != 0, distance: action.distance,
                                   parameters: box.bindings[Int(index)].animation)
        out.pointee = OpaquePointer(Unmanaged.passRetained(WorkspaceSwipeBox(swipe: swipe)).toOpaque())
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_workspace_swipe_handle_recognized")
public func gestoWorkspaceSwipeHandleRecognized(_ handle: OpaquePointer?, _ gesture: UnsafePointer<gesto_recognized>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_workspace_swipe_handle_recognized"
        let box = try workspaceSwipe(handle, in: function)
        let (phase, time, translation, velocity) = try RecognizedDrag(gesture, in: function).fields
        switch phase {
        case .arming:
            break
        case .began:
            box.swipe.grab(at: time)
            box.isFollowing = true
            box.dragTranslation = translation
        case .changed:
            if box.isFollowing { box.dragTranslation = translation }
        case .ended, .failed, .cancelled:
            guard box.isFollowing else { break }
            box.swipe.release(translation: translation, velocity: velocity, isRecognized: phase == .ended, at: time)
            box.isFollowing = false
        }
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_workspace_swipe_frame")
public func gestoWorkspaceSwipeFrame(_ handle: OpaquePointer?, _ time: UInt64, _ progress: UnsafeMutablePointer<Double>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_workspace_swipe_frame"
        let box = try workspaceSwipe(handle, in: function)
        guard let progress else { throw .invalid("\(function): progress is NULL") }
        let when = try timestamp(time, "time_usec", in: function)
        if box.isFollowing {
            progress.pointee = box.swipe.progress(dragging: box.dragTranslation)
            return 0
        }
        let (shown, atRest) = box.swipe.frame(at: when)
        progress.pointee = shown
        return atRest ? 1 : 0
    }
}

@_cdecl("gesto_workspace_swipe_target")
public func gestoWorkspaceSwipeTarget(_ handle: OpaquePointer?) -> Int32 {
    guard let handle else { return Int32(GESTO_WORKSPACE_NONE.rawValue) }
    let box = Unmanaged<WorkspaceSwipeBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    if box.isFollowing { return Int32(GESTO_WORKSPACE_NONE.rawValue) }
    switch box.swipe.target {
    case nil: return Int32(GESTO_WORKSPACE_NONE.rawValue)
    case .neighbour: return Int32(GESTO_WORKSPACE_NEIGHBOUR.rawValue)
    case .back: return Int32(GESTO_WORKSPACE_BACK.rawValue)
    }
}

@_cdecl("gesto_workspace_swipe_destroy")
public func gestoWorkspaceSwipeDestroy(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<WorkspaceSwipeBox>.fromOpaque(UnsafeRawPointer(handle)).release()
}
