// The effects of firings: what each action makes a host do, the drag's one release per press
// whatever comes, and the continuous workspace swipe decided where nothing follows the fingers.
import GestoConfig
import GestoCore
import Testing

@Suite struct EffectPlannerTests {
    static let start = Timestamp(microseconds: 5_000_000)

    static func firing(_ action: Action, _ phase: RecognizerPhase, index: Int = 0, at seconds: Double = 0,
                       translation: Vector2 = .zero, unaccelerated: Vector2 = .zero,
                       velocity: Vector2 = .zero) -> BindingFiring<Action> {
        BindingFiring(bindingIndex: index, action: action,
                      gesture: RecognizedGesture(name: .touchpad(.swipe(nil), fingers: 3), phase: phase,
                                                 time: start.advanced(bySeconds: seconds), translation: translation,
                                                 velocity: velocity, unacceleratedTranslation: unaccelerated))
    }

    static func plan(_ planner: inout EffectPlanner, _ firing: BindingFiring<Action>, continuous: Bool = false,
                     suppressed: Bool = false) -> [Effect] {
        var effects: [Effect] = []
        planner.plan(firing, isContinuous: continuous, isSuppressed: suppressed) { effects.append($0) }
        return effects
    }

    /// Each one-shot action is one effect of its own kind, with what the host needs typed.
    @Test func oneShotActions() {
        var planner = EffectPlanner(host: .client)
        #expect(Self.plan(&planner, Self.firing(.exec("notify-send hi"), .ended)) == [.run("notify-send hi")])
        #expect(Self.plan(&planner, Self.firing(.session(.window(.fullscreen)), .ended)) == [.window(.fullscreen)])
        #expect(Self.plan(&planner, Self.firing(.session(.sway("workspace next")), .ended)) == [.swayCommand("workspace next")])
        #expect(Self.plan(&planner, Self.firing(.session(.hyprland("hl.dsp.window.close()")), .ended))
                == [.hyprlandDispatch("hl.dsp.window.close()")])
        #expect(Self.plan(&planner, Self.firing(.session(.hyprland("hl.dsp.window.close()")), .ended), suppressed: true).isEmpty)
        let workspace = WorkspaceAction(direction: .right)
        #expect(Self.plan(&planner, Self.firing(.session(.workspace(workspace)), .ended)) == [.switchWorkspace(workspace)])
        #expect(Self.plan(&planner, Self.firing(.exec("x"), .ended), suppressed: true).isEmpty)
    }

    /// A key combination reaches the host as keysym names, the config's aliases resolved.
    @Test func keysAreKeysymNames() {
        var planner = EffectPlanner(host: .compositor)
        let effects = Self.plan(&planner, Self.firing(.session(.keys("super+ Shift +Right")), .ended))
        guard case .keys(let names)? = effects.first, effects.count == 1 else {
            Issue.record("expected one keys effect, got \(effects)")
            return
        }
        #expect(names.keysymNames == ["Super_L", "Shift_L", "Right"])
        #expect(names.written == "super+ Shift +Right")
        #expect(KeyNames("ctrl+alt+Delete").keysymNames == ["Control_L", "Alt_L", "Delete"])
        #expect(KeyNames("XF86AudioMute").keysymNames == ["XF86AudioMute"])
    }

    /// A drag presses on began, moves by the travel since its last motion in both of
    /// libinput's units, and releases once on its final phase.
    @Test func dragPressesMovesAndReleasesOnce() {
        var planner = EffectPlanner(host: .compositor)
        let drag = Action.drag(.left)
        #expect(Self.plan(&planner, Self.firing(drag, .began, translation: Vector2(x: 4, y: 1), unaccelerated: Vector2(x: 2, y: 0.5)))
                == [.press(.left)])
        #expect(planner.isHoldingButton)
        #expect(Self.plan(&planner, Self.firing(drag, .changed, translation: Vector2(x: 10, y: -2), unaccelerated: Vector2(x: 5, y: -1)))
                == [.move(PointerMotion(delta: Vector2(x: 6, y: -3), unacceleratedDelta: Vector2(x: 3, y: -1.5)))])
        #expect(Self.plan(&planner, Self.firing(drag, .changed, translation: Vector2(x: 11, y: -2), unaccelerated: Vector2(x: 5.5, y: -1)))
                == [.move(PointerMotion(delta: Vector2(x: 1, y: 0), unacceleratedDelta: Vector2(x: 0.5, y: 0)))])
        // A second began while down presses nothing.
        #expect(Self.plan(&planner, Self.firing(drag, .began)).isEmpty)
        #expect(Self.plan(&planner, Self.firing(drag, .ended)) == [.release(.left)])
        #expect(!planner.isHoldingButton)
        // Up: a final phase or a motion sends nothing.
        #expect(Self.plan(&planner, Self.firing(drag, .cancelled(.endOfInput))).isEmpty)
        #expect(Self.plan(&planner, Self.firing(drag, .changed, translation: Vector2(x: 30, y: 0))).isEmpty)
    }

    /// Suppressed (paused, locked, disabled): no new press, but a button already down moves on
    /// to its release.
    @Test func suppressedDragStillReleases() {
        var planner = EffectPlanner(host: .client)
        let drag = Action.drag(.right)
        #expect(Self.plan(&planner, Self.firing(drag, .began), suppressed: true).isEmpty)
        #expect(Self.plan(&planner, Self.firing(drag, .ended), suppressed: true).isEmpty)
        #expect(Self.plan(&planner, Self.firing(drag, .began, index: 2)) == [.press(.right)])
        #expect(Self.plan(&planner, Self.firing(drag, .changed, index: 2, translation: Vector2(x: 1, y: 0)), suppressed: true)
                == [.move(PointerMotion(delta: Vector2(x: 1, y: 0), unacceleratedDelta: .zero))])
        #expect(Self.plan(&planner, Self.firing(drag, .failed, index: 2), suppressed: true) == [.release(.right)])
    }

    /// releaseAll releases each binding's button once, in binding order; forget drops a press
    /// its sink released itself.
    @Test func releaseAllAndForget() {
        var planner = EffectPlanner(host: .compositor)
        _ = Self.plan(&planner, Self.firing(.drag(.middle), .began, index: 5))
        _ = Self.plan(&planner, Self.firing(.drag(.left), .began, index: 1))
        _ = Self.plan(&planner, Self.firing(.drag(.right), .began, index: 3))
        #expect(planner.pressedBindings == [1, 3, 5])
        planner.forget(bindingIndex: 3)
        #expect(Self.plan(&planner, Self.firing(.drag(.right), .ended, index: 3)).isEmpty)
        var released: [(Int, Effect)] = []
        planner.releaseAll { released.append(($0, $1)) }
        #expect(released.map(\.0) == [1, 5])
        #expect(released.map(\.1) == [.release(.left), .release(.middle)])
        #expect(!planner.isHoldingButton)
    }

    /// A continuous workspace swipe follows the fingers in a compositor; outside it (gestod)
    /// only the release decides, and only a release past half the distance (or a flick) switches.
    @Test func continuousWorkspaceFollowsOrDecidesOnRelease() {
        let workspace = WorkspaceAction(direction: .right, distance: 300)
        let action = Action.session(.workspace(workspace))
        var plugin = EffectPlanner(host: .compositor)
        for phase in [RecognizerPhase.began, .changed, .ended] {
            #expect(Self.plan(&plugin, Self.firing(action, phase), continuous: true) == [.workspaceMotion(workspace)])
        }
        var gestod = EffectPlanner(host: .client)
        // `workspace: right` brings the right-hand workspace in: the fingers go left.
        #expect(Self.plan(&gestod, Self.firing(action, .began), continuous: true).isEmpty)
        #expect(Self.plan(&gestod, Self.firing(action, .changed, translation: Vector2(x: -200, y: 0)), continuous: true).isEmpty)
        #expect(Self.plan(&gestod, Self.firing(action, .ended, translation: Vector2(x: -200, y: 0)), continuous: true)
                == [.switchWorkspace(workspace)])
        #expect(Self.plan(&gestod, Self.firing(action, .ended, translation: Vector2(x: -60, y: 0)), continuous: true).isEmpty)
        #expect(Self.plan(&gestod, Self.firing(action, .cancelled(.cancelledByLibinput), translation: Vector2(x: -290, y: 0)), continuous: true).isEmpty)
    }

    /// The kinds' numbers are gesto.h's: hosts switch on them.
    @Test func kindNumbersAreStable() {
        #expect(Effect.Kind.allCases.map(\.rawValue) == Array(1...12))
        #expect(Effect.hyprlandDispatch("hl.dsp.exit()").kind == .hyprlandDispatch)
        #expect(Effect.release(.left).kind == .release)
        #expect(Effect.reorder(ReorderAction(slot: 100)).kind == .reorder)
    }
}
