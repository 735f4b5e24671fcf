// gestoctl's command line: the list of its declared commands (each in its own file of this
// folder, where tests call them directly) and the dispatch to them. The gestoctl executable
// and the installed multi-call gestod (started as `gestoctl`) both run it.
import GestoCommandLine
import GestoConfig
import GestoCore

/// gestoctl's top level.
public enum GestoctlMain {
    /// Every command, in the order `gestoctl help` and the completions list them.
    static let commands: [CommandDeclaration] = {
        let listed = [
            StatusCommand.declaration, ReloadCommand.declaration, PauseCommand.declaration, ResumeCommand.declaration,
            DevicesCommand.declaration, BindingsCommand.declaration, MonitorCommand.declaration,
            TriggerCommand.declaration, VersionCommand.declaration, DoctorCommand.declaration,
            EnableCommand.enableDeclaration, EnableCommand.disableDeclaration,
            ReplayCommand.declaration, CheckCommand.declaration, MotionCommand.declaration, InitCommand.declaration,
            ImportCommand.declaration, CompletionCommand.declaration,
        ]
        return listed + [help(naming: listed.map(\.name))]
    }()

    /// `gestoctl help [COMMAND]`; `help COMMAND` reaches the command as `COMMAND --help`
    /// (GestoctlCommandLine), so this runs only for the overview.
    private static func help(naming names: [String]) -> CommandDeclaration {
        CommandDeclaration(
            "help", summary: "print the list of commands, or a command's usage",
            positionals: [PositionalDeclaration(placeholder: "COMMAND", value: .choice(Choices(noun: "command", words: names)),
                                                help: "the command to explain", isOptional: true)],
            discussion: "Prints the list of commands, or with COMMAND that command's usage and options."
        ) { _, context in
            context.output.write(usage + "\n")
            return 0
        }
    }

    /// The top-level usage.
    public static var usage: String { CommandHelp.overview(of: commands) }

    /// Runs the command in `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, in: CommandContext(output: FileSink.standardOutput, errors: FileSink.standardError))
    }

    /// Runs the command in `arguments`, writing to `context`'s sinks (a test's own).
    static func run(_ arguments: [String], in context: CommandContext) -> Int32 {
        let (name, arguments) = GestoctlCommandLine.split(arguments)
        let status: Int32
        switch name {
        case "--version":
            context.output.write("gestoctl \(GestoVersion.current)\n")
            status = 0
        case "-h", "--help":
            context.output.write(usage + "\n")
            status = 0
        default:
            if let command = commands.first(where: { $0.name == name }) {
                status = command.execute(arguments, in: context)
            } else {
                let message = "gestoctl: unknown command '\(name)'" + didYouMean(name, among: commands.map(\.name))
                context.errors.write(message + "\n\n\(usage)\n")
                status = 2
            }
        }
        context.output.flush()
        return status
    }
}
