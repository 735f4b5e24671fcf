// One line of text on an overlay, laid out by Pango and drawn through PangoCairo: shaped (CJK
// glyphs from fontconfig's fallback fonts, Hebrew and Arabic right to left) and cut to a width in
// pixels with an ellipsis at its end. Every text gesto draws goes through here: cairo's toy text
// API draws CJK as boxes, lays Hebrew out left to right and cannot truncate by width.
import CCairo
internal import CPangoCairo

/// A single line of text with its font, ready to draw into a cairo context.
public struct TextLine: Sendable, Equatable {
    /// The font's weight.
    public enum Weight: Sendable, Equatable {
        /// Regular text.
        case normal
        /// Bold text.
        case bold
    }

    /// The text; line breaks show as glyphs (it stays one line).
    public var text: String
    /// The font family (a fontconfig name such as `sans-serif`; missing glyphs fall back).
    public var family: String
    /// The font's weight.
    public var weight: Weight
    /// The font size in cairo user units (pixels at scale 1).
    public var size: Double
    /// The widest the line may be, in cairo user units; longer text ends in an ellipsis.
    public var maximumWidth: Double

    /// A line of `text` in `family` at `size` units, at most `maximumWidth` units wide.
    public init(_ text: String, family: String = "sans-serif", weight: Weight = .normal, size: Double,
                maximumWidth: Double) {
        self.text = text
        self.family = family
        self.weight = weight
        self.size = size
        self.maximumWidth = maximumWidth
    }

    /// Extents in cairo user units, relative to the point the line is drawn at (its left end on
    /// the baseline).
    public struct Extents: Sendable, Equatable {
        /// The inked pixels' left edge.
        public var inkX: Double
        /// The inked pixels' top edge (negative: above the baseline).
        public var inkY: Double
        /// The inked pixels' width.
        public var inkWidth: Double
        /// The inked pixels' height.
        public var inkHeight: Double
        /// The laid-out width (advance), ellipsis included.
        public var logicalWidth: Double
        /// Whether Pango cut the text to fit ``TextLine/maximumWidth``.
        public var isEllipsized: Bool
        /// Whether the text's base direction is right to left (its first strong character is).
        public var isRightToLeft: Bool
        /// How many characters no installed font has a glyph for (drawn as hex boxes).
        public var unknownGlyphs: Int
    }

    /// Lays the line out for `cairo` without drawing it.
    public func extents(in cairo: OpaquePointer) -> Extents {
        withLayout(in: cairo) { layout, baseline in Self.extents(of: layout) }
    }

    /// Draws the line with `cairo`'s current source, its left end at `x` and its baseline at
    /// `baseline`, and returns its extents. A right-to-left line is aligned to the right end of
    /// ``maximumWidth``, as its script reads.
    @discardableResult
    public func draw(in cairo: OpaquePointer, x: Double, baseline: Double) -> Extents {
        withLayout(in: cairo) { layout, layoutBaseline in
            cairo_move_to(cairo, x, baseline - layoutBaseline)
            pango_cairo_show_layout(cairo, layout)
            return Self.extents(of: layout)
        }
    }

    /// Pango's units per cairo user unit (PANGO_SCALE).
    private static let pangoUnits = Double(PANGO_SCALE)

    private func withLayout<Result>(in cairo: OpaquePointer, _ body: (OpaquePointer, Double) -> Result) -> Result {
        let layout = pango_cairo_create_layout(cairo)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()!
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, family)
        pango_font_description_set_weight(font, weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(font, size * Self.pangoUnits)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_width(layout, CInt(max(0, maximumWidth) * Self.pangoUnits))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_text(layout, text, -1)
        let baseline = Double(pango_layout_get_baseline(layout)) / Self.pangoUnits
        return body(layout, baseline)
    }

    private static func extents(of layout: OpaquePointer) -> Extents {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let baseline = Double(pango_layout_get_baseline(layout)) / pangoUnits
        return Extents(inkX: Double(ink.x) / pangoUnits, inkY: Double(ink.y) / pangoUnits - baseline,
                       inkWidth: Double(ink.width) / pangoUnits, inkHeight: Double(ink.height) / pangoUnits,
                       logicalWidth: Double(logical.width) / pangoUnits,
                       isEllipsized: pango_layout_is_ellipsized(layout) != 0,
                       isRightToLeft: pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL,
                       unknownGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout)))
    }
}
