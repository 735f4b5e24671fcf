// The shell completion scripts `gestoctl completion` prints and the package installs, made
// from the command declarations (BashCompletion, ZshCompletion, FishCompletion): a command,
// option or choice exists in them exactly when it exists in gestoctl.
import GestoCommandLine

/// A shell gestoctl writes a completion script for.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish

    /// The script completing `commands` (gestoctl's, in their listed order).
    func script(for commands: [CommandDeclaration]) -> String {
        switch self {
        case .bash: BashCompletion.script(for: commands)
        case .zsh: ZshCompletion.script(for: commands)
        case .fish: FishCompletion.script(for: commands)
        }
    }

    /// Where the package installs the script, from the source tree's root.
    var packagedPath: String {
        switch self {
        case .bash: "packaging/completions/bash/gestoctl"
        case .zsh: "packaging/completions/zsh/_gestoctl"
        case .fish: "packaging/completions/fish/gestoctl.fish"
        }
    }

    /// The script's opening comment, in the shell's comment syntax.
    var heading: String {
        """
        # \(rawValue) completion for gestoctl (gesto's controller), printed by `gestoctl completion \(rawValue)`
        # from the commands' declarations (Sources/GestoDaemon/CLI): regenerate it, do not edit it.
        """
    }
}

/// `gestoctl completion SHELL`.
enum CompletionCommand {
    static let declaration = CommandDeclaration(
        "completion", summary: "print the completion script for bash, zsh or fish", group: .standalone,
        positionals: [PositionalDeclaration(
            placeholder: "SHELL", value: .choice(Choices(noun: "shell", words: CompletionShell.allCases.map(\.rawValue))),
            help: "the shell to complete in")],
        discussion: """
        Prints the script that completes gestoctl's commands, their options and the options'
        values in SHELL (bash, zsh or fish), made from the commands themselves. The package
        installs it; without the package, save it where the shell looks:
          bash:  gestoctl completion bash > ~/.local/share/bash-completion/completions/gestoctl
          zsh:   gestoctl completion zsh > ~/.zfunc/_gestoctl  (with ~/.zfunc in $fpath)
          fish:  gestoctl completion fish > ~/.config/fish/completions/gestoctl.fish
        """
    ) { parsed, context in
        let shell = CompletionShell(rawValue: parsed.positionals[0].lowercased())!  // a closed choice
        context.output.write(shell.script(for: GestoctlMain.commands))
        return 0
    }
}
