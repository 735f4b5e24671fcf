// gestod below debug drops the reports nobody reads (GesturePipeline.dropsUnreadLines): on
// every real recording, the lines it still emits are exactly the printed, fired, final and
// long-press-drag lines of a pipeline that drops nothing, in the same order.
import Foundation
import Testing
import GestoConfig
import GestoCore
import GestoDaemon

/// The JSON of every line `pipeline` emits over the recording at `path`, fed as gestod's
/// replay feeds it (deadlines at other devices' events, cancelled at the end), each with
/// whether a gestod below debug needs it.
private func lines(of path: String, config: Config, dropping: Bool) throws -> [(json: String, isNeeded: Bool)] {
    var pipeline = GesturePipeline(config: config)
    pipeline.dropsUnreadLines = dropping
    var clock = ReplayClock()
    var result: [(json: String, isNeeded: Bool)] = []
    func keep(_ line: ReplayLine) {
        let isDrag = line.gesture.name.gesture == .longPressDrag
        result.append((line.json, line.isPrinted || !line.firings.isEmpty || line.gesture.phase.isFinal || isDrag))
    }
    try RecordedInput(path: path).forEach({ record in
        if let time = clock.advance(past: record) { pipeline.handleDeadlines(through: time, emit: keep) }
        switch record {
        case .gesture(let event): pipeline.handle(event, emit: keep)
        case .touch(let event): pipeline.handle(touch: event, emit: keep)
        case .deviceAdded, .deviceRemoved, .otherEvent: break
        }
    }, warnings: { _ in })
    pipeline.finish(at: clock.now, emit: keep)
    return result
}

@Suite("unread lines")
struct UnreadLinesTests {
    @Test func droppingUnreadLinesKeepsEveryLineGestodReads() throws {
        // Every firing mode, long-press tiers, long-press-drag and an app binding.
        let config = try Config.parse("""
        bindings:
          - {gesture: swipe:3:down, threshold: 50, exec: a}
          - {gesture: swipe:3, mode: continuous, exec: b}
          - {gesture: swipe:4:left, mode: on-threshold, exec: c}
          - {gesture: swipe:4:up, mode: on-begin, exec: d}
          - {gesture: pinch:2, mode: continuous, exec: e}
          - {gesture: pinch:2:in, mode: repeat, exec: f}
          - {gesture: rotate:2:clockwise, mode: repeat, exec: g}
          - {gesture: hold:2, exec: h}
          - {gesture: long-press:3, duration: 0.5, exec: i}
          - {gesture: long-press:3, duration: 1.0, exec: j}
          - {gesture: long-press-drag:3, exec: k}
          - {gesture: swipe:3:left, app: "firefox*", exec: l}
        """, file: "t.yaml")
        let folders = ["libinput-1.22", "debug-events"]
        var checked = 0
        for folder in folders {
            let directory = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".txt") {
                let path = directory.appendingPathComponent(name).path
                let all = try lines(of: path, config: config, dropping: false)
                let kept = try lines(of: path, config: config, dropping: true)
                let keptLines = kept.map { $0.json }, neededLines = all.filter { $0.isNeeded }.map { $0.json }
                let keptOnlyNeeded = kept.allSatisfy { $0.isNeeded }
                #expect(keptLines == neededLines, "\(name)")
                #expect(keptOnlyNeeded, "\(name)")
                checked += 1
            }
        }
        #expect(checked > 30)
    }
}
