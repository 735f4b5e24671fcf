// `drag:` bindings in the config: what a drag may be bound to, and the errors that say why
// not, each at the place to fix; the lift timeout setting and its range.
import GestoConfig
import GestoCore
import Testing

@Suite struct DragConfigTests {
    @Test func aDragIsAContinuousUndirectedSwipeWithItsButtonAndLiftTimeout() throws {
        let config = try Config.parse("""
            settings:
              drag:
                lift-timeout: 0.4
            bindings:
              - gesture: swipe:3
                drag: left
              - {gesture: swipe:4, drag: right, mode: continuous}
            """, file: "c.yaml")
        #expect(config.bindings.map(\.action) == [.drag(.left), .drag(.right)])
        #expect(config.bindings.allSatisfy { $0.mode == .continuous })
        #expect(config.bindings.map(\.rule.drag) == [DragSettings(liftTimeout: 0.4), DragSettings(liftTimeout: 0.4)])
        #expect(DragButton.allCases.map(\.code) == [0x110, 0x112, 0x111])
        // The default is libinput's 0.7 s.
        let plain = try Config.parse("bindings:\n  - {gesture: swipe:3, drag: middle}\n", file: "c.yaml")
        #expect(plain.bindings[0].rule.drag == DragSettings(liftTimeout: 0.7))
    }

    @Test func whatADragCannotBeBoundToIsAnErrorAtItsPlace() {
        #expect(configErrors("bindings:\n  - {gesture: swipe:3, drag: lfet}\n")
                == ["c.yaml:2:30: error: 'drag' holds a pointer button: left, middle, right, not 'lfet'; did you mean 'left'?"])
        #expect(configErrors("bindings:\n  - {gesture: swipe:3:left, drag: left}\n")
                == ["c.yaml:2:29: error: 'drag' follows the swipe in every direction: write 'gesture: swipe:3', without a direction"])
        #expect(configErrors("bindings:\n  - {gesture: pinch:3, drag: left}\n")
                == ["c.yaml:2:24: error: 'drag' follows the fingers of a touchpad swipe of 3 or more fingers (e.g. 'gesture: swipe:3'), not pinch:3"])
        #expect(configErrors("bindings:\n  - {gesture: swipe:2, drag: left}\n").count == 1)
        #expect(configErrors("bindings:\n  - {gesture: swipe:3, drag: left, mode: on-end}\n")
                == ["c.yaml:2:42: error: 'drag' holds its button for as long as the fingers move: it has no mode but continuous, not on-end"])
        #expect(configErrors("bindings:\n  - {gesture: swipe:3, drag: left, app: firefox}\n")
                == ["c.yaml:2:24: error: 'drag' holds the button wherever the pointer is: it cannot be limited to an app"])
        // `drag` on a binding is always the pointer drag: `drag: true` says where the
        // long-press-drag setting is, `drag: left` on a long press what a drag follows.
        #expect(configErrors("bindings:\n  - {gesture: long-press:3, drag: true}\n")
                == ["c.yaml:2:35: error: 'drag' holds a pointer button: left, middle, right, not 'true' (whether a rest then a swipe is a "
                    + "long-press-drag is the setting 'then-drag: true' under 'settings: {long-press: …}' or 'settings: {touch-long-press: …}')"])
        #expect(configErrors("bindings:\n  - {gesture: long-press:3, drag: left}\n").first?.contains("'drag' follows the fingers of a touchpad swipe") == true)
        #expect(configErrors("bindings:\n  - {gesture: long-press:3, then-drag: true, exec: a}\n").first?.contains("'then-drag' is a global setting") == true)
        #expect(configErrors("settings:\n  drag:\n    lift-timeout: 9\nbindings: []\n").first?.contains("lift-timeout") == true)
        #expect(configErrors("settings:\n  drag:\n    lift-timout: 1\nbindings: []\n").first?.contains("did you mean 'lift-timeout'?") == true)
    }

    // Issue 41 item 2: a swipe setting on a drag was accepted and did nothing.
    @Test func aSwipeSettingOnADragIsRefusedAtItsKey() {
        #expect(configErrors("bindings:\n  - gesture: swipe:3\n    drag: left\n    threshold: 300\n")
                == ["c.yaml:4:5: error: 'threshold' is a swipe setting, which a 'drag' does not use: remove it; the drag's own settings "
                    + "(lift-timeout, lock, quick-swipe-distance, quick-swipe-time) are global, under 'settings: {drag: …}'"])
        #expect(configErrors("bindings:\n  - {gesture: swipe:4, drag: left, velocity: 10}\n").first?.contains("'velocity' is a swipe setting") == true)
    }

    // Issue 40 item 2: a drag and the swipes of its fingers share them (each stroke judged by
    // its speed); only a second drag, or a long-press-drag, of the same fingers clashes.
    @Test func swipesShareTheDragsFingersButASecondDragOrALongPressDragDoesNot() {
        let text = """
            bindings:
              - {gesture: swipe:3, drag: left}
              - {gesture: swipe:3:left, keys: alt+Left}
              - {gesture: swipe:3, drag: right}
              - {gesture: swipe:4:left, keys: alt+Left}
              - {gesture: long-press-drag:3, exec: a}
              - {gesture: swipe:3, exec: b}
            """
        #expect(configErrors(text) == [
            "c.yaml:4:5: error: swipe:3: 'drag: left' at c.yaml:2:5 already presses a button on every 3-finger stroke that is not a quick swipe; "
                + "bind another finger count",
            "c.yaml:6:5: error: long-press-drag:3: a rest then a move of 3 fingers is the drag's ('drag: left' at c.yaml:2:5); bind another finger count",
        ])
        #expect(configErrors("bindings:\n  - {gesture: swipe:3, drag: left}\n  - {gesture: swipe:3:up, exec: a, mode: continuous}\n  - {gesture: long-press-drag:4, exec: b}\n").isEmpty)
    }

    @Test func theLockAndTheQuickSwipeRuleAreSettingsWithTheirRanges() throws {
        let config = try Config.parse("""
            settings:
              drag: {lock: sticky, quick-swipe-distance: 90, quick-swipe-time: 0.08}
            bindings:
              - {gesture: swipe:3, drag: left}
            """, file: "c.yaml")
        #expect(config.bindings[0].rule.drag == DragSettings(lock: .sticky, quickSwipeDistance: 90, quickSwipeTime: 0.08))
        #expect(DragSettings() == DragSettings(liftTimeout: 0.7, lock: .timeout, quickSwipeDistance: 120, quickSwipeTime: 0.06))
        #expect(configErrors("settings:\n  drag: {lock: stiky}\nbindings: []\n")
                == ["c.yaml:2:16: error: 'lock' is what holds a drag's button after its fingers lift: timeout (until 'lift-timeout' passes) "
                    + "or sticky (until the next tap), not 'stiky'; did you mean 'sticky'?"])
        #expect(configErrors("settings:\n  drag: {quick-swipe-time: 0.5}\nbindings: []\n").first?.contains("at most 0.3") == true)
        #expect(configErrors("settings:\n  drag: {quick-swipe-distance: 0}\nbindings: []\n").count == 1)
    }
}
