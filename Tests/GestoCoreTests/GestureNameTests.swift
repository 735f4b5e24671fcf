// The binding syntax: every kind and direction round-trips, a name is a device and a gesture,
// and mistakes say what is wrong.
import Testing
@testable import GestoCore

@Suite struct GestureNameTests {
    @Test(arguments: ["swipe:3:left", "swipe:4:up-right", "swipe:3", "pinch:2:in", "pinch:2:out", "pinch:3",
                      "rotate:2:clockwise", "rotate:2:counterclockwise", "hold:1", "long-press:3", "long-press-drag:4",
                      "touch-swipe:1:up", "touch-swipe:2", "touch-pinch:2:in", "touch-rotate:3:clockwise",
                      "touch-long-press:2", "touch-long-press-drag:3", "tap:2", "double-tap:1", "edge-swipe:left",
                      "edge-swipe:top:3"])
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
        // The keyword is judged first: a misspelt one is named whatever follows it.
        ("wipe:x", GestureNameError.unknownKind("wipe")),
        // Pairs no device reports: a touchscreen has no hold, and gestures only a touchscreen
        // makes are written without the prefix.
        ("touch-hold:2", GestureNameError.unknownKind("touch-hold")),
        ("touch-tap:2", GestureNameError.unknownKind("touch-tap")),
        ("touch-edge-swipe:left", GestureNameError.unknownKind("touch-edge-swipe")),
        ("touch-pinch:1", GestureNameError.badFingerCount("1")),
        ("touch-long-press:2:up", GestureNameError.unexpectedPart("up")),
        ("edge-swipe:middle", GestureNameError.unknownDirection("middle", kind: "edge-swipe", allowed: ["left", "right", "top", "bottom"])),
    ])
    func rejects(text: String, error: GestureNameError) {
        #expect(throws: error) { try GestureName(parsing: text) }
    }

    @Test func aNameIsADeviceAndAGesture() throws {
        #expect(try GestureName(parsing: "touch-swipe:2:up") == .touchscreen(.swipe(.up), fingers: 2))
        #expect(try GestureName(parsing: "swipe:3:up") == .touchpad(.swipe(.up), fingers: 3))
        #expect(try GestureName(parsing: "touch-long-press-drag:3") == .touchscreen(.longPressDrag, fingers: 3))
        #expect(try GestureName(parsing: "edge-swipe:right:2") == .touchscreen(.edgeSwipe(.right), fingers: 2))
        #expect(try GestureName(parsing: "swipe:3:up").undirected == GestureName(parsing: "swipe:3"))
        #expect(try GestureName(parsing: "touch-swipe:3") != GestureName(parsing: "swipe:3"))
    }

    @Test func theCatalogueSpellsTheDeviceOnlyWhereTwoDevicesShareAGesture() throws {
        #expect(Set(GestureName.kindNames).count == GestureName.catalogue.count)
        for entry in GestureName.catalogue {
            let devices = GestureName.catalogue.filter { $0.kind == entry.kind }.map(\.device)
            let prefixed = entry.device == .touchscreen && devices.count > 1
            #expect(entry.keyword == (prefixed ? "touch-" : "") + entry.kind.rawValue)
            let text = entry.kind == .edgeSwipe ? entry.keyword + ":left" : "\(entry.keyword):\(entry.minimumFingers)"
            let name = try GestureName(parsing: text)
            #expect(name.device == entry.device && name.gesture.kind == entry.kind, "\(text)")
        }
        #expect(GestureName.catalogue.filter { $0.kind == .hold }.map(\.device) == [.touchpad])
        #expect(GestureName.catalogue.filter { $0.kind == .tap }.map(\.device) == [.touchscreen])
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
