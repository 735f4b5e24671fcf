// `gestoctl motion --svg`: no two labels of a plot overlap (issue 15, item 12). The labels are
// read back from the SVG each kind writes and their boxes computed as MotionPlot estimates them.
import Foundation
import Testing
@testable import GestoDaemon

@Suite struct MotionPlotLabelTests {
    /// The `<text>` elements of an SVG document, as labels (position, anchor, size, rotation).
    static func labels(inSVG svg: String) -> [PlotLabel] {
        func attribute(_ name: String, in tag: Substring) -> String? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
        var labels: [PlotLabel] = []
        var rest = svg[...]
        while let open = rest.range(of: "<text") {
            guard let close = rest[open.upperBound...].range(of: ">"),
                  let end = rest[close.upperBound...].range(of: "</text>") else { break }
            let tag = rest[open.lowerBound..<close.upperBound]
            let content = String(rest[close.upperBound..<end.lowerBound])
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            var x = Double(attribute("x", in: tag) ?? "0") ?? 0, y = Double(attribute("y", in: tag) ?? "0") ?? 0
            var vertical = false
            if let transform = attribute("transform", in: tag), transform.hasPrefix("translate(") {
                let numbers = transform.dropFirst("translate(".count).prefix { $0 != ")" }.split(separator: " ").compactMap { Double($0) }
                x = numbers[0]; y = numbers[1]
                vertical = transform.contains("rotate(-90)")
            }
            labels.append(PlotLabel(text: content, x: x, y: y,
                                    anchor: PlotLabel.Anchor(rawValue: attribute("text-anchor", in: tag) ?? "start") ?? .start,
                                    fontSize: Double(attribute("font-size", in: tag) ?? "12") ?? 12, isVertical: vertical))
            rest = rest[end.upperBound...]
        }
        return labels
    }

    func svg(_ arguments: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("gesto-motion-labels-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var output = "", errors = ""
        #expect(MotionCommand.run(arguments + ["--svg", path], output: &output, errors: &errors) == 0, "\(errors)")
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Each kind's plot, with parameters that put a marker where the old layout collided:
    /// the settle line at the right end under the target's label, the decay's end beside its
    /// rest label, the rubber band's limit at the y axis's tick labels.
    @Test(arguments: [
        ["spring", "--response", "0.35", "--damping-fraction", "0.8", "--to", "200"],
        ["spring", "--duration", "0.5", "--bounce", "0.3", "--to", "200"],
        ["spring", "--response", "0.3", "--damping-fraction", "1", "--from", "1", "--to", "0"],
        ["decay", "--velocity", "1200"],
        ["decay", "--velocity", "-800", "--from", "100"],
        ["rubber-band", "--limit", "100"],
        ["rubber-band", "--limit", "0", "--dimension", "300"],
    ])
    func noTwoLabelsOverlap(_ arguments: [String]) throws {
        let labels = Self.labels(inSVG: try svg(arguments))
        #expect(labels.count >= 8, "\(labels.map(\.text))")
        #expect(labels.contains { $0.text.hasPrefix("to ") || $0.text.hasPrefix("rest ") || $0.text.hasPrefix("asymptote ") })
        for (index, label) in labels.enumerated() {
            for other in labels[(index + 1)...] where label.box.intersects(other.box) {
                Issue.record("\(arguments.joined(separator: " ")): '\(label.text)' \(label.box) overlaps '\(other.text)' \(other.box)")
            }
            #expect(PlotBox(x: 0, y: 0, width: MotionPlot.width, height: MotionPlot.height).contains(label.box),
                    "'\(label.text)' \(label.box) leaves the plot")
        }
    }

    @Test func boxesOfAnchorsAndRotation() {
        let end = PlotLabel(text: "abcd", x: 100, y: 50, anchor: .end, fontSize: 10)
        #expect(end.box.x + end.box.width == 100 && end.box.y < 50 && end.box.y + end.box.height > 50)
        let vertical = PlotLabel(text: "value", x: 16, y: 200, anchor: .middle, fontSize: 12, isVertical: true)
        #expect(vertical.box.x < 16 && vertical.box.x + vertical.box.width > 16)
        #expect(abs(vertical.box.y + vertical.box.height / 2 - 200) < 1e-9 && vertical.box.height > vertical.box.width)
        #expect(!PlotBox(x: 0, y: 0, width: 10, height: 10).intersects(PlotBox(x: 10, y: 0, width: 5, height: 5)))
    }
}
