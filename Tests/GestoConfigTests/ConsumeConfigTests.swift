// `consume:` in the config: which bindings may take their fingers from the compositor (through
// gesto-inputd), the errors that say why not, and the finger counts a config owns.
import GestoConfig
import GestoCore
import Testing

@Suite struct ConsumeConfigTests {
    @Test func touchpadBindingsConsumeWhenAskedAndADragAlways() throws {
        let config = try Config.parse("""
            bindings:
              - {gesture: swipe:3:left, keys: alt+Left, consume: true}
              - {gesture: pinch:2:in, exec: true, consume: false}
              - {gesture: hold:4, exec: true}
              - {gesture: swipe:4, drag: left}
              - {gesture: swipe:5:up, exec: true, consume: yes}
            """, file: "c.yaml")
        #expect(config.bindings.map(\.consumes) == [true, false, false, true, true])
        #expect(config.ownedFingerCounts == [3, 4, 5])
        // `consume: true` on the drag says what it does anyway.
        #expect(try Config.parse("bindings:\n  - {gesture: swipe:3, drag: left, consume: true}\n", file: "c.yaml")
                    .bindings[0].consumes)
    }

    @Test func aRealisticConfigOwnsTheCountsOfItsConsumingBindingsFiveMeaningFiveOrMore() throws {
        let config = try Config.parse("""
            bindings:
              # Workspaces on 4 fingers, taken from the desktop.
              - gesture: swipe:4:left
                workspace: next
                consume: true
              - gesture: swipe:4:right
                workspace: previous
                consume: true
              # Text selection by three fingers.
              - gesture: swipe:3
                drag: left
              # The desktop keeps its 2-finger pinch zoom; gesto acts too.
              - gesture: pinch:2:out
                keys: ctrl+plus
              - gesture: long-press:6
                exec: notify-send six
                consume: true
              - gesture: hold:1
                exec: true
                consume: true
              - gesture: tap:3
                exec: true
            """, file: "c.yaml")
        #expect(config.ownedFingerCounts == [1, 3, 4, 5])
        #expect(Config.empty.ownedFingerCounts == [])
    }

    @Test func whatCannotConsumeIsAnErrorAtItsKeyWithWhy() {
        #expect(configErrors("bindings:\n  - {gesture: tap:3, exec: true, consume: true}\n")
                == ["c.yaml:2:34: error: 'consume' withholds touchpad gestures from the compositor (through gesto-inputd, "
                    + "which proxies touchpads only): tap:3 is a touchscreen gesture and cannot be consumed"])
        #expect(configErrors("bindings:\n  - gesture: edge-swipe:left\n    exec: true\n    consume: false\n")
                == ["c.yaml:4:5: error: 'consume' withholds touchpad gestures from the compositor (through gesto-inputd, "
                    + "which proxies touchpads only): edge-swipe:left is a touchscreen gesture and cannot be consumed"])
        #expect(configErrors("bindings:\n  - {gesture: swipe:3, drag: left, consume: false}\n")
                == ["c.yaml:2:36: error: a 'drag' always consumes its fingers (the desktop must not act on the swipe that "
                    + "moves the pointer): remove 'consume: false'"])
        #expect(configErrors("bindings:\n  - {gesture: swipe:3, exec: true, consume: maybe}\n")
                == ["c.yaml:2:45: error: 'consume' must be true or false, not 'maybe'"])
        #expect(configErrors("bindings:\n  - {gesture: swipe:3, exec: true, consme: true}\n").first?.contains("did you mean 'consume'?") == true)
    }
}
