// The reorder strip's tile geometry without a compositor: the held tile's scale per phase (a
// spring, no jump), tiles in their slots, the dragged tile following the session's spring.
import Testing
import GestoCore
@testable import GestoWayland

struct ReorderStripGeometryTests {
    let t0 = Timestamp(microseconds: 1_000_000)

    @Test func targetScalePerPhase() {
        #expect(ReorderStripPress.targetScale(for: .arming) == 0.93)
        #expect(ReorderStripPress.targetScale(for: .began) == 1.05)
        #expect(ReorderStripPress.targetScale(for: .changed) == 1.05)
        for phase: RecognizerPhase in [.ended, .failed, .cancelled(.fingerCountChanged)] {
            #expect(ReorderStripPress.targetScale(for: phase) == 1)
        }
    }

    @Test func scaleSpringsBetweenPhases() {
        var press = ReorderStripPress()
        #expect(press.scale(at: t0) == 1 && press.isAtRest(at: t0))
        press.handle(.arming, at: t0)
        #expect(press.scale(at: t0) == 1)  // Starts where it is: no jump.
        let mid = press.scale(at: t0.advanced(bySeconds: 0.05))
        #expect(mid < 1 && mid > 0.93)
        let pressed = t0.advanced(bySeconds: 1)
        #expect(press.isAtRest(at: pressed) && press.scale(at: pressed) == 0.93)
        press.handle(.began, at: pressed)
        #expect(abs(press.scale(at: pressed.advanced(bySeconds: 1)) - 1.05) < 1e-9)
        let dropped = pressed.advanced(bySeconds: 1)
        press.handle(.ended, at: dropped)
        #expect(press.scale(at: dropped) > 1.04 && !press.isAtRest(at: dropped))
        #expect(press.scale(at: dropped.advanced(bySeconds: 1)) == 1)
    }

    @Test func tilesSitInSlotsAndTheHeldOneScalesAboutItsCentre() throws {
        let geometry = ReorderStripGeometry(tileWidth: 200, tileHeight: 120, gap: 24)
        let layout = try geometry.layout(itemCount: 3)
        let origin = geometry.origin(itemCount: 3, screenWidth: 1280, screenHeight: 720)
        #expect(origin == Vector2(304, 300))
        let tiles = geometry.tiles(positions: layout.slotOrigins, origin: origin, held: 0, scale: 1.05)
        #expect(tiles.map(\.item) == [1, 2, 0])  // The held tile is drawn last, on top.
        let byItem = Dictionary(uniqueKeysWithValues: tiles.map { ($0.item, $0) })
        #expect(byItem[1]!.x == 304 + 224 + 12 && byItem[1]!.width == 200 && byItem[1]!.shadow == 0)
        #expect(byItem[2]!.x == 304 + 448 + 12)
        let held = byItem[0]!
        #expect(abs(held.width - 210) < 1e-9 && abs(held.height - 126) < 1e-9 && held.shadow == 1)
        #expect(abs(held.x + held.width / 2 - (304 + 112)) < 1e-9)  // Same centre as at scale 1.
        #expect(geometry.tiles(positions: layout.slotOrigins, origin: origin, held: 0, scale: 0.93)
            .first { $0.item == 0 }!.shadow == 0)
    }

    @Test func dragPastOneSlotReordersAndTheOthersSpring() throws {
        let geometry = ReorderStripGeometry()
        var adapter = ReorderGestureAdapter(session: ReorderSession(layout: try geometry.layout(itemCount: 3),
                                                                    settings: geometry.settings(slot: 120)))
        func report(_ phase: RecognizerPhase, _ seconds: Double, dx: Double) -> RecognizedGesture {
            RecognizedGesture(name: .touchpad(.longPressDrag, fingers: 1), phase: phase, time: t0.advanced(bySeconds: seconds),
                              translation: Vector2(dx, 0))
        }
        _ = adapter.handle(report(.began, 0, dx: 0))
        #expect(adapter.handle(report(.changed, 0.1, dx: 60)).isEmpty)  // Inside the hysteresis.
        #expect(adapter.handle(report(.changed, 0.2, dx: 100)) == [ReorderMove(from: 0, to: 1)])
        #expect(adapter.session.liveOrder == [1, 0, 2])
        // The dragged tile is where the finger put it: 100 units of 120 are 100/120 of a pitch.
        let positions = adapter.session.positions(at: t0.advanced(bySeconds: 0.2))
        #expect(abs(positions[0].x - 100 * geometry.pitch / 120) < 1e-9)
        // Item 1 springs from slot 1 to slot 0.
        let springing = adapter.session.positions(at: t0.advanced(bySeconds: 0.22))[1].x
        #expect(springing > 0 && springing < geometry.pitch)
        #expect(adapter.session.positions(at: t0.advanced(bySeconds: 2))[1].x == 0)
    }
}
