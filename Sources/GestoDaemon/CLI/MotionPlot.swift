// A self-contained SVG line plot for `gestoctl motion --svg`: axes with ticks, one curve and
// labelled marker lines (the settle time, the target). No fonts, scripts or external files,
// so any browser opens it as is.

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
    func render() -> String {
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
        <text x="\(f(Self.width / 2))" y="20" text-anchor="middle" font-size="14">\(escape(title))</text>

        """
        // Axes and ticks.
        let x0 = px(xMin), x1 = px(xMax), y0 = py(yMin), y1 = py(yMax)
        svg += "<g class=\"axes\" stroke=\"#444\" fill=\"none\">\n"
        svg += "<line x1=\"\(f(x0))\" y1=\"\(f(y0))\" x2=\"\(f(x1))\" y2=\"\(f(y0))\"/>\n"
        svg += "<line x1=\"\(f(x0))\" y1=\"\(f(y0))\" x2=\"\(f(x0))\" y2=\"\(f(y1))\"/>\n"
        svg += "</g>\n<g class=\"ticks\" fill=\"#444\">\n"
        for tick in Self.ticks(from: xMin, to: xMax) {
            svg += "<line x1=\"\(f(px(tick)))\" y1=\"\(f(y0))\" x2=\"\(f(px(tick)))\" y2=\"\(f(y0 + 5))\" stroke=\"#444\"/>"
            svg += "<text x=\"\(f(px(tick)))\" y=\"\(f(y0 + 18))\" text-anchor=\"middle\">\(formatCompact(tick, maxDecimals: 4))</text>\n"
        }
        for tick in Self.ticks(from: yMin, to: yMax) {
            svg += "<line x1=\"\(f(x0 - 5))\" y1=\"\(f(py(tick)))\" x2=\"\(f(x0))\" y2=\"\(f(py(tick)))\" stroke=\"#444\"/>"
            svg += "<line x1=\"\(f(x0))\" y1=\"\(f(py(tick)))\" x2=\"\(f(x1))\" y2=\"\(f(py(tick)))\" stroke=\"#eee\"/>"
            svg += "<text x=\"\(f(x0 - 8))\" y=\"\(f(py(tick) + 4))\" text-anchor=\"end\">\(formatCompact(tick, maxDecimals: 4))</text>\n"
        }
        svg += "</g>\n"
        svg += "<text x=\"\(f((x0 + x1) / 2))\" y=\"\(f(Self.height - 12))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        svg += "<text transform=\"translate(16 \(f((y0 + y1) / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(yLabel))</text>\n"
        // Markers.
        for marker in markers {
            switch marker.orientation {
            case .vertical:
                let x = px(marker.position)
                svg += "<line id=\"\(marker.name)\" class=\"\(marker.name)\" x1=\"\(f(x))\" y1=\"\(f(y0))\" x2=\"\(f(x))\" y2=\"\(f(y1))\" "
                svg += "stroke=\"#c0392b\" stroke-dasharray=\"6 4\"/>\n"
                svg += "<text class=\"\(marker.name)\" x=\"\(f(x - 4))\" y=\"\(f(y1 + 14))\" text-anchor=\"end\" fill=\"#c0392b\">\(escape(marker.label))</text>\n"
            case .horizontal:
                let y = py(marker.position)
                svg += "<line id=\"\(marker.name)\" class=\"\(marker.name)\" x1=\"\(f(x0))\" y1=\"\(f(y))\" x2=\"\(f(x1))\" y2=\"\(f(y))\" "
                svg += "stroke=\"#888\" stroke-dasharray=\"2 3\"/>\n"
                svg += "<text class=\"\(marker.name)\" x=\"\(f(x1 - 4))\" y=\"\(f(y - 4))\" text-anchor=\"end\" fill=\"#666\">\(escape(marker.label))</text>\n"
            }
        }
        // The curve.
        var path = ""
        for (index, point) in points.enumerated() {
            path += (index == 0 ? "M" : " L") + f(px(point.x)) + " " + f(py(point.y))
        }
        svg += "<path class=\"curve\" d=\"\(path)\" fill=\"none\" stroke=\"#2468b4\" stroke-width=\"2\"/>\n"
        svg += "</svg>\n"
        return svg
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
