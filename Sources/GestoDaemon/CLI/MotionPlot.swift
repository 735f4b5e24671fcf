// A self-contained SVG line plot for `gestoctl motion --svg`: axes with ticks, one curve and
// labelled marker lines (the settle time, the target). No fonts, scripts or external files,
// so any browser opens it as is. Every label is laid out as a box (its text's width estimated
// from the font size) and the marker labels go to the first place where they meet no other.

import GestoCore

/// A marker line on a ``MotionPlot``.
struct PlotMarker {
    /// Vertical (at an x value) or horizontal (at a y value).
    enum Orientation { case vertical, horizontal }
    var orientation: Orientation
    /// The x or y value the line is drawn at, in data units.
    var position: Double
    /// The label drawn next to the line.
    var label: String
    /// The SVG class and id of the line (`settle-marker`, `target-marker`).
    var name: String
}

/// A rectangle in SVG user units (px), y down.
struct PlotBox: Equatable {
    var x: Double, y: Double, width: Double, height: Double

    /// Whether the two boxes share any area.
    func intersects(_ other: PlotBox) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// Whether `other` lies wholly inside this box.
    func contains(_ other: PlotBox) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}

/// One text of a ``MotionPlot``, placed: where its anchor and baseline are, and the box it covers.
struct PlotLabel {
    /// SVG's text-anchor: which end of the text `x` is.
    enum Anchor: String { case start, middle, end }
    /// A sans-serif glyph's advance, at most, in ems: the widest average of digits and lower
    /// case letters with some room (Helvetica's and DejaVu Sans's are 0.5–0.6).
    static let advancePerCharacter = 0.62
    /// How far glyphs reach above and below the baseline, in ems.
    static let ascent = 0.8, descent = 0.25

    var text: String
    var x: Double
    /// The baseline (for a vertical label: the line the rotated text sits on, at `x`).
    var y: Double
    var anchor: Anchor
    var fontSize: Double
    /// Rotated by -90° about (x, y): the y axis title.
    var isVertical = false
    /// Extra SVG attributes (class, fill).
    var attributes = ""

    /// The area the text covers, estimated from its length and the font size.
    var box: PlotBox {
        let length = Double(text.count) * fontSize * Self.advancePerCharacter
        let start: Double
        switch anchor {
        case .start: start = 0
        case .middle: start = -length / 2
        case .end: start = -length
        }
        if isVertical {
            // Rotated -90°: the text runs upward from y - start, its glyphs left of x.
            return PlotBox(x: x - fontSize * Self.ascent, y: y - start - length, width: fontSize * (Self.ascent + Self.descent), height: length)
        }
        return PlotBox(x: x + start, y: y - fontSize * Self.ascent, width: length, height: fontSize * (Self.ascent + Self.descent))
    }
}

/// A line plot of `points` (data units) rendered as an SVG document.
struct MotionPlot {
    /// Plot size in SVG user units (px).
    static let width = 720.0, height = 420.0
    /// Margins around the plotting area, in px: room for tick labels and titles.
    static let left = 70.0, right = 20.0, top = 36.0, bottom = 50.0

    var title: String
    var xLabel: String
    var yLabel: String
    var points: [(x: Double, y: Double)]
    var markers: [PlotMarker]

    /// The SVG document text.
    func render() -> String { layout().svg }

    /// Every label of the plot, placed so that no two boxes meet: the title, tick labels, axis
    /// titles, then each marker's label at the first of its candidate places that meets none
    /// of the labels before it and stays inside the plotting area.
    func labels() -> [PlotLabel] { layout().labels }

    private func layout() -> (svg: String, labels: [PlotLabel]) {
        var xs = points.map(\.x), ys = points.map(\.y)
        for marker in markers {
            switch marker.orientation {
            case .vertical: xs.append(marker.position)
            case .horizontal: ys.append(marker.position)
            }
        }
        var xMin = xs.min() ?? 0, xMax = xs.max() ?? 1
        var yMin = ys.min() ?? 0, yMax = ys.max() ?? 1
        if xMax - xMin <= 0 { xMax = xMin + 1 }
        if yMax - yMin <= 0 { yMin -= 0.5; yMax += 0.5 }
        let pad = (yMax - yMin) * 0.05
        yMin -= pad; yMax += pad
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func px(_ x: Double) -> Double { Self.left + (x - xMin) / (xMax - xMin) * plotWidth }
        func py(_ y: Double) -> Double { Self.top + (yMax - y) / (yMax - yMin) * plotHeight }
        func f(_ v: Double) -> String { formatCompact(v, maxDecimals: 2) }

        var svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(Self.width))" height="\(f(Self.height))" \
        viewBox="0 0 \(f(Self.width)) \(f(Self.height))" font-family="sans-serif" font-size="12">
        <title>\(escape(title))</title>
        <rect width="100%" height="100%" fill="white"/>

        """
        // Axes and ticks.
        let x0 = px(xMin), x1 = px(xMax), y0 = py(yMin), y1 = py(yMax)
        svg += "<g class=\"axes\" stroke=\"#444\" fill=\"none\">\n"
        svg += "<line x1=\"\(f(x0))\" y1=\"\(f(y0))\" x2=\"\(f(x1))\" y2=\"\(f(y0))\"/>\n"
        svg += "<line x1=\"\(f(x0))\" y1=\"\(f(y0))\" x2=\"\(f(x0))\" y2=\"\(f(y1))\"/>\n"
        svg += "</g>\n<g class=\"ticks\" fill=\"#444\">\n"
        var labels = [PlotLabel(text: title, x: Self.width / 2, y: 20, anchor: .middle, fontSize: 14)]
        for tick in Self.ticks(from: xMin, to: xMax) {
            svg += "<line x1=\"\(f(px(tick)))\" y1=\"\(f(y0))\" x2=\"\(f(px(tick)))\" y2=\"\(f(y0 + 5))\" stroke=\"#444\"/>"
            let label = PlotLabel(text: formatCompact(tick, maxDecimals: 4), x: px(tick), y: y0 + 18, anchor: .middle, fontSize: 12)
            labels.append(label)
            svg += text(label)
        }
        for tick in Self.ticks(from: yMin, to: yMax) {
            svg += "<line x1=\"\(f(x0 - 5))\" y1=\"\(f(py(tick)))\" x2=\"\(f(x0))\" y2=\"\(f(py(tick)))\" stroke=\"#444\"/>"
            svg += "<line x1=\"\(f(x0))\" y1=\"\(f(py(tick)))\" x2=\"\(f(x1))\" y2=\"\(f(py(tick)))\" stroke=\"#eee\"/>"
            let label = PlotLabel(text: formatCompact(tick, maxDecimals: 4), x: x0 - 8, y: py(tick) + 4, anchor: .end, fontSize: 12)
            labels.append(label)
            svg += text(label)
        }
        svg += "</g>\n"
        let axisTitles = [PlotLabel(text: xLabel, x: (x0 + x1) / 2, y: Self.height - 12, anchor: .middle, fontSize: 12),
                          PlotLabel(text: yLabel, x: 16, y: (y0 + y1) / 2, anchor: .middle, fontSize: 12, isVertical: true)]
        labels += axisTitles
        for label in [labels[0]] + axisTitles { svg += text(label) }
        let area = PlotBox(x: x0, y: y1, width: x1 - x0, height: y0 - y1)
        func place(_ candidates: [PlotLabel]) -> PlotLabel {
            let free = candidates.first { candidate in
                area.contains(candidate.box) && !labels.contains { $0.box.intersects(candidate.box) }
            }
            let chosen = free ?? candidates[0]
            labels.append(chosen)
            return chosen
        }
        // Markers.
        for marker in markers {
            switch marker.orientation {
            case .vertical:
                let x = px(marker.position)
                svg += "<line id=\"\(marker.name)\" class=\"\(marker.name)\" x1=\"\(f(x))\" y1=\"\(f(y0))\" x2=\"\(f(x))\" y2=\"\(f(y1))\" "
                svg += "stroke=\"#c0392b\" stroke-dasharray=\"6 4\"/>\n"
                // Beside the line, left then right, from the top row down.
                let attributes = "class=\"\(marker.name)\" fill=\"#c0392b\""
                var candidates: [PlotLabel] = []
                for row in stride(from: y1 + 14, through: y0 - 4, by: 14) {
                    candidates.append(PlotLabel(text: marker.label, x: x - 4, y: row, anchor: .end, fontSize: 12, attributes: attributes))
                    candidates.append(PlotLabel(text: marker.label, x: x + 4, y: row, anchor: .start, fontSize: 12, attributes: attributes))
                }
                svg += text(place(candidates))
            case .horizontal:
                let y = py(marker.position)
                svg += "<line id=\"\(marker.name)\" class=\"\(marker.name)\" x1=\"\(f(x0))\" y1=\"\(f(y))\" x2=\"\(f(x1))\" y2=\"\(f(y))\" "
                svg += "stroke=\"#888\" stroke-dasharray=\"2 3\"/>\n"
                // Along the line, above then below it, at its right end, then its left, then between.
                let attributes = "class=\"\(marker.name)\" fill=\"#666\""
                var candidates: [PlotLabel] = []
                for (along, anchor) in [(x1 - 4, PlotLabel.Anchor.end), (x0 + 4, .start), ((x0 + x1) / 2, .middle)] {
                    for baseline in [y - 4, y + 14] {
                        candidates.append(PlotLabel(text: marker.label, x: along, y: baseline, anchor: anchor, fontSize: 12, attributes: attributes))
                    }
                }
                svg += text(place(candidates))
            }
        }
        // The curve.
        var path = ""
        for (index, point) in points.enumerated() {
            path += (index == 0 ? "M" : " L") + f(px(point.x)) + " " + f(py(point.y))
        }
        svg += "<path class=\"curve\" d=\"\(path)\" fill=\"none\" stroke=\"#2468b4\" stroke-width=\"2\"/>\n"
        svg += "</svg>\n"
        return (svg, labels)
    }

    /// The `<text>` element of `label`.
    private func text(_ label: PlotLabel) -> String {
        func f(_ v: Double) -> String { formatCompact(v, maxDecimals: 2) }
        let size = label.fontSize == 12 ? "" : " font-size=\"\(f(label.fontSize))\""
        let extra = label.attributes.isEmpty ? "" : " " + label.attributes
        if label.isVertical {
            return "<text\(extra) transform=\"translate(\(f(label.x)) \(f(label.y))) rotate(-90)\" text-anchor=\"\(label.anchor.rawValue)\"\(size)>\(escape(label.text))</text>\n"
        }
        return "<text\(extra) x=\"\(f(label.x))\" y=\"\(f(label.y))\" text-anchor=\"\(label.anchor.rawValue)\"\(size)>\(escape(label.text))</text>\n"
    }

    /// About five round tick values (1, 2 or 5 × 10ⁿ apart) covering [low, high].
    static func ticks(from low: Double, to high: Double) -> [Double] {
        let span = high - low
        guard span > 0, span.isFinite else { return [low] }
        var step = 1.0
        while step * 10 <= span { step *= 10 }
        while step > span { step /= 10 }
        for multiple in [0.2, 0.5, 1.0] where span / (step * multiple) <= 6 {
            step *= multiple
            break
        }
        var ticks: [Double] = []
        var tick = (low / step).rounded(.up) * step
        while tick <= high + step * 1e-9 && ticks.count < 20 {
            ticks.append(abs(tick) < step * 1e-9 ? 0 : tick)
            tick += step
        }
        return ticks
    }

    private func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
