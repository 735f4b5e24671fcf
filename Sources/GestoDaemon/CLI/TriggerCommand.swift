// `gestoctl trigger GESTURE`: runs the action bound to a gesture without performing it, the
// non-gesture alternative every gesture-driven action needs (accessibility, scripts, testing a
// binding). gestod picks the binding its matcher would pick and runs it the usual way.
import GestoCommandLine
import GestoCore

/// The `gestoctl trigger` command. Exit status: 0 the action ran, 1 no binding, a binding that
/// follows the fingers (refused), an action that failed, or gestod not reachable, 2 bad usage
/// (including a gesture name that does not parse).
public enum TriggerCommand {
    static let declaration = CommandDeclaration(
        "trigger", summary: "run the action bound to a gesture without performing it [--app ID]", group: .daemon,
        positionals: [PositionalDeclaration(placeholder: "GESTURE", value: .gesture,
                                            help: "the gesture to trigger, such as swipe:3:left")],
        options: [.value("app", "ID", help: "choose per-app bindings for this app_id")] + ConnectionOptions.declarations,
        discussion: """
        Runs the action bound to GESTURE (binding syntax: swipe:3:left, pinch:2:in, hold:3, …) as if
        the gesture had been performed. With --app, the binding is chosen as if that app_id were
        focused (default: the focused window's). It runs even while gestod is paused. A drag,
        window-motion or reorder binding is refused: it follows the fingers.
        """
    ) { parsed, context in
        let text = parsed.positionals[0]
        let gesture: GestureName
        do { gesture = try GestureName(parsing: text) } catch {
            context.errors.write("gestoctl trigger: '\(text)': \(error)\n")
            return 2
        }
        return ControlCommand.run(.trigger(gesture: gesture, app: parsed.values["app"]), ConnectionOptions(parsed),
                                  output: context.output, errors: context.errors) { result in
            let summary = try TriggerSummary(json: result)
            // The binding counted from 1, as `gestoctl check` counts them.
            return "\(summary.gesture) → \(summary.action) (binding \(summary.bindingNumber)"
                + (summary.app.map { ", app \($0)" } ?? "") + ")"
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }
}
