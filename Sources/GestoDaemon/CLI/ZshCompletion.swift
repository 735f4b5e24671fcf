// gestoctl's zsh completion script, made from the command declarations: a `_describe` menu
// of the commands (and of motion's kinds), then one `_arguments` call per command with its
// options, their values and its arguments.
import GestoCommandLine

/// The zsh script.
enum ZshCompletion {
    static func script(for commands: [CommandDeclaration]) -> String {
        var text = "#compdef gestoctl\n" + CompletionShell.zsh.heading + "\n\n" + helpers + "\n"
        text += "_gestoctl() {\n"
        text += menu(commands, name: "commands", title: "gestoctl command", indent: "  ")
        text += """
          local command=$words[2]
          shift words; (( CURRENT-- ))
          case $command in

        """
        for command in commands {
            text += "    \(command.name))\n"
            text += body(of: command, indent: "      ")
        }
        text += """
          esac
        }

        _gestoctl "$@"

        """
        return text
    }

    /// The shell functions the script calls.
    static let helpers = """
    # The gestures bound in the running gestod (`gestoctl bindings --json`), else the gesture kinds.
    _gestoctl_gestures() {
      local -a socket bound
      local i
      for (( i = 2; i < CURRENT; i++ )); do
        case $words[i] in
          --socket) socket=(--socket $words[i+1]) ;;
          --socket=*) socket=($words[i]) ;;
        esac
      done
      bound=(${(f)"$(_call_program gestures gestoctl bindings --json $socket 2>/dev/null |
        grep -o '"gesture": "[^"]*"' | cut -d'"' -f4 | sort -u)"})
      local expl
      if (( $#bound )); then
        _wanted gestures expl 'bound gesture' compadd -a bound
      else
        _wanted kinds expl 'gesture (KIND:FINGERS[:DIRECTION])' \\
          compadd -S '' -- swipe: pinch: rotate: hold: long-press: long-press-drag:
      fi
    }

    """

    /// The menu of `commands` offered at the second word, returning when it is the current one.
    static func menu(_ commands: [CommandDeclaration], name: String, title: String, indent: String) -> String {
        var text = indent + "local -a \(name)\n" + indent + "\(name)=(\n"
        for command in commands {
            text += indent + "  " + quoted(command.name + ":" + escapingColons(command.summary)) + "\n"
        }
        text += indent + ")\n"
        text += indent + "if (( CURRENT == 2 )); then\n"
        text += indent + "  _describe -t \(name) \(quoted(title)) \(name)\n"
        text += indent + "  return\n"
        text += indent + "fi\n"
        return text
    }

    /// The lines completing `command`'s words (the words before it shifted away), ending its
    /// `case` branch.
    static func body(of command: CommandDeclaration, indent: String) -> String {
        if !command.subcommands.isEmpty {
            var text = menu(command.subcommands, name: "kinds", title: command.subcommandRole?.noun ?? command.name, indent: indent)
            text += indent + "local kind=$words[2]\n"
            text += indent + "shift words; (( CURRENT-- ))\n"
            text += indent + "case $kind in\n"
            for subcommand in command.subcommands {
                text += indent + "  \(subcommand.name))\n"
                text += body(of: subcommand, indent: indent + "    ")
            }
            return text + indent + "esac ;;\n"
        }
        var specs = command.options.map { spec(of: $0, in: command) }
        specs.append("'(- *)'{-h,--help}'[print the usage]'")
        for (position, positional) in command.positionals.enumerated() {
            let action = positional.value
            specs.append(quoted("\(position + 1):\(positional.isOptional ? ":" : "")\(escapingColons(positional.help)):\(self.action(action))"))
        }
        return indent + "_arguments \\\n" + specs.map { indent + "  " + $0 }.joined(separator: " \\\n") + " ;;\n"
    }

    /// The `_arguments` specification of `option` (with its short name, two through a brace
    /// expansion), excluding its other spelling and any option it excludes.
    static func spec(of option: OptionDeclaration, in command: CommandDeclaration) -> String {
        var excluded = option.excludes.map { ["--" + $0] } ?? []
        excluded += command.options.filter { $0.excludes == option.name }.map { "--" + $0.name }
        let description = "[\(escapingBrackets(option.menuText))]"
            + (option.value.map { ":\(escapingColons(option.placeholder)):\(action($0))" } ?? "")
        if let short = option.short {
            let exclusion = "(" + (["-\(short)", "--\(option.name)"] + excluded).joined(separator: " ") + ")"
            let spellings = option.takesValue ? "{-\(short)+,--\(option.name)=}" : "{-\(short),--\(option.name)}"
            return quoted(exclusion) + spellings + quoted(description)
        }
        let exclusion = excluded.isEmpty ? "" : "(" + excluded.joined(separator: " ") + ")"
        return quoted(exclusion + "--" + option.name + (option.takesValue ? "=" : "") + description)
    }

    /// The action completing a value of `kind` (empty for free text).
    static func action(_ kind: ValueKind) -> String {
        switch kind {
        case .text: ""
        case .file(let extensions) where extensions.isEmpty: "_files"
        case .file(let extensions): "_files -g \"*.(\(extensions.joined(separator: "|")))\""
        case .choice(let choices): "(\(choices.words.joined(separator: " ")))"
        case .gesture: "_gestoctl_gestures"
        }
    }

    /// `text` in single quotes.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    static func escapingColons(_ text: String) -> String { text.replacing(":", with: "\\:") }

    static func escapingBrackets(_ text: String) -> String {
        text.replacing("[", with: "\\[").replacing("]", with: "\\]")
    }
}
