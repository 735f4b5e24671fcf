// A full-output wlr-layer-shell surface on the overlay layer that never takes input: no keyboard
// interactivity, an empty input region. It owns two wl_shm buffers, damages only what changed
// (damage_buffer) and paces drawing by wl_surface.frame; unmapped, it costs nothing at all.
import CCairo
import CGestoDrawing
import CWaylandClient
import CWaylandProtocols
import Glibc

/// A transparent, click-through surface covering the output, drawn with cairo.
///
/// Lifecycle: ``map()`` creates the surface and commits it empty; the compositor's configure
/// gives the size, buffers are made and ``onFrame`` is called: the owner then ``render(_:requestingFrame:draw:)``s.
/// Each render that requests a frame calls ``onFrame`` again when the compositor is ready for
/// the next one. ``unmap()`` destroys the surface (the buffers stay for the next map).
public final class OverlaySurface {
    /// Where the surface stands.
    public enum State: Equatable, Sendable {
        /// No surface: nothing shown, no frame callbacks.
        case unmapped
        /// Created and committed empty; waiting for the compositor's size.
        case configuring
        /// Configured to this size in points; renders are shown.
        case mapped(width: Int32, height: Int32)
    }

    /// The layer-shell namespace compositors see (`layer_namespace` in sway's tree).
    public static let namespace = "gesto-overlay"

    /// Why overlays cannot be drawn (cairo or Pango is not installed: the reason names the
    /// soname and its Debian package, which the gesto package only recommends), or nil when
    /// they can. Opens the drawing libraries: call it where an overlay is about to be shown,
    /// or from a short-lived command (gestod maps them only at its first overlay).
    public static var drawingUnavailableReason: String? {
        gesto_drawing_open().map { String(cString: $0) }
    }
    /// How many buffers alternate: one the compositor shows, one gesto draws.
    static let bufferCount = 2

    /// Where the surface stands.
    public private(set) var state = State.unmapped
    /// The buffer scale (pixels per point), from the outputs when mapped.
    public private(set) var scale: Int32 = 1
    /// Called when the owner may draw: after the first configure, after each requested frame
    /// callback, and when a buffer frees after a render was refused for lack of one.
    public var onFrame: (() -> Void)?
    /// Frame callbacks requested so far (for the idle benchmark).
    public private(set) var frameCallbacksRequested = 0
    /// Commits of a drawn buffer so far.
    public private(set) var commitCount = 0
    /// Called after each commit of a drawn buffer (input-to-frame delay measurement).
    public var onCommit: (() -> Void)?

    private let session: WaylandSession
    private var surface: OpaquePointer?
    private var layerSurface: OpaquePointer?
    private var frameCallback: OpaquePointer?
    private var buffers: [ShmBuffer] = []
    /// What the last committed buffer shows (damage of the next commit includes it).
    private var committedRects: [PixelRect] = []
    /// Whether the next commit damages the whole buffer (first after a map or resize).
    private var needsFullDamage = true
    private var renderWasRefused = false

    /// Makes an unmapped overlay on `session`'s connection.
    public init(session: WaylandSession) {
        self.session = session
        session.disconnectHandlers[ObjectIdentifier(self)] = { [unowned self] in self.forgetConnection() }
    }

    deinit {
        session.disconnectHandlers[ObjectIdentifier(self)] = nil
        if session.isConnected { forgetConnection() }
    }

    /// Whether a frame callback is outstanding (the compositor has not shown the last render yet).
    public var isFramePending: Bool { frameCallback != nil }

    /// The whole buffer, in pixels (empty while not mapped).
    public var bufferBounds: PixelRect {
        guard case .mapped(let width, let height) = state else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: 0, y: 0, width: width * scale, height: height * scale)
    }

    /// Creates the layer surface (overlay layer, anchored to all edges, no exclusive zone, no
    /// keyboard, empty input region) and commits it empty. Does nothing unless unmapped.
    ///
    /// - Throws: ``WaylandError/missingProtocol(_:)`` without layer-shell, wl_compositor or wl_shm;
    ///   ``WaylandError/notConnected``; ``WaylandError/overlay(_:)`` when cairo or Pango cannot
    ///   be opened (the reason names the soname and Debian package).
    public func map() throws(WaylandError) {
        guard state == .unmapped else { return }
        guard session.isConnected else { throw .notConnected }
        // cairo and Pango are opened at the first overlay, not at start (every drawing call
        // comes after a map).
        if let reason = gesto_drawing_open() { throw .overlay(String(cString: reason)) }
        guard let globals = session.overlayGlobals else { throw .missingProtocol(WaylandSession.Global.layerShell.rawValue) }
        scale = session.outputScale
        guard let surface = wl_compositor_create_surface(globals.compositor) else { throw .overlay("wl_compositor.create_surface failed") }
        let region = wl_compositor_create_region(globals.compositor)
        wl_surface_set_input_region(surface, region)  // Empty: the pointer passes through.
        wl_region_destroy(region)
        wl_surface_set_buffer_scale(surface, scale)
        let layer = zwlr_layer_shell_v1_get_layer_surface(globals.layerShell, surface, nil,
                                                          ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, Self.namespace)
        let anchors = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
            | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        zwlr_layer_surface_v1_set_anchor(layer, anchors)
        zwlr_layer_surface_v1_set_size(layer, 0, 0)
        zwlr_layer_surface_v1_set_exclusive_zone(layer, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(layer, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue)
        zwlr_layer_surface_v1_add_listener(layer, Self.layerSurfaceListener, context)
        wl_surface_commit(surface)
        self.surface = surface
        layerSurface = layer
        state = .configuring
        _ = try? session.flush()
    }

    /// Destroys the surface: nothing is shown and no frame callback comes. Buffers stay.
    public func unmap() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        layerSurface = nil
        if let surface { wl_surface_destroy(surface) }
        surface = nil
        committedRects = []
        needsFullDamage = true
        renderWasRefused = false
        state = .unmapped
        _ = try? session.flush()
    }

    /// Draws into a free buffer and commits it.
    ///
    /// - Parameters:
    ///   - rects: Where the new content is, in pixels; the buffer's old content is cleared
    ///     first, and the damage is these plus what the last commit showed.
    ///   - requestingFrame: Whether to ask for a frame callback (``onFrame`` follows it).
    ///   - draw: Draws with a cairo context already scaled to points (clear background).
    /// - Returns: false when not mapped or when both buffers are still held (``onFrame`` is
    ///   then called when one frees).
    @discardableResult
    public func render(_ rects: [PixelRect], requestingFrame: Bool, draw: (OpaquePointer) -> Void) -> Bool {
        guard case .mapped = state, let surface else { return false }
        guard let buffer = buffers.first(where: { !$0.isBusy }), let target = buffer.cairoSurface else {
            renderWasRefused = true
            return false
        }
        guard let cairo = cairo_create(target) else { return false }
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        for rect in buffer.drawnRects {
            cairo_rectangle(cairo, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        }
        cairo_fill(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_scale(cairo, Double(scale), Double(scale))
        draw(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(target)

        wl_surface_attach(surface, buffer.proxy, 0, 0)
        let damage = needsFullDamage ? [bufferBounds] : committedRects + rects
        for rect in damage where !rect.isEmpty {
            wl_surface_damage_buffer(surface, rect.x, rect.y, rect.width, rect.height)
        }
        if requestingFrame && frameCallback == nil {
            let callback = wl_surface_frame(surface)
            wl_callback_add_listener(callback, Self.frameListener, context)
            frameCallback = callback
            frameCallbacksRequested += 1
        }
        wl_surface_commit(surface)
        buffer.isBusy = true
        buffer.drawnRects = rects
        committedRects = rects
        needsFullDamage = false
        commitCount += 1
        _ = try? session.flush()
        onCommit?()
        return true
    }

    // MARK: Internals

    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> OverlaySurface {
        Unmanaged<OverlaySurface>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The connection is going: its proxies die with it.
    private func forgetConnection() {
        unmap()
        for buffer in buffers { buffer.destroy() }
        buffers = []
    }

    func configured(serial: UInt32, width: UInt32, height: UInt32) {
        guard let layerSurface, let globals = session.overlayGlobals else { return }
        zwlr_layer_surface_v1_ack_configure(layerSurface, serial)
        let size = (Int32(clamping: width), Int32(clamping: height))
        guard size.0 > 0, size.1 > 0 else { return }
        let pixels = (size.0 * scale, size.1 * scale)
        if buffers.first.map({ ($0.width, $0.height) != pixels }) ?? true {
            for buffer in buffers { buffer.destroy() }
            buffers = []
            do {
                for _ in 0..<Self.bufferCount {
                    let buffer = try ShmBuffer(shm: globals.shm, width: pixels.0, height: pixels.1)
                    buffer.onRelease = { [unowned self] in self.bufferReleased() }
                    buffers.append(buffer)
                }
            } catch {
                buffers = []
                unmap()
                return
            }
        }
        state = .mapped(width: size.0, height: size.1)
        needsFullDamage = true
        onFrame?()
    }

    func layerSurfaceClosed() { unmap() }

    func frameDone() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        onFrame?()
    }

    private func bufferReleased() {
        guard renderWasRefused else { return }
        renderWasRefused = false
        onFrame?()
    }
}

extension OverlaySurface {
    /// zwlr_layer_surface_v1: the compositor sizes the surface, or closes it.
    nonisolated(unsafe) static let layerSurfaceListener = UnsafeMutablePointer.permanent(zwlr_layer_surface_v1_listener(
        configure: { data, _, serial, width, height in
            from(data).configured(serial: serial, width: width, height: height)
        },
        closed: { data, _ in
            from(data).layerSurfaceClosed()
        }
    ))

    /// wl_callback (wl_surface.frame): a good time to draw the next frame.
    nonisolated(unsafe) static let frameListener = UnsafeMutablePointer.permanent(wl_callback_listener(
        done: { data, _, _ in
            from(data).frameDone()
        }
    ))
}
