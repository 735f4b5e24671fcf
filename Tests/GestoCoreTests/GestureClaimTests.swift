import GestoCore
import Testing

@Suite struct GestureClaimTests {
    @Test func swipeSequencesAreClaimedBySwipesAndDragsOfTheirFingerCount() throws {
        #expect(try GestureName(parsing: "swipe:3:down").canArise(from: .swipe, fingers: 3))
        #expect(try GestureName(parsing: "long-press-drag:3").canArise(from: .swipe, fingers: 3))
        #expect(try !GestureName(parsing: "swipe:3:down").canArise(from: .swipe, fingers: 4))
        #expect(try !GestureName(parsing: "swipe:3").canArise(from: .pinch, fingers: 3))
    }

    @Test func pinchSequencesAreClaimedByPinchesAndRotations() throws {
        #expect(try GestureName(parsing: "rotate:2:clockwise").canArise(from: .pinch, fingers: 2))
        #expect(try GestureName(parsing: "pinch:2:out").canArise(from: .pinch, fingers: 2))
        #expect(try !GestureName(parsing: "pinch:2:out").canArise(from: .hold, fingers: 2))
    }

    @Test func holdSequencesAreClaimedByHoldsAndPresses() throws {
        for name in ["hold:4", "long-press:4", "long-press-drag:4"] {
            #expect(try GestureName(parsing: name).canArise(from: .hold, fingers: 4), "\(name)")
        }
        #expect(try GestureName(parsing: "long-press-drag:4").libinputKinds == [.hold, .swipe])
    }

    @Test func anAppBindingClaimsOnlyWhileItsAppIsFocused() throws {
        let rule = BindingRule(gesture: try GestureName(parsing: "swipe:3:left"), app: "foot*")
        #expect(rule.claims(.swipe, fingers: 3, focusedApp: "footclient"))
        #expect(!rule.claims(.swipe, fingers: 3, focusedApp: "firefox"))
        #expect(!rule.claims(.swipe, fingers: 3, focusedApp: nil))
    }
}
