// Turns binding firings into the effects a host carries out (``Effect``): the one place that
// decides, per action, what a firing does: which phase presses, moves or releases a drag's
// button and by how much, when a continuous workspace swipe switches where nothing follows the
// fingers, and what a suppressed firing (gestod paused or the session locked, a binding the
// host disabled, firings switched off) still does: a button already down still comes up.
//
// The drag's button, per binding:
//
//   up ─began, not suppressed→ down [press] (its translation noted)
//   down ─changed→ down [move: the travel since the last note, in both units]
//   down ─ended / failed / cancelled (suppressed or not)→ up [release]
//   down ─releaseAll (the host's device or session went)→ up [release]
//   down ─forget (the sink released it itself)→ up [nothing]
//
// Every other way (`began` while down, `changed` or a final phase while up, `arming`) does
// nothing, so each press has exactly one release whatever order the firings come in.

import GestoCore

/// The effects of each firing, and the drags' buttons that are down.
public struct EffectPlanner: Sendable {
    /// What the host can carry out itself, where gesto then leaves it to the host.
    public struct Host: Sendable, Equatable {
        /// Whether the host makes the workspaces follow the fingers of a continuous
        /// `workspace:` binding (a compositor plugin). Where it does not (gestod, outside the
        /// compositor), the release decides, as the plugin's spring would
        /// (``WorkspaceSwipe/decision(translation:velocity:isRecognized:axis:distance:)``),
        /// and a switch to the neighbour is the binding's one effect.
        public var followsWorkspaces: Bool

        public init(followsWorkspaces: Bool) {
            self.followsWorkspaces = followsWorkspaces
        }

        /// A compositor plugin (libgesto's hosts): the workspaces follow the fingers.
        public static let compositor = Host(followsWorkspaces: true)
        /// gestod: a client of the compositor, which switches workspaces by command.
        public static let client = Host(followsWorkspaces: false)
    }

    /// One drag's pressed button and the translation, in both units, at its last motion.
    private struct Press: Sendable {
        var button: DragButton
        var translation: Vector2
        var unacceleratedTranslation: Vector2
    }

    public let host: Host
    /// Per binding index: its drag's press.
    private var presses: [Int: Press] = [:]

    public init(host: Host) {
        self.host = host
    }

    /// Whether any drag's button is down.
    public var isHoldingButton: Bool { !presses.isEmpty }

    /// The bindings whose drag's button is down, in index order.
    public var pressedBindings: [Int] { presses.keys.sorted() }

    /// The effects of one firing of a binding whose action is `firing.action`.
    /// - Parameters:
    ///   - isContinuous: the binding's mode is `continuous` (and the firing was recognized,
    ///     not asked for by `gestoctl trigger`, which has no swipe to follow).
    ///   - isSuppressed: nothing new may start (gestod paused, the session locked, a binding
    ///     the host disabled): only a drag already pressed goes on to its release.
    ///   - emit: called with each effect, in the order the host carries them out.
    public mutating func plan(_ firing: BindingFiring<Action>, isContinuous: Bool, isSuppressed: Bool,
                              emit: (Effect) -> Void) {
        if case .drag(let button) = firing.action {
            planDrag(firing.bindingIndex, button: button, gesture: firing.gesture, isSuppressed: isSuppressed, emit: emit)
            return
        }
        guard !isSuppressed else { return }
        switch firing.action {
        case .exec(let command):
            emit(.run(command))
        case .session(.keys(let combination)):
            emit(.keys(KeyNames(combination)))
        case .session(.window(let operation)):
            emit(.window(operation))
        case .session(.sway(let command)):
            emit(.swayCommand(command))
        case .session(.hyprland(let dispatch)):
            emit(.hyprlandDispatch(dispatch))
        case .session(.workspace(let workspace)):
            guard isContinuous else {
                emit(.switchWorkspace(workspace))
                return
            }
            if host.followsWorkspaces {
                emit(.workspaceMotion(workspace))
                return
            }
            let gesture = firing.gesture
            guard gesture.phase.isFinal else { return }
            let target = WorkspaceSwipe.decision(translation: gesture.translation, velocity: gesture.velocity,
                                                 isRecognized: gesture.phase == .ended,
                                                 axis: workspace.direction.fingerAxis, distance: workspace.distance)
            if target == .neighbour { emit(.switchWorkspace(workspace)) }
        case .windowMotion(let motion):
            emit(.windowMotion(motion))
        case .reorder(let reorder):
            emit(.reorder(reorder))
        case .drag:
            break  // Planned above.
        }
    }

    private mutating func planDrag(_ index: Int, button: DragButton, gesture: RecognizedGesture, isSuppressed: Bool,
                                   emit: (Effect) -> Void) {
        switch gesture.phase {
        case .began:
            guard !isSuppressed, presses[index] == nil else { return }
            presses[index] = Press(button: button, translation: gesture.translation,
                                   unacceleratedTranslation: gesture.unacceleratedTranslation)
            emit(.press(button))
        case .changed:
            guard var press = presses[index] else { return }
            let motion = PointerMotion(delta: gesture.translation - press.translation,
                                       unacceleratedDelta: gesture.unacceleratedTranslation - press.unacceleratedTranslation)
            press.translation = gesture.translation
            press.unacceleratedTranslation = gesture.unacceleratedTranslation
            presses[index] = press
            emit(.move(motion))
        case .ended, .failed, .cancelled:
            guard let press = presses.removeValue(forKey: index) else { return }
            emit(.release(press.button))
        case .arming:
            break
        }
    }

    /// Releases every button still down (the host's device went before the drag's release
    /// came, or the host stops), in binding order: one ``Effect/release(_:)`` each, with the
    /// binding's index.
    public mutating func releaseAll(emit: (_ bindingIndex: Int, Effect) -> Void) {
        for index in pressedBindings {
            guard let press = presses.removeValue(forKey: index) else { continue }
            emit(index, .release(press.button))
        }
    }

    /// Forgets binding `index`'s press without a release: its sink released the button
    /// itself (gesto-inputd does when gestod's link to it ends), so the drag's later firings
    /// send nothing and nothing is released twice.
    public mutating func forget(bindingIndex index: Int) {
        presses[index] = nil
    }
}
