// gestoctl's usage texts, made from the command declarations: `gestoctl help` lists the
// commands with their summaries; `gestoctl help COMMAND` (or `COMMAND --help`) gives its usage
// line, what it does, and its options with their help. `gestod --help` is made the same way.

/// The help texts.
package enum CommandHelp {
    /// The widest a usage line grows before its next word goes on a line of its own: 100
    /// columns, what the hand-written usages kept to.
    package static let usageWidth = 100
    /// The least width of an option's name column in `--help`, spaces included: 16, which fits
    /// `--socket PATH` and the help lines written for it.
    package static let optionColumn = 16
    /// The least width of a command's name column in `gestoctl help`: 17.
    package static let commandColumn = 17

    /// `gestoctl help`: the usage and the listed commands by group.
    package static func overview(of commands: [CommandDeclaration]) -> String {
        func label(_ command: CommandDeclaration) -> String {
            var words = [command.name]
            if let role = command.subcommandRole { words.append(role.placeholder) }
            words += command.positionals.filter { !$0.isOptional }.map(\.placeholder)
            return words.joined(separator: " ")
        }
        let listed = commands.filter { $0.group != .unlisted }
        let width = max(commandColumn, (listed.map { label($0).count }.max() ?? 0) + 2)
        func lines(_ group: CommandDeclaration.Group) -> String {
            listed.filter { $0.group == group }.map { "  " + padded(label($0), to: width) + $0.summary }.joined(separator: "\n")
        }
        return """
        usage: gestoctl [--json] [--socket PATH] COMMAND [ARGUMENTS]

        Commands that talk to the running gestod (each takes --json and --socket PATH):
        \(lines(.daemon))

        Commands that set gesto up on this desktop:
        \(lines(.setup))

        Commands that work without gestod:
        \(lines(.standalone))

        Run `gestoctl help COMMAND` (or `gestoctl COMMAND --help`) for a command's options.
        """
    }

    /// `gestoctl help COMMAND`: the usage lines (one per subcommand), the discussion, the
    /// options and the epilogue.
    /// - Parameter program: The program the command belongs to; nil when the command is the
    ///   program itself (gestod).
    package static func text(of command: CommandDeclaration, under program: String? = "gestoctl") -> String {
        let usages = command.subcommands.isEmpty
            ? [usage(of: command, path: command.name, under: program)]
            : command.subcommands.map { usage(of: $0, path: "\(command.name) \($0.name)", under: program) }
        var text = usages.enumerated().map { index, lines in
            (index == 0 ? "usage: " : "       ") + lines
        }.joined(separator: "\n")
        text += "\n\n" + command.discussion
        if command.listsOptions && !command.options.isEmpty { text += "\n\n" + optionList(command.options) }
        if let epilogue = command.epilogue { text += "\n\n" + epilogue }
        return text
    }

    /// `gestoctl PATH ARGUMENTS…` (`PATH ARGUMENTS…` when `program` is nil), its words wrapped
    /// at ``usageWidth`` under the first argument (the text after the 7 columns of `usage: `).
    package static func usage(of command: CommandDeclaration, path: String, under program: String? = "gestoctl") -> String {
        let prefix = (program.map { $0 + " " } ?? "") + "\(path) "
        let indent = String(repeating: " ", count: 7 + prefix.count)
        var text = prefix
        var lineLength = 7 + prefix.count
        var first = true
        for word in usageWords(of: command) {
            if !first && lineLength + 1 + word.count > usageWidth {
                text += "\n" + indent
                lineLength = indent.count
            } else if !first {
                text += " "
                lineLength += 1
            }
            text += word
            lineLength += word.count
            first = false
        }
        return text
    }

    /// The words of a usage line: the arguments, then the options in declaration order, an
    /// option's dependants inside its brackets and excluding options joined by `|`.
    package static func usageWords(of command: CommandDeclaration) -> [String] {
        var words: [String] = []
        for positional in command.positionals where positional.requires == nil {
            words.append(positional.isOptional ? "[\(positional.placeholder)]" : positional.placeholder)
        }
        var groups: Set<String> = []
        var joined: Set<String> = []
        for option in command.options where option.requires == nil && !joined.contains(option.name) {
            if case .grouped(let placeholder) = option.appearance {
                if groups.insert(placeholder).inserted { words.append(placeholder) }
                continue
            }
            var inner = usageText(of: option)
            if let other = option.excludes, let excluded = command.option(other) {
                inner += " | " + usageText(of: excluded)
                joined.insert(other)
            }
            for dependant in command.options where dependant.requires == option.name {
                inner += " [\(usageText(of: dependant))]"
            }
            for dependant in command.positionals where dependant.requires == option.name {
                inner += dependant.isOptional ? " [\(dependant.placeholder)]" : " \(dependant.placeholder)"
            }
            if case .required = option.appearance { words.append(inner) } else { words.append("[\(inner)]") }
        }
        return words
    }

    /// `--name VALUE`, the value's words listed where its choices say so, `VALUE...` when it
    /// is repeatable.
    package static func usageText(of option: OptionDeclaration) -> String {
        guard option.takesValue else { return "--" + option.name }
        if case .choice(let choices)? = option.value, choices.listedInUsage {
            return "--\(option.name) " + choices.words.joined(separator: "|")
        }
        return "--\(option.name) \(option.placeholder)" + (option.isRepeatable ? "..." : "")
    }

    /// The options' help: names in a column, the help beside them, its further lines under it.
    package static func optionList(_ options: [OptionDeclaration]) -> String {
        func names(_ option: OptionDeclaration) -> String {
            (option.short.map { "-\($0), " } ?? "") + "--" + option.name + (option.takesValue ? " " + option.placeholder : "")
        }
        let width = max(optionColumn, (options.map { names($0).count }.max() ?? 0) + 2)
        let indent = String(repeating: " ", count: 2 + width)
        return options.map { option in
            let help = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            return (["  " + padded(names(option), to: width) + help[0]] + help.dropFirst().map { indent + $0 })
                .joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `text` followed by spaces up to `width` columns (one space at least).
    package static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
