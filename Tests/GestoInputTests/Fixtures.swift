// Test helpers: locate the fixture files (copied from public bug reports and real libinput
// runs, provenance on their first line) and read them through the public reader.
import Foundation
import GestoCore
@testable import GestoInput

/// The package root: three levels up from this file (Tests/GestoInputTests/Fixtures.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The path of a fixture, e.g. `fixture("debug-events", "003")` (matched by name prefix).
func fixturePath(_ folder: String, _ prefix: String) -> String {
    let directory = packageRoot.appendingPathComponent("Tests/Fixtures/\(folder)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let name = names.filter { $0.hasPrefix(prefix) }.sorted().first ?? "missing-\(prefix)"
    return directory.appendingPathComponent(name).path
}

/// Everything read from a fixture.
struct ReadResult {
    var records: [InputRecord] = []
    var warnings: [InputWarning] = []
    var gestures: [GestureEvent] { records.compactMap(\.gesture) }
}

/// Reads a debug-events fixture with ``DebugEventsReader``.
func readFixture(_ folder: String, _ prefix: String) throws -> ReadResult {
    var result = ReadResult()
    var reader = try DebugEventsReader(path: fixturePath(folder, prefix))
    try reader.forEach { result.records.append($0) } warnings: { result.warnings.append($0) }
    return result
}

/// Sums of the unaccelerated deltas of each gesture (a new gesture starts at BEGIN, or when
/// kind or finger count changes).
func unacceleratedSums(_ events: [GestureEvent]) -> [(GestureKind, Int, Vector2)] {
    var sums: [(GestureKind, Int, Vector2)] = []
    var open = false
    for event in events {
        if event.phase == .begin || !open || sums.last!.0 != event.kind || sums.last!.1 != event.fingerCount {
            sums.append((event.kind, event.fingerCount, .zero))
            open = true
        }
        if event.phase == .update { sums[sums.count - 1].2 += event.unacceleratedDelta }
        if event.phase == .end { open = false }
    }
    return sums
}

func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
