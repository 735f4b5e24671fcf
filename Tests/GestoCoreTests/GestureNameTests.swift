// The binding syntax: every kind and direction round-trips, and mistakes say what is wrong.
import Testing
@testable import GestoCore

@Suite struct GestureNameTests {
    @Test(arguments: ["swipe:3:left", "swipe:4:up-right", "swipe:3", "pinch:2:in", "pinch:2:out", "pinch:3",
                      "rotate:2:clockwise", "rotate:2:counterclockwise", "hold:1", "long-press:3", "long-press-drag:4"])
    func roundTrips(text: String) throws {
        #expect(try GestureName(parsing: text).description == text)
    }

    @Test(arguments: [
        ("wipe:3:left", GestureNameError.unknownKind("wipe")),
        ("swipe", GestureNameError.badFingerCount("")),
        ("swipe:x:left", GestureNameError.badFingerCount("x")),
        ("swipe:1:left", GestureNameError.badFingerCount("1")),
        ("hold:11", GestureNameError.badFingerCount("11")),
        ("hold:3:left", GestureNameError.unexpectedPart("left")),
        ("swipe:3:left:again", GestureNameError.unexpectedPart("again")),
    ])
    func rejects(text: String, error: GestureNameError) {
        #expect(throws: error) { try GestureName(parsing: text) }
    }

    @Test func unknownDirectionListsTheAllowedOnes() {
        do {
            _ = try GestureName(parsing: "pinch:2:sideways")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "unknown pinch direction 'sideways' (expected in, out)")
        }
    }

    @Test func directionOfTranslation() {
        #expect(SwipeDirection(of: Vector2(310, 373), diagonals: false) == .down)
        #expect(SwipeDirection(of: Vector2(310, 373), diagonals: true) == .downRight)
        #expect(SwipeDirection(of: Vector2(-100, 10), diagonals: true) == .left)
        #expect(SwipeDirection(of: .zero, diagonals: false) == nil)
    }
}
