// The engines are composed per device from one table (DeviceEngine.table): it reports exactly the
// catalogue's gestures, the families a binding needs come from it, a sample reaches only its
// device's recognizers, and an input every device sees reaches each, the touchscreen's first.
import Testing
@testable import GestoCore

@Suite struct DeviceEngineTests {
    /// `kind` on `device`, as a comparable text.
    private static func pair(_ device: ContactDevice, _ kind: GestureName.Kind) -> String { "\(device) \(kind.rawValue)" }

    @Test func theTableReportsEveryGestureOfTheCatalogueAndNoOther() {
        let reported = Set(DeviceEngine.table.flatMap { row in row.kinds.map { Self.pair(row.device, $0) } })
        let catalogued = Set(GestureName.catalogue.map { Self.pair($0.device, $0.kind) })
        #expect(reported == catalogued)
    }

    @Test func eachDevicesRowsAreInTheOrderOfTheirReports() {
        for device in [ContactDevice.touchpad, .touchscreen] {
            let slots = DeviceEngine.table.filter { $0.device == device }.map(\.slot)
            let order = DeviceEngine.Slot.allCases.filter { slots.contains($0) }
            #expect(slots == order, "\(device)")
        }
    }

    @Test func aBindingNeedsTheRowsOfItsDeviceThatReportItsGesture() throws {
        func slots(_ name: String) throws -> [String] {
            let families = GestureEngine.Families.recognizing(try GestureName(parsing: name))
            return DeviceEngine.table.indices.filter { families.contains(.row($0)) }
                .map { "\(DeviceEngine.table[$0].device) \(DeviceEngine.table[$0].slot)" }
        }
        // libinput reports some swipes as pinches: a touchpad's swipe needs both rows.
        #expect(try slots("swipe:3:left") == ["touchpad swipes", "touchpad pinches"])
        #expect(try slots("long-press-drag:1") == ["touchpad swipes"])
        #expect(try slots("hold:2") == ["touchpad holds"])
        #expect(try slots("touch-swipe:1") == ["touchscreen swipes"])
        #expect(try slots("edge-swipe:left") == ["touchscreen swipes"])
        #expect(try slots("double-tap:1") == ["touchscreen taps"])
        #expect(try slots("touch-long-press-drag:1") == ["touchscreen longPressDrags"])
    }

    @Test func aSampleReachesOnlyItsDevicesRecognizers() {
        var script = EventScript()
        script.begin(.hold, 2, at: 0)
        script.end(.hold, 2, at: 1)
        func names(_ families: GestureEngine.Families) -> [String] {
            var engine = GestureEngine(families: families)
            var made: [String] = []
            for event in script.events { engine.handle(event) { made.append("\($0.name) \($0.phase.name)") } }
            return made
        }
        #expect(names(.recognizing(.touchscreen(.longPress, fingers: 2))) == [])
        #expect(names(.recognizing(.touchpad(.hold, fingers: 2))).contains("hold:2 ended"))
    }

    @Test func theEndOfInputReachesEveryDeviceTheTouchscreensFirst() {
        var touch = TouchScript(size: Vector2(300, 200))
        touch.down([(150, 100)], at: 0)
        touch.drag([(150, 100)], by: (5, 0), steps: 10, from: 0)
        var pad = EventScript()
        pad.begin(.swipe, 3, at: 0.2)
        pad.swipe(3, steps: 10, dx: 10, dy: 0)
        for event in pad.events { touch.feedEngine(.touchpad(event)) }
        touch.reports = []
        touch.feedEngine(.endOfInput(TouchScript.at(400)))
        #expect(touch.outcomes == ["touch-swipe:1:right cancelled", "swipe:3:right cancelled"])
    }
}
