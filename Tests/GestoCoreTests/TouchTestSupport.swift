// A touchscreen script for the touch recognizer tests: touch events by the millisecond,
// assembled into frames and fed to a GestureEngine, which fires deadlines as time passes.
import GestoCore

struct TouchScript {
    var assembler: TouchFrameAssembler
    var engine: GestureEngine
    var reports: [RecognizedGesture] = []
    var diagnostics: [TouchDiagnostic] = []
    var frames: [TouchFrame] = []
    /// The recognizers' changes of state, `touch-swipe[1fg] tracking → began`, when ``traces``.
    var transitions: [String] = []
    /// The recognizers' diagnostics, `touch-swipe[1fg] TOUCH_FRAME in idle`.
    var recognizerDiagnostics: [String] = []
    /// Whether the engine is asked for its transitions.
    var traces = false

    /// A screen of `size` mm (nil: no resolution, positions in percent).
    init(size: Vector2? = nil, settings: RecognizerSettings = RecognizerSettings()) {
        assembler = TouchFrameAssembler(size: size, device: 1)
        engine = GestureEngine(settings: settings)
    }

    static func at(_ ms: Int) -> Timestamp { Timestamp(microseconds: Int64(ms) * 1000) }

    /// Feeds one event (positions in the screen's unit: mm with a size, else percent).
    mutating func event(_ kind: TouchEventKind, _ slot: Int32, _ x: Double = 0, _ y: Double = 0, at ms: Int) {
        let point = Vector2(x, y)
        let event: TouchEvent
        if let size = assembler.size {
            event = TouchEvent(kind, slot: slot, percent: Vector2(x / size.x * 100, y / size.y * 100), millimeters: point,
                               time: Self.at(ms), device: 1)
        } else {
            event = TouchEvent(kind, slot: slot, percent: point, time: Self.at(ms), device: 1)
        }
        var made: [TouchFrame] = []
        assembler.handle(event, emit: { made.append($0) }, diagnose: { diagnostics.append($0) })
        for frame in made { feed(frame) }
    }

    mutating func feed(_ frame: TouchFrame) {
        frames.append(frame)
        feedEngine(.touchscreen(frame))
    }

    /// Ends a frame at `ms`.
    mutating func frame(at ms: Int) { event(.frame, -1, at: ms) }

    /// Fingers `slots` at `points`, landing together at `ms`.
    mutating func down(_ points: [(Double, Double)], at ms: Int) {
        for (index, point) in points.enumerated() { event(.down, Int32(index), point.0, point.1, at: ms) }
        frame(at: ms)
    }

    /// Every finger moves to `points` at `ms`.
    mutating func move(_ points: [(Double, Double)], at ms: Int) {
        for (index, point) in points.enumerated() { event(.motion, Int32(index), point.0, point.1, at: ms) }
        frame(at: ms)
    }

    /// Fingers `0..<count` lift at `ms`.
    mutating func up(_ count: Int, at ms: Int) {
        for slot in 0..<count { event(.up, Int32(slot), at: ms) }
        frame(at: ms)
    }

    /// Moves every finger by `step` per 10 ms from `start` for `steps` frames, beginning at `ms`.
    mutating func drag(_ start: [(Double, Double)], by step: (Double, Double), steps: Int, from ms: Int) {
        for i in 1...steps {
            move(start.map { ($0.0 + step.0 * Double(i), $0.1 + step.1 * Double(i)) }, at: ms + 10 * i)
        }
    }

    /// The time passes to `ms` with nothing happening (the daemon's timer).
    mutating func wait(until ms: Int) {
        while let deadline = engine.nextDeadline, deadline <= Self.at(ms) {
            feedEngine(.deadline(deadline))
        }
    }

    mutating func end(at ms: Int) {
        wait(until: ms)
        feedEngine(.endOfInput(Self.at(ms)))
    }

    /// Feeds `input` to the engine, keeping its reports, diagnostics and (when ``traces``) transitions.
    mutating func feedEngine(_ input: RecognizerInput) {
        var made: [RecognizedGesture] = [], named: [String] = [], changed: [String] = []
        engine.handle(input, emit: { made.append($0) },
                      diagnose: { named.append("\($0.recognizer) \($0.event) in \($0.state)") },
                      trace: traces ? { changed.append("\($0)") } : nil)
        reports += made
        recognizerDiagnostics += named
        transitions += changed
    }

    /// "name phase" of every final report, in order.
    var outcomes: [String] {
        reports.filter { $0.phase.isFinal }.map { "\($0.name) \($0.phase.name)" }
    }
    /// Outcomes that ended.
    var ended: [String] { reports.filter { $0.phase == .ended }.map(\.name.description) }
}
