// `gestoctl motion`: the CSV it prints, the exit status and message for bad parameters, and the
// SVG plot it writes.

import Foundation
import Testing
import GestoCore
@testable import GestoDaemon

@Suite struct MotionCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output = "", errors = ""
        let status = MotionCommand.run(arguments, output: &output, errors: &errors)
        return (status, output, errors)
    }

    func rows(_ csv: String) -> [[Double]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
    }

    @Test func springCSVHasHeaderFirstRowAndEndsAtRest() throws {
        let result = run(["spring", "--response", "0.35", "--damping-fraction", "0.8", "--csv"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first == "t,value,velocity")
        let table = rows(result.output)
        #expect(table.first == [0, 0, 0])
        let spring = Spring(parameters: try SpringParameters(response: 0.35, dampingFraction: 0.8), from: 0, to: 1)
        let settle = spring.settleTime(tolerance: .progress)
        let last = try #require(table.last)
        #expect(last[0] >= settle && last[0] - settle < MotionCommand.defaultStep)
        #expect(abs(last[1] - 1) <= 1e-4 && abs(last[2]) <= 6.25e-3)
        #expect(abs(table[1][0] - 1.0 / 120) < 1e-6)
        #expect(abs(table[1][1] - spring.value(at: 1.0 / 120)) < 1e-6)
    }

    @Test func springHonoursFromToVelocityAndStep() {
        let result = run(["spring", "--damping-ratio", "1", "--stiffness", "1000", "--from", "0", "--to", "400",
                          "--velocity=2000", "--step", "0.01", "--csv"])
        #expect(result.status == 0)
        let table = rows(result.output)
        #expect(table.first == [0, 0, 2000])
        #expect(abs(table[1][0] - 0.01) < 1e-9)
        #expect(abs(table.last![1] - 400) <= 0.1)
    }

    /// Issue 15 item 12: `--damping-fraction` alone was refused although the help documents a
    /// default response, and the plot's title showed mass, stiffness and damping instead of
    /// what was typed.
    @Test func dampingFractionAloneTakesTheDefaultResponseAndThePlotTitleShowsWhatWasTyped() throws {
        let alone = run(["spring", "--damping-fraction", "0.6", "--csv"])
        #expect(alone.status == 0, "\(alone.errors)")
        let expected = Spring(parameters: try SpringParameters(response: SpringParameters.defaultResponse, dampingFraction: 0.6), from: 0, to: 1)
        #expect(abs((rows(alone.output)[1][1]) - expected.value(at: 1.0 / 120)) < 1e-6)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-motion-title-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).svg")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run(["spring", "--response", "0.35", "--damping-fraction", "0.8", "--svg", folder.path]).status == 0)
        let svg = try String(contentsOf: folder, encoding: .utf8)
        #expect(svg.contains("<title>spring response 0.35, damping-fraction 0.8 (ζ 0.8)</title>"), "\(svg.prefix(400))")
        #expect(!svg.contains("<title>spring m "))
    }

    @Test func humanOutputSummarizesTheSpring() {
        let result = run(["spring", "--mass", "1", "--stiffness", "100", "--damping", "10"])
        #expect(result.status == 0)
        #expect(result.output.contains("mass 1, stiffness 100, damping 10"))
        #expect(result.output.contains("ζ 0.5"))
        #expect(result.output.contains("settles at"))
        #expect(result.output.contains("t,value,velocity\n0,0,0\n"))
    }

    @Test(arguments: [
        (["spring", "--stiffness", "-5", "--damping", "3"], "'stiffness' must be > 0"),
        (["spring", "--stiffness", "nan", "--damping", "3"], "--stiffness must be a finite number"),
        (["spring", "--response", "0.3", "--stiffness", "100", "--damping", "2"], "different parameterizations"),
        (["spring", "--response", "0.3", "--duration", "0.5"], "different parameterizations"),
        (["spring", "--response", "0.3", "--wobble", "1"], "unknown option '--wobble'"),
        (["spring", "--response"], "--response needs a value"),
        (["spring", "--response", "fast"], "--response needs a number"),
        (["spring", "--response", "0.3", "--step", "0"], "--step must be > 0"),
        (["spring", "--response", "0.3", "--csv", "--svg", "x.svg"], "exclude each other"),
        (["decay"], "--velocity"),
        (["decay", "--velocity", "100", "--rate", "1.5"], "--rate must be"),
        (["rubber-band", "--dimension", "10"], "--limit"),
        (["wiggle"], "unknown motion 'wiggle'"),
        ([], "missing what to show"),
    ])
    func badParametersExitWithStatus2(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        #expect(result.errors.hasPrefix("gestoctl motion: "))
        #expect(result.output.isEmpty)
    }

    @Test func helpPrintsUsage() {
        for arguments in [["--help"], ["spring", "--help"], ["decay", "-h"]] {
            let result = run(arguments)
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("usage: gestoctl motion spring"))
        }
    }

    @Test func svgIsWrittenWithASettleMarker() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-motion-\(getpid()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = run(["spring", "--duration", "0.5", "--bounce", "0.3", "--to", "200", "--svg", path])
        #expect(result.status == 0, "\(result.errors)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("id=\"settle-marker\""))
        #expect(svg.contains("settles at"))
        #expect(svg.contains("<path class=\"curve\" d=\"M"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func svgToAnUnwritablePathFails() {
        let result = run(["spring", "--response", "0.3", "--svg", "/nonexistent-directory/plot.svg"])
        #expect(result.status == 1)
        #expect(result.errors.contains("cannot write"))
    }

    @Test func decayAndRubberBandPrintTables() {
        let decay = run(["decay", "--velocity", "2000", "--rate", "0.998", "--csv"])
        #expect(decay.status == 0)
        let table = rows(decay.output)
        #expect(decay.output.hasPrefix("t,value,velocity\n"))
        #expect(table.first == [0, 0, 2000])
        #expect(abs(table.last![2]) <= 6.25)
        let band = run(["rubber-band", "--limit", "100", "--dimension", "200", "--csv"])
        #expect(band.status == 0)
        #expect(band.output.hasPrefix("raw,displayed,slope\n100,100,0.55\n110,105.352798,"))
    }
}
