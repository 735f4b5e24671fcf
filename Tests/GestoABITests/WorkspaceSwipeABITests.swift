// gesto_workspace_swipe_* on real recordings, as the Wayfire plugin drives it: a continuous
// `workspace:` binding's firings in, progress out, and libgesto's decision at the release.
import CGestoABI
import Gesto
import GestoCore
import Testing

@Suite struct WorkspaceSwipeABITests {
    /// `to: left`: the fingers moving right bring the workspace on the left in.
    static let config = """
        bindings:
          - gesture: swipe:3
            mode: continuous
            workspace: {to: left, distance: 300}
        """

    /// Feeds a recording, then its binding's firings to a swipe, and frames it at 60 Hz from
    /// the last firing until it rests. Returns the target, the progress while the fingers held
    /// on (at each firing), and the progress at rest.
    func swipe(_ prefix: String, hasNeighbour: Bool = true) throws -> (target: Int32, following: [Double], rest: Double) {
        let deliveries = Deliveries()
        let engine = try makeEngine(Self.config, into: deliveries)
        defer { gestoEngineDestroy(engine) }
        feed(try fixtureEvents("libinput-1.22", prefix), to: engine, as: .both)
        var swipe: OpaquePointer?
        #expect(gestoWorkspaceSwipeNew(engine, 0, hasNeighbour ? 1 : 0, &swipe) == GESTO_OK.rawValue)
        let handle = try #require(swipe)
        defer { gestoWorkspaceSwipeDestroy(handle) }
        var following: [Double] = []
        for var record in deliveries.records where record.binding_index == 0 {
            #expect(gestoWorkspaceSwipeHandleRecognized(handle, &record) == GESTO_OK.rawValue)
            var progress = 0.0
            _ = gestoWorkspaceSwipeFrame(handle, record.time_usec, &progress)
            if record.phase == GESTO_PHASE_CHANGED.rawValue { following.append(progress) }
        }
        var time = try #require(deliveries.records.last).time_usec
        var progress = 0.0
        for _ in 0..<600 {
            time += 16_667
            if gestoWorkspaceSwipeFrame(handle, time, &progress) == 1 { break }
        }
        return (gestoWorkspaceSwipeTarget(handle), following, progress)
    }

    /// 001, a Z ending 310 units right of its start: the workspaces follow the fingers (at the
    /// top of the Z, 387 units right, they show about 1.04 workspaces: past 1 they resist) and spring
    /// on to the neighbour; at a grid's edge they spring back.
    @Test func aLongSwipeGoesOnToTheNeighbour() throws {
        let z = try swipe("001")
        #expect(z.target == Int32(GESTO_WORKSPACE_NEIGHBOUR.rawValue))
        #expect(z.rest == 1)
        #expect(z.following.contains { $0 > 0.9 && $0 < 1.2 })  // banded past 1
        let edge = try swipe("001", hasNeighbour: false)
        #expect(edge.target == Int32(GESTO_WORKSPACE_BACK.rawValue))
        #expect(edge.rest == 0)
    }

    /// 005, a circle ending 46 units right of its start: back.
    @Test func aSwipeEndingNearItsStartSpringsBack() throws {
        let circle = try swipe("005")
        #expect(circle.target == Int32(GESTO_WORKSPACE_BACK.rawValue))
        #expect(circle.rest == 0)
    }

    @Test func bindingQueriesAndBadArguments() throws {
        let engine = try makeEngine(Self.config + "\n  - gesture: swipe:4:up\n    exec: \"true\"\n", into: Deliveries())
        defer { gestoEngineDestroy(engine) }
        var dx: Int32 = 9, dy: Int32 = 9, distance = 0.0
        #expect(gestoEngineBindingWorkspace(engine, 0, &dx, &dy, &distance) == GESTO_OK.rawValue)
        #expect(dx == -1 && dy == 0 && distance == 300)
        #expect(gestoEngineBindingWorkspace(engine, 1, &dx, &dy, &distance) == GESTO_ERROR_INVALID_ARGUMENT.rawValue)
        #expect(String(cString: gestoLastErrorMessage()).contains("binding 1 is not a workspace binding"))
        var swipe: OpaquePointer?
        #expect(gestoWorkspaceSwipeNew(engine, 5, 1, &swipe) == GESTO_ERROR_INVALID_ARGUMENT.rawValue)
        #expect(gestoWorkspaceSwipeTarget(nil) == Int32(GESTO_WORKSPACE_NONE.rawValue))
        var progress = 0.0
        #expect(gestoWorkspaceSwipeFrame(nil, 0, &progress) == GESTO_ERROR_INVALID_ARGUMENT.rawValue)
    }
}
