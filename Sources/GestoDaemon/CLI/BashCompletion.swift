// gestoctl's bash completion script, made from the command declarations: the commands at the
// first word, then each command's options, its options' values after them, and its
// arguments by position (bash-completion's `_init_completion`, `_filedir`, `compgen`).
import GestoCommandLine

/// The bash script.
enum BashCompletion {
    static func script(for commands: [CommandDeclaration]) -> String {
        var text = CompletionShell.bash.heading + "\n\n" + helpers + "\n"
        text += """
        _gestoctl()
        {
            local cur prev words cword
            _init_completion -n : || return

            if [[ $cword -eq 1 ]]; then
                COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                return
            fi
            case ${words[1]} in

        """
        for command in commands {
            text += "        \(command.name))\n"
            text += body(of: command, firstArgument: 2, indent: "            ")
            text += "            ;;\n"
        }
        text += """
            esac
        } &&
            complete -F _gestoctl gestoctl

        """
        return text
    }

    /// The shell functions the script calls.
    static let helpers = """
    # The gestures bound in the running gestod (`gestoctl bindings --json`), else the gesture kinds.
    _gestoctl_gestures()
    {
        local socket=() i
        for ((i = 2; i < cword; i++)); do
            case ${words[i]} in
                --socket) socket=(--socket "${words[i + 1]}") ;;
                --socket=*) socket=("${words[i]}") ;;
            esac
        done
        local bound
        bound=$(gestoctl bindings --json "${socket[@]}" 2>/dev/null |
            grep -o '"gesture": "[^"]*"' | cut -d'"' -f4 | sort -u)
        if [[ -n $bound ]]; then
            COMPREPLY=($(compgen -W "$bound" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "swipe: pinch: rotate: hold: long-press: long-press-drag:" -- "$cur"))
            compopt -o nospace
        fi
        __ltrim_colon_completions "$cur"
    }

    # How many arguments come before the current word, from word $1 on: the words that are
    # neither options nor the value of one of the options listed in $2 ("|--a|-b|").
    _gestoctl_argument_index()
    {
        local i n=0
        for ((i = $1; i < cword; i++)); do
            [[ ${words[i]} == -?* ]] && continue
            [[ $2 == *"|${words[i - 1]}|"* ]] && continue
            n=$((n + 1))
        done
        echo $n
    }

    """

    /// The lines completing `command`'s words from word `firstArgument` on.
    static func body(of command: CommandDeclaration, firstArgument: Int, indent: String) -> String {
        var text = ""
        if !command.subcommands.isEmpty {
            text += indent + "if [[ $cword -eq \(firstArgument) ]]; then\n"
            text += indent + "    COMPREPLY=($(compgen -W \"\(command.subcommands.map(\.name).joined(separator: " ")) --help\" -- \"$cur\"))\n"
            text += indent + "    return\n"
            text += indent + "fi\n"
            text += indent + "case ${words[\(firstArgument)]} in\n"
            for subcommand in command.subcommands {
                text += indent + "    \(subcommand.name))\n"
                text += body(of: subcommand, firstArgument: firstArgument + 1, indent: indent + "        ")
                text += indent + "        ;;\n"
            }
            text += indent + "esac\n"
            return text
        }
        let valued = command.options.filter(\.takesValue)
        if !valued.isEmpty {
            text += indent + "case $prev in\n"
            for option in valued {
                text += indent + "    \(option.spellings.joined(separator: "|")))"
                text += (action(option.value!).map { " \($0);" } ?? "") + " return ;;\n"
            }
            text += indent + "esac\n"
        }
        let options = (command.options.map { "--" + $0.name } + ["--help"]).joined(separator: " ")
        guard !command.positionals.isEmpty else {
            return text + indent + "COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\"))\n"
        }
        text += indent + "if [[ $cur == -* ]]; then\n"
        text += indent + "    COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\"))\n"
        text += indent + "    return\n"
        text += indent + "fi\n"
        let valueSpellings = "|" + valued.flatMap(\.spellings).map { $0 + "|" }.joined()
        text += indent + "case $(_gestoctl_argument_index \(firstArgument) \"\(valueSpellings)\") in\n"
        for (position, positional) in command.positionals.enumerated() {
            if let action = action(positional.value) { text += indent + "    \(position)) \(action) ;;\n" }
        }
        text += indent + "esac\n"
        return text
    }

    /// The command completing a value of `kind`; nil for free text.
    static func action(_ kind: ValueKind) -> String? {
        switch kind {
        case .text: nil
        case .file(let extensions) where extensions.isEmpty: "_filedir"
        case .file(let extensions): "_filedir '@(\(extensions.joined(separator: "|")))'"
        case .choice(let choices): "COMPREPLY=($(compgen -W \"\(choices.words.joined(separator: " "))\" -- \"$cur\"))"
        case .gesture: "_gestoctl_gestures"
        }
    }
}
