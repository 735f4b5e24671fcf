// One wl_shm buffer an overlay draws into: a memfd mapped into gesto and shared with the
// compositor, with a cairo image surface over the same memory. The compositor holds it from
// attach until wl_buffer.release; meanwhile gesto draws into the other buffer (double buffering).
import CCairo
import CWaylandClient
import Glibc

/// A shared-memory ARGB8888 buffer with a cairo surface over it.
final class ShmBuffer {
    /// Size in pixels.
    let width: Int32
    let height: Int32
    /// Bytes per row (cairo's stride for ARGB32, which wl_shm's ARGB8888 matches on little-endian).
    let stride: Int32
    /// The wl_buffer proxy.
    private(set) var proxy: OpaquePointer?
    /// The cairo surface drawing into the mapping.
    private(set) var cairoSurface: OpaquePointer?
    /// Whether the compositor holds it (attached, not released yet).
    var isBusy = false
    /// Where it holds non-transparent pixels (cleared before its next drawing; fresh memory
    /// is zeroed, so a new buffer holds none).
    var drawnRects: [PixelRect] = []
    /// Called when the compositor releases it.
    var onRelease: (() -> Void)?
    private var memory: UnsafeMutableRawPointer?
    private let byteCount: Int

    /// Allocates a buffer of `width` × `height` pixels from `shm`.
    ///
    /// - Throws: ``WaylandError/overlay(_:)`` when the memfd, its size or the mapping fail.
    init(shm: OpaquePointer, width: Int32, height: Int32) throws(WaylandError) {
        self.width = width
        self.height = height
        stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        byteCount = Int(stride) * Int(height)
        let fd = gesto_memfd_create("gesto-overlay")
        guard fd >= 0 else { throw .overlay("memfd_create: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else { throw .overlay("ftruncate: \(String(cString: strerror(errno)))") }
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw .overlay("mmap: \(String(cString: strerror(errno)))")
        }
        memory = mapped
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))
        proxy = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        cairoSurface = cairo_image_surface_create_for_data(mapped.assumingMemoryBound(to: UInt8.self),
                                                           CAIRO_FORMAT_ARGB32, width, height, stride)
        wl_buffer_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { destroy() }

    /// Frees the proxy, the cairo surface and the mapping (the display must still exist).
    func destroy() {
        if let cairoSurface { cairo_surface_destroy(cairoSurface) }
        cairoSurface = nil
        if let proxy { wl_buffer_destroy(proxy) }
        proxy = nil
        if let memory { munmap(memory, byteCount) }
        memory = nil
    }

    fileprivate func released() {
        isBusy = false
        onRelease?()
    }

    /// wl_buffer: the compositor is done reading it.
    nonisolated(unsafe) static let listener = UnsafeMutablePointer.permanent(wl_buffer_listener(
        release: { data, _ in
            Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().released()
        }
    ))
}
