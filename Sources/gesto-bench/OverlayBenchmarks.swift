// Overlay figures: cairo time to draw one damaged frame of the feedback bar at 1920×1080 (an
// offscreen image surface, as an shm buffer is), and, against the compositor in $WAYLAND_DISPLAY,
// the frame callbacks requested at rest and the delay from a gesture report to its frame's commit.
import CCairo
import Glibc
import GestoCore
import GestoSystem
import GestoDaemon
import GestoWayland

/// Frames drawn for the render figure.
private let overlayRenderFrames = 600
/// Width and height of the offscreen surface, in pixels (a 1080p output at scale 1).
private let overlayScreen = (width: Int32(1920), height: Int32(1080))
/// Reports in the synthetic swipe (one per 8 ms: a 125 Hz touchpad) for the live figures.
private let overlayLiveReports = 60
/// How long the live overlay is watched at rest, in seconds.
private let overlayIdleSeconds = 1.0

/// Runs the overlay benchmarks and prints each figure with its unit and target.
func runOverlayBenchmarks() {
    benchmarkOverlayRender()
    benchmarkOverlayLive()
}

private func overlayNow() -> Int64 { MonotonicClock.now().microseconds }

private func overlayPercentile(_ fraction: Double, of sorted: [Int64]) -> Int64 {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

/// Clears the last bar and draws the next, as FeedbackOverlay does into a buffer.
private func benchmarkOverlayRender() {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, overlayScreen.width, overlayScreen.height) else {
        print("overlay: render: cannot make a cairo image surface")
        return
    }
    defer { cairo_surface_destroy(surface) }
    var feedback = ContinuousFeedback(threshold: 150)
    let start = Timestamp(microseconds: 1_000_000)
    feedback.handle(RecognizedGesture(name: .touchpad(.swipe(.right), fingers: 3), phase: .began, time: start,
                                      translation: Vector2(120, 0)))
    feedback.handle(RecognizedGesture(name: .touchpad(.swipe(.right), fingers: 3), phase: .ended, time: start,
                                      translation: Vector2(120, 0), velocity: Vector2(900, 0)))
    var previous: (Double, Double, Double, Double)?
    var times: [Int64] = []
    var damagedPixels = 0
    for frame in 0..<overlayRenderFrames {
        let time = start.advanced(bySeconds: Double(frame % 30) / 60)
        let progress = feedback.presentation(at: time)?.progress ?? 0
        let bar = (-FeedbackOverlay.barThickness + progress * FeedbackOverlay.travelPerProgress,
                   (Double(overlayScreen.height) - FeedbackOverlay.barLength) / 2,
                   FeedbackOverlay.barThickness, FeedbackOverlay.barLength)
        let began = overlayNow()
        guard let cairo = cairo_create(surface) else { return }
        if let previous {
            cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
            cairo_rectangle(cairo, previous.0 - 1, previous.1 - 1, previous.2 + 2, previous.3 + 2)
            cairo_fill(cairo)
            cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        }
        FeedbackOverlay.drawBar(cairo, x: bar.0, y: bar.1, width: bar.2, height: bar.3)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        times.append(overlayNow() - began)
        damagedPixels = Int((bar.2 + 2) * (bar.3 + 2)) * 2
        previous = bar
    }
    times.sort()
    print("overlay: cairo render of one damaged frame at \(overlayScreen.width)×\(overlayScreen.height) "
          + "(~\(damagedPixels) px damaged, \(times.count) frames): median \(times[times.count / 2]) µs, "
          + "p99 \(overlayPercentile(0.99, of: times)) µs, max \(times.last!) µs (target < 2000 µs)")
}

/// Drives a FeedbackOverlay on the live compositor with a synthetic swipe and release.
private func benchmarkOverlayLive() {
    guard let display = getenv("WAYLAND_DISPLAY"), display.pointee != 0 else {
        print("overlay: idle frames and input-to-frame delay: skipped (WAYLAND_DISPLAY unset)")
        return
    }
    let session = WaylandSession()
    do { try session.connect() } catch {
        print("overlay: idle frames and input-to-frame delay: skipped (\(error))")
        return
    }
    defer { session.disconnect() }
    let overlay = FeedbackOverlay(session: session, threshold: 150)
    func pump(milliseconds: Int32) {
        guard let fd = session.fileDescriptor else { return }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, milliseconds) > 0 { try? session.dispatch() }
    }
    func wait(seconds: Double, until done: () -> Bool = { false }) {
        let end = overlayNow() + Int64(seconds * 1_000_000)
        while overlayNow() < end && !done() { pump(milliseconds: 5) }
    }
    let name = GestureName.touchpad(.swipe(.right), fingers: 3)
    do {
        for index in 0..<overlayLiveReports {
            let phase: RecognizerPhase = index == 0 ? .began : index == overlayLiveReports - 1 ? .ended : .changed
            try overlay.handle(RecognizedGesture(name: name, phase: phase, time: MonotonicClock.now(),
                                                 translation: Vector2(Double(index) * 4, 0), velocity: Vector2(500, 0)))
            wait(seconds: 0.008)
        }
    } catch {
        print("overlay: live: \(error)")
        return
    }
    wait(seconds: 3) { overlay.surface.state == .unmapped }
    let requested = overlay.surface.frameCallbacksRequested
    wait(seconds: overlayIdleSeconds)
    let idle = overlay.surface.frameCallbacksRequested - requested + overlay.framesRequestedAtRest
    print("overlay: frame callbacks requested at rest over \(overlayIdleSeconds) s after settling: \(idle) (target 0); "
          + "\(requested) during the \(overlayLiveReports)-report swipe and its release; "
          + "surface \(overlay.surface.state == .unmapped ? "unmapped" : "still mapped") at rest")
    let delays = overlay.inputToCommitDelays.sorted()
    guard !delays.isEmpty else {
        print("overlay: input-to-frame delay: no frame was committed")
        return
    }
    print("overlay: gesture report to commit of the frame showing it (\(delays.count) frames): median \(delays[delays.count / 2]) µs, "
          + "p95 \(overlayPercentile(0.95, of: delays)) µs, max \(delays.last!) µs (one refresh at 60 Hz is 16667 µs)")
}
