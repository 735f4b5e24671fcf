// `gestoctl motion`: prints (or plots) how a spring, a flick decay or a rubber band moves, so
// users can pick the parameters of their config by looking at the curve. A thin adapter over
// GestoCore's Motion types; the lead wires it into gestoctl as the `motion` subcommand.

import GestoCommandLine
import Glibc
import GestoCore

/// The `gestoctl motion` subcommand: `spring`, `decay` and `rubber-band`.
///
/// Exit status: 0 on success, 1 when the SVG file cannot be written, 2 for bad usage (an unknown
/// flag, a missing or non-numeric value, invalid or mixed spring parameters).
public enum MotionCommand {
    /// The default sampling step: 1/120 s, one frame of a 120 Hz display.
    public static let defaultStep = 1.0 / 120
    /// How long a spring or decay that never comes to rest is sampled: 10 s.
    public static let longestSample = 10.0
    /// The most rows printed, whatever the step: 100 000.
    public static let maximumRows = 100_000

    /// The options every kind takes: how the result is printed and sampled.
    private static let outputOptions: [OptionDeclaration] = [
        .flag("csv", help: "print only the table", excludes: "svg"),
        .value("svg", "FILE", .file(extensions: ["svg"]), help: "write a plot with the settle time marked"),
        .value("step", "S", help: "the sampling step (default 1/120 s)"),
    ]

    static let declaration = CommandDeclaration(
        "motion", summary: "print or plot a spring, decay or rubber band (to tune animations)", group: .standalone,
        subcommands: [
            CommandDeclaration("spring", summary: "a damped spring", options: [
                .value("response", "T", help: "response in seconds (SwiftUI)", appearance: .grouped("SPRING")),
                .value("damping-fraction", "Z", help: "damping fraction (SwiftUI)", appearance: .grouped("SPRING")),
                .value("duration", "T", help: "duration in seconds (iOS 17)", appearance: .grouped("SPRING")),
                .value("bounce", "B", help: "bounce (iOS 17)", appearance: .grouped("SPRING")),
                .value("damping-ratio", "Z", help: "damping ratio (Compose, libadwaita, niri)", appearance: .grouped("SPRING")),
                .value("stiffness", "K", help: "stiffness", appearance: .grouped("SPRING")),
                .value("mass", "M", help: "mass", appearance: .grouped("SPRING")),
                .value("damping", "C", help: "damping constant", appearance: .grouped("SPRING")),
                .value("from", "X", help: "start value"),
                .value("to", "X", help: "target value"),
                .value("velocity", "V", help: "initial velocity in units/s"),
                .value("epsilon", "E", help: "rest tolerance"),
            ] + outputOptions, discussion: "", listsOptions: false, run: reporting(runSpring)),
            CommandDeclaration("decay", summary: "a flick coasting to rest", options: [
                .value("velocity", "V", help: "initial velocity in units/s", appearance: .required),
                .value("from", "X", help: "start value"),
                .value("rate", "R", help: "deceleration rate per ms"),
                .value("rest-speed", "S", help: "speed at rest in units/s"),
            ] + outputOptions, discussion: "", listsOptions: false, run: reporting(runDecay)),
            CommandDeclaration("rubber-band", summary: "the resistance past a bound", options: [
                .value("limit", "X", help: "where resistance starts", appearance: .required),
                .value("coefficient", "C", help: "coefficient"),
                .value("dimension", "D", help: "the most it moves past the limit"),
            ] + outputOptions, discussion: "", listsOptions: false, run: reporting(runRubberBand)),
        ],
        choosing: (noun: "what to show", placeholder: "KIND"),
        discussion: """
        Shows how a value moves, sampled every S seconds (default 1/120 s) until at rest.

        spring: a damped spring from X (default 0) to X (default 1), leaving at V units/s (default 0).
          SPRING is one of these parameterizations:
            --response T --damping-fraction Z      SwiftUI (defaults 0.5 s, 0.825)
            --duration T --bounce B                iOS 17 (defaults 0.5 s, 0; -1 < B <= 1)
            --damping-ratio Z --stiffness K        Compose, libadwaita, niri (mass 1)
            --mass M --stiffness K --damping C     raw constants (mass defaults to 1)
          --mass may be added to any of them. Rest is |value - to| <= E and |velocity| <= 62.5*E /s;
          E defaults to 1e-4 when from and to lie in [-1, 1] (progress), else 0.1 (points).
        decay: a flick coasting from X (default 0) at V units/s, losing 1 - R of its speed per ms
          (R default 0.997, the touchpad rate; UIScrollView 0.998 or 0.99), until slower than
          --rest-speed (default 6.25 units/s).
        rubber-band: the displayed value past the bound X: X + C*e*D/(C*e + D) for an excess e;
          C defaults to 0.55 (UIScrollView), D (the most it ever moves past X) to |X|, or 1 if X is 0.
          Sampled every S units of excess (default D/20) up to 3*D; columns raw,displayed,slope.

        Output: a summary and a CSV table (t,value,velocity: seconds, value units, units/s);
        --csv prints only the table; --svg FILE writes a plot with the settle time marked.
        """
    )

    /// Runs the command, appending what it prints to `output` and its errors to `errors`.
    public static func run(_ arguments: [String], output: inout String, errors: inout String) -> Int32 {
        let outputSink = StringSink(), errorSink = StringSink()
        let status = declaration.execute(arguments, in: CommandContext(output: outputSink, errors: errorSink))
        output += outputSink.text
        errors += errorSink.text
        return status
    }

    /// A kind's run: its text is written once it is complete, and a mistake in its values is
    /// a usage error.
    private static func reporting(_ body: @escaping @Sendable (Options, inout String, inout String) throws -> Int32)
        -> @Sendable (CommandArguments, CommandContext) -> Int32 {
        { parsed, context in
            var output = "", errors = ""
            let status: Int32
            do {
                status = try body(parsed, &output, &errors)
            } catch let error as UsageError {
                errors += "gestoctl motion: \(error.message)\n(see gestoctl motion --help)\n"
                status = 2
            } catch {
                errors += "gestoctl motion: \(error)\n"
                status = 2
            }
            context.output.write(output)
            context.errors.write(errors)
            return status
        }
    }

    // MARK: Subcommands

    private static func runSpring(_ options: Options, _ output: inout String, _ errors: inout String) throws -> Int32 {
        var springOptions: [String: Double] = [:]
        for name in SpringParameters.optionNames { if let value = try options.number(name) { springOptions[name] = value } }
        let parameters: SpringParameters
        do { parameters = try SpringParameters(parsing: springOptions) } catch { throw UsageError(error.description) }
        let from = try options.number("from") ?? 0, to = try options.number("to") ?? 1
        let velocity = try options.number("velocity") ?? 0
        let step = try options.step(default: defaultStep)
        let tolerance = parameters.restTolerance ?? (max(abs(from), abs(to)) <= 1 ? .progress : .points)
        let spring = Spring(parameters: parameters, from: from, to: to, initialVelocity: velocity)
        let settle = spring.settleTime(tolerance: tolerance)
        let end = settle.isFinite ? settle : longestSample
        var rows: [(Double, Double, Double)] = []
        var index = 0
        while rows.count < maximumRows {
            let t = Double(index) * step
            let s = spring.state(at: t)
            rows.append((t, s.value, s.velocity))
            if t >= end { break }
            index += 1
        }
        let settleText = settle.isFinite ? formatCompact(settle, maxDecimals: 4) + " s"
            : parameters.damping == 0 ? "never (undamped)" : "never (after more than 1.8e308 s)"
        if let path = options.values["svg"] {
            var markers = [PlotMarker(orientation: .horizontal, position: to, label: "to " + formatCompact(to, maxDecimals: 4), name: "target-marker")]
            if settle.isFinite {
                markers.append(PlotMarker(orientation: .vertical, position: settle, label: "settles at " + settleText, name: "settle-marker"))
            }
            // The parameters as the user typed them (in the help's order), then the damping
            // ratio they make: the physical constants mean nothing to someone who typed a response.
            let typed = SpringParameters.optionNames.filter { springOptions[$0] != nil && $0 != "epsilon" }
                .map { "\($0) \(g(springOptions[$0]!))" }.joined(separator: ", ")
            let plot = MotionPlot(
                title: "spring \(typed) (ζ \(g(parameters.dampingRatio)))",
                xLabel: "time (s)", yLabel: "value", points: rows.map { ($0.0, $0.1) }, markers: markers)
            return write(plot.render(), to: path, &output, &errors)
        }
        if !options.flags.contains("csv") {
            output += "spring: mass \(g(parameters.mass)), stiffness \(g(parameters.stiffness)), damping \(g(parameters.damping))"
            output += " (ζ \(g(parameters.dampingRatio)), \(spring.regime.rawValue); response \(g(parameters.response)) s, bounce \(g(parameters.bounce)))\n"
            output += "from \(g(from)) to \(g(to)), initial velocity \(g(velocity)) /s\n"
            output += "rest: |value - to| <= \(g(tolerance.position)) and |velocity| <= \(g(tolerance.velocity)) /s; settles at \(settleText)\n"
        }
        output += "t,value,velocity\n"
        for row in rows { output += "\(formatCompact(row.0, maxDecimals: 6)),\(formatCompact(row.1, maxDecimals: 6)),\(formatCompact(row.2, maxDecimals: 6))\n" }
        return 0
    }

    private static func runDecay(_ options: Options, _ output: inout String, _ errors: inout String) throws -> Int32 {
        guard let velocity = try options.number("velocity") else { preconditionFailure("--velocity is declared required") }
        let from = try options.number("from") ?? 0
        let rate = DecelerationRate(perMillisecond: try options.number("rate") ?? DecelerationRate.touchpad.perMillisecond)
        let restSpeed = try options.number("rest-speed") ?? RestTolerance.points.velocity
        guard restSpeed > 0 else { throw UsageError("--rest-speed must be > 0") }
        let step = try options.step(default: defaultStep)
        let decay: Decay
        do { decay = try Decay(from: from, initialVelocity: velocity, rate: rate) } catch {
            throw UsageError("--rate must be a number in (0, 1) per millisecond, got \(g(rate.perMillisecond))")
        }
        let end = min(decay.duration(untilSpeedBelow: restSpeed), longestSample * 100)
        var rows: [(Double, Double, Double)] = []
        var index = 0
        while rows.count < maximumRows {
            let t = Double(index) * step
            rows.append((t, decay.value(at: t), decay.velocity(at: t)))
            if t >= end { break }
            index += 1
        }
        let endText = formatCompact(end, maxDecimals: 4) + " s"
        if let path = options.values["svg"] {
            let plot = MotionPlot(
                title: "decay at \(g(rate.perMillisecond)) per ms from \(g(velocity)) /s", xLabel: "time (s)", yLabel: "value",
                points: rows.map { ($0.0, $0.1) },
                markers: [PlotMarker(orientation: .horizontal, position: decay.restValue, label: "rest " + g(decay.restValue), name: "target-marker"),
                          PlotMarker(orientation: .vertical, position: end, label: "slower than \(g(restSpeed)) /s at " + endText, name: "settle-marker")])
            return write(plot.render(), to: path, &output, &errors)
        }
        if !options.flags.contains("csv") {
            output += "decay: rate \(g(rate.perMillisecond)) per ms (λ \(g(rate.decayPerSecond)) /s), from \(g(from)) at \(g(velocity)) /s\n"
            output += "projected distance \(g(rate.project(velocity: velocity))) (rest at \(g(decay.restValue))); slower than \(g(restSpeed)) /s at \(endText)\n"
        }
        output += "t,value,velocity\n"
        for row in rows { output += "\(formatCompact(row.0, maxDecimals: 6)),\(formatCompact(row.1, maxDecimals: 6)),\(formatCompact(row.2, maxDecimals: 6))\n" }
        return 0
    }

    private static func runRubberBand(_ options: Options, _ output: inout String, _ errors: inout String) throws -> Int32 {
        guard let limit = try options.number("limit") else { preconditionFailure("--limit is declared required") }
        let coefficient = try options.number("coefficient") ?? RubberBand.uiScrollViewCoefficient
        let dimension = try options.number("dimension") ?? (limit == 0 ? 1 : abs(limit))
        guard coefficient > 0 else { throw UsageError("--coefficient must be > 0, got \(g(coefficient))") }
        guard dimension > 0 else { throw UsageError("--dimension must be > 0, got \(g(dimension))") }
        let step = try options.step(default: dimension / 20)
        let band = RubberBand(coefficient: coefficient, dimension: dimension)
        let bounds = -Double.infinity...limit
        var rows: [(Double, Double, Double)] = []
        var index = 0
        while rows.count < maximumRows {
            let excess = Double(index) * step
            let raw = limit + excess
            rows.append((raw, band.displayed(raw: raw, within: bounds), excess == 0 ? coefficient : band.slope(raw: raw, within: bounds)))
            if excess >= 3 * dimension { break }
            index += 1
        }
        if let path = options.values["svg"] {
            let plot = MotionPlot(
                title: "rubber band c \(g(coefficient)), dimension \(g(dimension)) past \(g(limit))", xLabel: "raw value", yLabel: "displayed value",
                points: rows.map { ($0.0, $0.1) },
                markers: [PlotMarker(orientation: .horizontal, position: limit + dimension, label: "asymptote " + g(limit + dimension), name: "target-marker"),
                          PlotMarker(orientation: .vertical, position: limit, label: "limit " + g(limit), name: "limit-marker")])
            return write(plot.render(), to: path, &output, &errors)
        }
        if !options.flags.contains("csv") {
            output += "rubber band: past \(g(limit)), slope \(g(coefficient)) at the limit, never beyond \(g(limit + dimension))\n"
        }
        output += "raw,displayed,slope\n"
        for row in rows { output += "\(formatCompact(row.0, maxDecimals: 6)),\(formatCompact(row.1, maxDecimals: 6)),\(formatCompact(row.2, maxDecimals: 6))\n" }
        return 0
    }

    // MARK: Helpers

    /// A number for humans: 4 decimals from 1 up, 6 below, Swift's shortest form below 1e-4.
    private static func g(_ value: Double) -> String {
        if value != 0 && abs(value) < 1e-4 && value.isFinite { return "\(value)" }
        return formatCompact(value, maxDecimals: abs(value) < 1 ? 6 : 4)
    }

    /// Writes `text` to the file at `path`; reports failure on `errors` with exit status 1.
    private static func write(_ text: String, to path: String, _ output: inout String, _ errors: inout String) -> Int32 {
        guard let file = fopen(path, "w") else {
            errors += "gestoctl motion: cannot write '\(path)': \(String(cString: strerror(errno)))\n"
            return 1
        }
        let written = fputs(text, file)
        let closed = fclose(file)
        guard written >= 0, closed == 0 else {
            errors += "gestoctl motion: cannot write '\(path)': \(String(cString: strerror(errno)))\n"
            return 1
        }
        output += "wrote \(path)\n"
        return 0
    }
}

typealias Options = CommandArguments

extension CommandArguments {
    /// `--step`, which must be > 0.
    func step(default fallback: Double) throws -> Double {
        let step = try number("step") ?? fallback
        guard step > 0 else { throw UsageError("--step must be > 0, got \(formatCompact(step, maxDecimals: 6))") }
        return step
    }
}
