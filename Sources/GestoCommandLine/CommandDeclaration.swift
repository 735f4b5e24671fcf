// A command declared as one value (gestoctl's, gestod's and gesto-inputd's command lines), in swift-argument-parser's shape without its
// Foundation dependency: its name, summary, arguments and options (with their help and closed
// choices) and its `run`. The usage texts (CommandHelp), the argument checking
// (CommandParser) and the shell completions (CompletionScript) are all made from these
// values, so none of them can drift from another. gestod's own options are declared the same
// way (DaemonOptions), for its `--help` and its argument checking.

/// One gestoctl command, or one subcommand (`motion spring`), or gestod's command line.
package struct CommandDeclaration: Sendable {
    /// Where `gestoctl help` lists a command.
    package enum Group: Sendable {
        /// "Commands that talk to the running gestod".
        case daemon
        /// "Commands that set gesto up on this desktop": they need no gestod (`doctor` asks one
        /// that runs, `enable` starts one).
        case setup
        /// "Commands that work without gestod".
        case standalone
        /// Not listed (`help`, named in the usage's last line; subcommands).
        case unlisted
    }

    /// The word that names it (`status`, `rubber-band`).
    package let name: String
    /// One line for `gestoctl help` and the completions' menus.
    package let summary: String
    package let group: Group
    /// Its arguments, in order.
    package let positionals: [PositionalDeclaration]
    /// Its options, in the order of its usage line and of its `--help`.
    package let options: [OptionDeclaration]
    /// The prose of `--help` between the usage and the options.
    package let discussion: String
    /// The prose of `--help` after the options, if any.
    package let epilogue: String?
    /// Whether `--help` lists the options (motion explains its own in the discussion).
    package let listsOptions: Bool
    /// The subcommands chosen by the first argument (motion's kinds); a command with
    /// subcommands has no `run` of its own.
    package let subcommands: [CommandDeclaration]
    /// What the subcommand chooses, for messages and the top-level list (`what to show`, `KIND`).
    package let subcommandRole: (noun: String, placeholder: String)?
    /// Runs the command on its checked arguments; returns the exit status.
    package let run: @Sendable (CommandArguments, CommandContext) -> Int32

    package init(_ name: String, summary: String, group: Group = .unlisted, positionals: [PositionalDeclaration] = [],
         options: [OptionDeclaration] = [], discussion: String, epilogue: String? = nil, listsOptions: Bool = true,
         run: @escaping @Sendable (CommandArguments, CommandContext) -> Int32) {
        self.name = name
        self.summary = summary
        self.group = group
        self.positionals = positionals
        self.options = options
        self.discussion = discussion
        self.epilogue = epilogue
        self.listsOptions = listsOptions
        self.subcommands = []
        self.subcommandRole = nil
        self.run = run
    }

    /// A command whose first argument names one of `subcommands`.
    package init(_ name: String, summary: String, group: Group, subcommands: [CommandDeclaration],
         choosing role: (noun: String, placeholder: String), discussion: String) {
        self.name = name
        self.summary = summary
        self.group = group
        self.positionals = []
        self.options = []
        self.discussion = discussion
        self.epilogue = nil
        self.listsOptions = false
        self.subcommands = subcommands
        self.subcommandRole = role
        self.run = { _, _ in 2 }
    }

    /// The option named `name` (without dashes), if declared.
    package func option(_ name: String) -> OptionDeclaration? { options.first { $0.name == name } }
}

/// What a command runs with besides its arguments: where its text goes, and the environment
/// it reads (nil: the process's; tests give their own).
package struct CommandContext {
    package let output: TextSink
    package let errors: TextSink
    package var environment: [String: String]? = nil

    package init(output: TextSink, errors: TextSink, environment: [String: String]? = nil) {
        self.output = output
        self.errors = errors
        self.environment = environment
    }
}

/// What an option's or an argument's value is: how it is shown, checked and completed.
package enum ValueKind: Sendable {
    /// Free text shown as its placeholder (`ID`, `X`).
    case text
    /// A file path; `extensions` narrow what completion offers (none: any file).
    case file(extensions: [String])
    /// One of a list of words (below).
    case choice(Choices)
    /// A gesture name in binding syntax; completion offers the running gestod's bound gestures.
    case gesture
}

/// The words a value may be. A closed list rejects anything else, compared ignoring case,
/// with a suggestion for a typo; an open one only offers its words to completion.
package struct Choices: Sendable {
    /// What a value is, for messages: "unknown compositor 'kwin'".
    package let noun: String
    /// The words, in the order they are listed.
    package let words: [String]
    /// Other spellings accepted but not offered (`touchégg`).
    package var aliases: [String] = []
    package var isClosed = true
    /// Whether usage lines list the words (`sway|hyprland|niri|other`) instead of the placeholder.
    package var listedInUsage = false

    package init(noun: String, words: [String], aliases: [String] = [], isClosed: Bool = true, listedInUsage: Bool = false) {
        self.noun = noun
        self.words = words
        self.aliases = aliases
        self.isClosed = isClosed
        self.listedInUsage = listedInUsage
    }

    /// The declared word `value` is, ignoring case (an alias counts).
    package func match(_ value: String) -> Bool {
        let lowered = value.lowercased()
        return words.contains(lowered) || aliases.contains(lowered)
    }
}

/// An option: a flag (`--json`) or one taking a value (`--socket PATH`).
package struct OptionDeclaration: Sendable {
    /// How it appears on the usage line.
    package enum Appearance: Sendable {
        /// `[--from X]`.
        case optional
        /// `--velocity V`: the command says what it needs when it is missing.
        case required
        /// Folded with its neighbours of the same placeholder into one word (`SPRING`), which
        /// the discussion explains.
        case grouped(String)
    }

    /// The name without dashes (`socket`).
    package let name: String
    /// A one-letter spelling (`o` for `-o`).
    package var short: Character? = nil
    /// What its value is; nil for a flag.
    package var value: ValueKind? = nil
    /// The value's placeholder in the usage and help (`PATH`).
    package var placeholder: String = ""
    /// The help text, its lines broken where `--help` breaks them.
    package let help: String
    /// A shorter description for the completion menus, where the help's first clause reads
    /// badly alone.
    package var brief: String? = nil
    package var appearance: Appearance = .optional
    /// Another option without which this one means nothing (`force` needs `output`): shown
    /// inside its brackets, and refused alone.
    package var requires: String? = nil
    /// An option that may not be given with this one (`csv` and `svg`): shown as `[--a | --b B]`.
    package var excludes: String? = nil
    /// Options this one replaces, which may not be given with it, and why (`--replay` "reads a
    /// recording" instead of `--device` and `--seat`); unlike ``excludes``, not shown on the
    /// usage line, where each keeps its own brackets.
    package var replaces: Replacement? = nil
    /// Whether it may be given many times (`--device A --device B`), each value kept in order;
    /// shown as `PATH...`.
    package var isRepeatable = false

    package init(name: String, short: Character? = nil, value: ValueKind? = nil, placeholder: String = "", help: String,
                 brief: String? = nil, appearance: Appearance = .optional, requires: String? = nil, excludes: String? = nil,
                 replaces: Replacement? = nil, isRepeatable: Bool = false) {
        self.name = name
        self.short = short
        self.value = value
        self.placeholder = placeholder
        self.help = help
        self.brief = brief
        self.appearance = appearance
        self.requires = requires
        self.excludes = excludes
        self.replaces = replaces
        self.isRepeatable = isRepeatable
    }

    /// What an option stands in for: ``replaces``.
    package struct Replacement: Sendable {
        /// What the option does instead, completing "--replay …: it excludes --device and --seat".
        package let reason: String
        /// The names of the options it replaces, without dashes.
        package let options: [String]

        package init(reason: String, options: [String]) {
            self.reason = reason
            self.options = options
        }
    }

    /// A flag.
    package static func flag(_ name: String, short: Character? = nil, help: String, brief: String? = nil,
                     requires: String? = nil, excludes: String? = nil) -> OptionDeclaration {
        OptionDeclaration(name: name, short: short, help: help, brief: brief, requires: requires, excludes: excludes)
    }

    /// An option taking a value.
    package static func value(_ name: String, _ placeholder: String, _ kind: ValueKind = .text, short: Character? = nil,
                      help: String, brief: String? = nil, appearance: Appearance = .optional,
                      excludes: String? = nil, replaces: Replacement? = nil,
                      isRepeatable: Bool = false) -> OptionDeclaration {
        OptionDeclaration(name: name, short: short, value: kind, placeholder: placeholder, help: help, brief: brief,
                          appearance: appearance, excludes: excludes, replaces: replaces, isRepeatable: isRepeatable)
    }

    /// Whether it takes a value.
    package var takesValue: Bool { value != nil }

    /// The description for completion menus: ``brief``, else the help up to its first
    /// parenthesis, colon or line break.
    package var menuText: String { brief ?? firstClause(of: help) }
}

/// A positional argument.
package struct PositionalDeclaration: Sendable {
    /// Its placeholder (`FILE`, `GESTURE`).
    package let placeholder: String
    package let value: ValueKind
    /// What it is, completing "missing …" ("the recording to replay").
    package let help: String
    package var isOptional = false
    /// An option without which it means nothing (init's SOURCE needs `--from`).
    package var requires: String? = nil

    package init(placeholder: String, value: ValueKind, help: String, isOptional: Bool = false, requires: String? = nil) {
        self.placeholder = placeholder
        self.value = value
        self.help = help
        self.isOptional = isOptional
        self.requires = requires
    }
}

/// `text` up to its first " (", ": " or line break.
package func firstClause(of text: String) -> String {
    var end = text.endIndex
    for separator in [" (", ": ", "\n"] {
        if let range = text.firstRange(of: separator), range.lowerBound < end { end = range.lowerBound }
    }
    return String(text[..<end])
}

/// A process exit status carried through `Result`.
package struct ExitStatus: Error {
    package var code: Int32
    package init(_ code: Int32) { self.code = code }
}
