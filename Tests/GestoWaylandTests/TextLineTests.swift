// The reorder strip's titles drawn through Pango, checked on rendered pixels: CJK as glyphs,
// Hebrew right to left, truncation by pixels with an ellipsis. Needs a CJK font (fonts-noto-cjk).
import CCairo
import Testing
@testable import GestoWayland

/// An ARGB image filled with one colour, drawn into and read back pixel by pixel.
private final class Canvas {
    static let background: UInt32 = 0xFF_1A_5F_B4
    let width: Int, height: Int
    let surface: OpaquePointer
    let cairo: OpaquePointer

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, CInt(width), CInt(height))
        cairo = cairo_create(surface)
        cairo_set_source_rgba(cairo, 0x1A / 255.0, 0x5F / 255.0, 0xB4 / 255.0, 1)
        cairo_paint(cairo)
        cairo_set_source_rgba(cairo, 1, 1, 1, 1)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    func pixel(x: Int, y: Int) -> UInt32 {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
    }

    /// The pixels other than the background in the box `x..<x+width`, `y..<y+height`.
    func inked(x: Int, y: Int, width: Int, height: Int) -> Int {
        var count = 0
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) where pixel(x: column, y: row) != Self.background {
                count += 1
            }
        }
        return count
    }

    /// The rightmost column with a pixel other than the background, or nil.
    func rightmostInkedColumn() -> Int? {
        for column in stride(from: width - 1, through: 0, by: -1) {
            for row in 0..<height where pixel(x: column, y: row) != Self.background { return column }
        }
        return nil
    }
}

@Suite struct TextLineTests {
    /// The title box of the tests: the default tile's inner width at scale 1.
    static let boxX = 10.0, boxWidth = 152.0, baseline = 30.0

    @Test func cjkTitleIsDrawnAsGlyphsNotBoxes() {
        let canvas = Canvas(width: 200, height: 48)
        let line = TextLine("日本語の窓", size: 14, maximumWidth: Self.boxWidth)
        let extents = line.draw(in: canvas.cairo, x: Self.boxX, baseline: Self.baseline)
        #expect(extents.unknownGlyphs == 0, "no CJK font: install fonts-noto-cjk")
        #expect(canvas.inked(x: Int(Self.boxX), y: 0, width: Int(Self.boxWidth), height: 48) > 100)
        // Five ideographs, each about one em wide: hex boxes of missing glyphs are wider
        // (two rows of hex digits plus a frame), cairo's .notdef boxes narrower.
        #expect(extents.inkWidth > 4 * 14 * 0.8 && extents.inkWidth < 5 * 14 * 1.05)
        #expect(extents.inkWidth <= Self.boxWidth)
        // Two different ideographs ink different pixels (identical boxes would not).
        let first = Canvas(width: 40, height: 48), second = Canvas(width: 40, height: 48)
        TextLine("日", size: 14, maximumWidth: 30).draw(in: first.cairo, x: 5, baseline: Self.baseline)
        TextLine("窓", size: 14, maximumWidth: 30).draw(in: second.cairo, x: 5, baseline: Self.baseline)
        var differing = 0
        for row in 0..<48 { for column in 0..<40 where first.pixel(x: column, y: row) != second.pixel(x: column, y: row) { differing += 1 } }
        #expect(differing > 20)
    }

    /// Right to left: the first letter of "אב" is drawn at the right, where "א" alone is drawn.
    @Test func hebrewIsLaidOutRightToLeft() {
        let word = Canvas(width: 200, height: 48), letter = Canvas(width: 200, height: 48)
        let wordExtents = TextLine("אב", size: 20, maximumWidth: Self.boxWidth)
            .draw(in: word.cairo, x: Self.boxX, baseline: Self.baseline)
        let letterExtents = TextLine("א", size: 20, maximumWidth: Self.boxWidth)
            .draw(in: letter.cairo, x: Self.boxX, baseline: Self.baseline)
        #expect(wordExtents.isRightToLeft && wordExtents.unknownGlyphs == 0)
        // Both end at the box's right edge, as Hebrew reads.
        #expect(wordExtents.inkX + wordExtents.inkWidth > Self.boxWidth - 6)
        #expect(word.rightmostInkedColumn() == letter.rightmostInkedColumn())
        // The alef's pixels are the same in both: it is the word's rightmost letter.
        let left = Int(Self.boxX + letterExtents.inkX), width = Int(letterExtents.inkWidth.rounded(.up)) + 1
        var differing = 0, inked = 0
        for row in 0..<48 {
            for column in left..<(left + width) {
                if letter.pixel(x: column, y: row) != Canvas.background { inked += 1 }
                if word.pixel(x: column, y: row) != letter.pixel(x: column, y: row) { differing += 1 }
            }
        }
        #expect(inked > 20)
        #expect(differing * 10 < inked, "the alef is not where it would be right to left")
    }

    @Test func longTitleIsCutByPixelsWithAnEllipsis() {
        let canvas = Canvas(width: 400, height: 48)
        let title = "Wide WWWW title in a window whose name is far longer than any tile"
        let extents = TextLine(title, size: 14, maximumWidth: Self.boxWidth)
            .draw(in: canvas.cairo, x: Self.boxX, baseline: Self.baseline)
        #expect(extents.isEllipsized)
        #expect(extents.logicalWidth <= Self.boxWidth)
        #expect(extents.logicalWidth > Self.boxWidth * 0.8, "cut by pixels, not by a character count")
        let rightmost = canvas.rightmostInkedColumn() ?? 0
        #expect(Double(rightmost) <= Self.boxX + Self.boxWidth)
        #expect(Double(rightmost) > Self.boxX + Self.boxWidth * 0.8)
        // Narrow letters fit more characters in the same pixels.
        let narrow = TextLine(String(repeating: "i", count: 60), size: 14, maximumWidth: Self.boxWidth).extents(in: canvas.cairo)
        #expect(!narrow.isEllipsized || narrow.logicalWidth <= Self.boxWidth)
        let short = TextLine("foot", size: 14, maximumWidth: Self.boxWidth).extents(in: canvas.cairo)
        #expect(!short.isEllipsized)
    }

    /// A tile of the strip: its CJK title inks the title line, inside the tile's inner width.
    @Test func reorderTileDrawsItsCJKTitleInsideTheTile() {
        let canvas = Canvas(width: 260, height: 140)
        let tile = ReorderStripTile(item: 5, x: 10, y: 10, width: 180, height: 100, scale: 1, shadow: 0)
        let label = ReorderStripOverlay.Label(appID: "foot", title: "日本語のタイトルがとても長いウィンドウ")
        ReorderStripOverlay.draw(tile, label: label, canvas.cairo)
        let lines = ReorderStripOverlay.textLines(of: label, in: tile)
        let titleExtents = lines[1].text.extents(in: canvas.cairo)
        #expect(titleExtents.unknownGlyphs == 0 && titleExtents.isEllipsized)
        // The tile's colour is Canvas.background: the title line's box holds white glyph pixels,
        // and nothing is drawn past the inner width.
        let titleTop = Int(tile.y + lines[1].baseline - 16)
        #expect(canvas.inked(x: 24, y: titleTop, width: 152, height: 20) > 100)
        #expect(canvas.inked(x: 177, y: titleTop, width: 12, height: 20) == 0)
    }
}
