// gestoctl's fish completion script, made from the command declarations: one `complete` line
// per command, option and argument, each under a condition naming the command it belongs to.
import GestoCommandLine

/// The fish script.
enum FishCompletion {
    static func script(for commands: [CommandDeclaration]) -> String {
        var lines = [CompletionShell.fish.heading, "", helpers, "complete -c gestoctl -f"]
        lines += menu(commands, after: [])
        for command in commands { lines += completions(of: command, path: [command.name]) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The functions the conditions call.
    static let helpers = """
    # True when the words before the one being completed are `gestoctl` and then exactly $argv.
    function __gestoctl_words_are
        set -l words (commandline -opc)
        set -e words[1]
        test "$words" = "$argv"
    end

    # True when the command line's command (and subcommand) are $argv.
    function __gestoctl_command_is
        set -l words (commandline -opc)
        set -e words[1]
        test (count $words) -ge (count $argv); or return 1
        for i in (seq (count $argv))
            test "$words[$i]" = "$argv[$i]"; or return 1
        end
    end

    # True when the word being completed is argument $argv[2] (from 0) after the first $argv[1]
    # words, counting neither options nor the values of the options named after those two.
    function __gestoctl_argument_is
        set -l valued $argv
        set -e valued[1..2]
        set -l words (commandline -opc)
        set -l n 0
        for i in (seq (math $argv[1] + 1) (count $words))
            string match -q -- '-?*' $words[$i]; and continue
            contains -- $words[(math $i - 1)] $valued; and continue
            set n (math $n + 1)
        end
        test $n -eq $argv[2]
    end

    # The gestures bound in the running gestod (`gestoctl bindings --json`), else the gesture kinds.
    function __gestoctl_gestures
        set -l socket
        set -l words (commandline -opc)
        for i in (seq (count $words))
            switch $words[$i]
                case --socket
                    set socket --socket $words[(math $i + 1)]
                case '--socket=*'
                    set socket $words[$i]
            end
        end
        set -l bound (gestoctl bindings --json $socket 2>/dev/null | string match -ar '"gesture": "[^"]*"' | string replace -r '.*: "([^"]*)"' '$1' | sort -u)
        if set -q bound[1]
            printf '%s\\tbound gesture\\n' $bound
        else
            printf '%s\\tgesture kind\\n' swipe: pinch: rotate: hold: long-press: long-press-drag:
        end
    end

    """

    /// The menu of `commands`, offered right after the words `path`.
    static func menu(_ commands: [CommandDeclaration], after path: [String]) -> [String] {
        let condition = quoted((["__gestoctl_words_are"] + path).joined(separator: " "))
        return commands.map { "complete -c gestoctl -n \(condition) -a \($0.name) -d \(quoted($0.summary))" }
    }

    /// The lines completing the options and arguments of the command named by `path`.
    static func completions(of command: CommandDeclaration, path: [String]) -> [String] {
        if !command.subcommands.isEmpty {
            return menu(command.subcommands, after: path)
                + command.subcommands.flatMap { completions(of: $0, path: path + [$0.name]) }
        }
        let condition = (["__gestoctl_command_is"] + path).joined(separator: " ")
        let start = "complete -c gestoctl -n " + quoted(condition)
        var lines: [String] = []
        for option in command.options {
            var line = start + (option.short.map { " -s \($0)" } ?? "") + " -l \(option.name)"
            if let kind = option.value { line += " " + valueFlags(kind) }
            lines.append(line + " -d " + quoted(option.menuText))
        }
        lines.append(start + " -s h -l help -d 'print the usage'")
        let valued = command.options.filter(\.takesValue).flatMap(\.spellings)
        for (position, positional) in command.positionals.enumerated() {
            let argument = (["__gestoctl_argument_is", String(path.count + 1), String(position)] + valued).joined(separator: " ")
            let flags: String
            switch positional.value {
            case .text: continue
            case .file: flags = "-F"
            case .choice(let choices): flags = "-a " + quoted(choices.words.joined(separator: " "))
            case .gesture: flags = "-a '(__gestoctl_gestures)'"
            }
            lines.append("complete -c gestoctl -n " + quoted(condition + "; and " + argument) + " " + flags
                         + " -d " + quoted(positional.help))
        }
        return lines
    }

    /// The `complete` flags of an option's value of `kind`.
    static func valueFlags(_ kind: ValueKind) -> String {
        switch kind {
        case .text: "-x"
        case .file: "-r -F"
        case .choice(let choices): "-x -a " + quoted(choices.words.joined(separator: " "))
        case .gesture: "-x -a '(__gestoctl_gestures)'"
        }
    }

    /// `text` in single quotes (fish's `\'` and `\\` escapes).
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
