// Checks a gestoctl command's arguments (or gestod's) against its declaration
// (CommandDeclaration) and runs it: an unknown option, a missing value, a misspelled closed
// choice, an argument too many or an option without the one it needs is a usage error (exit
// status 2) that names the mistake and, for a typo, what was meant.
import GestoCore

package extension CommandArguments {
    /// Parses `arguments` as `declaration` declares them; `path` names the command in messages
    /// ("replay", "motion spring").
    /// - Throws: ``UsageError``; ``UsageError/help`` for `-h`/`--help`.
    init(_ arguments: [String], declaredBy declaration: CommandDeclaration, path: String) throws {
        self.init(command: path)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { throw UsageError.help }
            var spelled = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelled = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let option = declaration.options.first(where: { $0.spellings.contains(spelled) }) else {
                throw UsageError("unknown option '\(spelled)' for '\(path)'"
                                 + didYouMean(spelled, among: declaration.options.flatMap(\.spellings)))
            }
            let name = option.name
            guard option.takesValue else {
                guard value == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            if value == nil {
                guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            if option.isRepeatable {
                repeated[name, default: []].append(value!)
                continue
            }
            guard values[name] == nil else { throw UsageError("--\(name) given twice") }
            values[name] = value
        }
        try check(against: declaration)
    }

    /// The checks that need every argument: counts, exclusions, requirements, closed choices.
    private func check(against declaration: CommandDeclaration) throws {
        if positionals.count > declaration.positionals.count {
            throw UsageError("unexpected argument '\(positionals[declaration.positionals.count])' for '\(command)'")
        }
        for option in declaration.options where isGiven(option.name) {
            if let replacement = option.replaces, replacement.options.contains(where: isGiven) {
                let names = replacement.options.map { "--" + $0 }
                let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
                throw UsageError("--\(option.name) \(replacement.reason): it excludes \(list)")
            }
        }
        for option in declaration.options where isGiven(option.name) {
            if let other = option.excludes, isGiven(other) {
                throw UsageError("--\(option.name) and --\(other) exclude each other")
            }
            if let needed = option.requires, !isGiven(needed), let required = declaration.option(needed) {
                throw UsageError("--\(option.name) only makes sense with \(required.shortestUsage)")
            }
            if case .choice(let choices)? = option.value, let given = values[option.name] {
                let subject = option.name == choices.noun.replacing(" ", with: "-") ? "" : " for --\(option.name)"
                try choices.check(given, subject: subject)
            }
        }
        for (position, positional) in declaration.positionals.enumerated() {
            guard position < positionals.count else {
                guard positional.isOptional else {
                    var message = "missing \(positional.help)"
                    if case .choice(let choices) = positional.value, choices.isClosed {
                        message += " (\(choices.words.joined(separator: ", ")))"
                    }
                    throw UsageError(message)
                }
                continue
            }
            if let needed = positional.requires, !isGiven(needed), let required = declaration.option(needed) {
                throw UsageError("\(positional.placeholder) only makes sense with \(required.shortestUsage)")
            }
            if case .choice(let choices) = positional.value { try choices.check(positionals[position], subject: "") }
        }
        for option in declaration.options {
            if case .required = option.appearance, !isGiven(option.name) {
                throw UsageError("\(declaration.name) needs --\(option.name) \(option.placeholder) (\(option.menuText))")
            }
        }
    }

    /// Whether the option named `name` was given.
    func isGiven(_ name: String) -> Bool { values[name] != nil || flags.contains(name) || repeated[name] != nil }
}

package extension Choices {
    /// Refuses `value` unless it is one of a closed list's words.
    fileprivate func check(_ value: String, subject: String) throws {
        guard isClosed, !match(value) else { return }
        throw UsageError("unknown \(noun) '\(value)'\(subject) (expected \(words.joined(separator: ", ")))"
                         + didYouMean(value.lowercased(), among: words))
    }
}

package extension OptionDeclaration {
    /// How it may be written: `--output`, and `-o` when it has a short name.
    var spellings: [String] { ["--" + name] + (short.map { ["-" + String($0)] } ?? []) }

    /// Its shortest spelling with its placeholder, for messages (`-o FILE`).
    var shortestUsage: String {
        (short.map { "-" + String($0) } ?? "--" + name) + (takesValue ? " " + placeholder : "")
    }
}

package extension CommandDeclaration {
    /// Runs the command on `arguments` (the words after its name): prints its help for
    /// `--help`, a usage error with exit status 2, else runs it (or the subcommand named first).
    /// - Parameter parent: The command this one is a subcommand of; errors and help are its.
    func execute(_ arguments: [String], in context: CommandContext, parent: CommandDeclaration? = nil) -> Int32 {
        func usageError(_ message: String) -> Int32 { reportUsageError(message, in: context).code }
        if let role = subcommandRole {
            let names = subcommands.map(\.name)
            let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
            guard let word = arguments.first else { return usageError("missing \(role.noun): \(list)") }
            if ["-h", "--help", "help"].contains(word) {
                context.output.write(CommandHelp.text(of: self) + "\n")
                return 0
            }
            guard let subcommand = subcommands.first(where: { $0.name == word }) else {
                return usageError("unknown \(name) '\(word)': expected \(list)" + didYouMean(word, among: names))
            }
            return subcommand.execute(Array(arguments.dropFirst()), in: context, parent: self)
        }
        switch checkedArguments(arguments, in: context, parent: parent) {
        case .success(let parsed): return run(parsed, context)
        case .failure(let status): return status.code
        }
    }

    /// The arguments checked against the declaration, or the exit status after printing the
    /// help (0) or the usage error (2).
    func checkedArguments(_ arguments: [String], in context: CommandContext,
                          parent: CommandDeclaration? = nil) -> Result<CommandArguments, ExitStatus> {
        let named = parent ?? self
        do {
            return .success(try CommandArguments(arguments, declaredBy: self, path: parent.map { "\($0.name) \(name)" } ?? name))
        } catch let error as UsageError {
            if error.isHelpRequest {
                context.output.write(CommandHelp.text(of: named) + "\n")
                return .failure(ExitStatus(0))
            }
            return .failure(named.reportUsageError(error.message, in: context))
        } catch {
            return .failure(ExitStatus(2))
        }
    }

    /// Prints a usage mistake with where to read the usage; returns exit status 2.
    func reportUsageError(_ message: String, in context: CommandContext) -> ExitStatus {
        context.errors.write("gestoctl \(name): \(message)\n(see gestoctl \(name) --help)\n")
        return ExitStatus(2)
    }
}
