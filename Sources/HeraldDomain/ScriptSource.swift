/// A feed made by a command of the user's own instead of a server, in newsboat's notation: the
/// "URL" `exec:COMMAND` takes the command's standard output as the feed document, and
/// `filter:COMMAND:URL` fetches URL and pipes the document through the command. The command is
/// split into words (``CommandLineWords``) and run without a shell; nothing is expanded but a
/// leading `~/` of the program.
public enum ScriptSource: Sendable, Hashable {
    /// `exec:COMMAND`: the command's output is the feed.
    case exec(command: [String])
    /// `filter:COMMAND:URL`: the document at `url`, piped through the command.
    case filter(command: [String], url: String)

    /// Whether `url` is written as a script source (`exec:` or `filter:`), well formed or not.
    public static func isScript(_ url: String) -> Bool {
        let lowered = url.prefix(7).lowercased()
        return lowered.hasPrefix("exec:") || lowered.hasPrefix("filter:")
    }

    /// Reads a script source.
    /// - Throws: ``ScriptSourceError`` when `url` is not a script source or does not say which
    ///   command to run (and, for `filter:`, which URL to fetch).
    public init(parsing url: String) throws(ScriptSourceError) {
        let lowered = url.lowercased()
        if lowered.hasPrefix("exec:") {
            guard let words = CommandLineWords.split(String(url.dropFirst(5))) else {
                throw .noCommand(url)
            }
            self = .exec(command: words)
        } else if lowered.hasPrefix("filter:") {
            // newsboat's form: the command ends at the first colon, the rest is the URL.
            let rest = url.dropFirst(7)
            guard let colon = rest.firstIndex(of: ":") else { throw .noFilterURL(url) }
            let target = String(rest[rest.index(after: colon)...]).trimmingSpaces
            guard target.contains("://") else { throw .noFilterURL(url) }
            guard let words = CommandLineWords.split(String(rest[..<colon])) else { throw .noCommand(url) }
            self = .filter(command: words, url: target)
        } else {
            throw .notAScript(url)
        }
    }

    /// The words of the command this source runs.
    public var command: [String] {
        switch self {
        case .exec(let command), .filter(let command, _): command
        }
    }
}

/// Whether an engine adds feeds that act on this machine: feeds that run commands
/// (``ScriptSource``), which only the person at the machine adds (the command line's `add` and
/// `import`), and local files (`file://`), which nobody elsewhere may have the machine read (a web
/// page or a sync client of `herald serve`, whose requests come from elsewhere).
public enum ScriptSourcePolicy: Sendable, Hashable {
    /// Script sources are refused with ``SubscribeError/scriptSourceRefused(url:)``; local files
    /// are added like feeds.
    case refused
    /// Script sources are added like feeds.
    case accepted
    /// Script sources are refused, and local files too, with ``SubscribeError/localFileRefused(url:)``:
    /// the engine serves people who are not at this machine.
    case remote

    /// Why `url` may not be subscribed under this policy; `nil` when it may.
    public func refusal(of url: String) -> SubscribeError? {
        if ScriptSource.isScript(url) { return self == .accepted ? nil : .scriptSourceRefused(url: url) }
        if self == .remote, url.prefix(5).lowercased() == "file:" { return .localFileRefused(url: url) }
        return nil
    }
}

/// Why a feed URL written as a script source cannot be run.
public enum ScriptSourceError: Error, Sendable, Hashable {
    /// Neither `exec:` nor `filter:`.
    case notAScript(String)
    /// No command, or a quote left open.
    case noCommand(String)
    /// `filter:` without a URL after the command.
    case noFilterURL(String)

    /// What is wrong and how to write it.
    public var message: String {
        switch self {
        case .notAScript(let url): "\(url) is not an exec: or filter: source."
        case .noCommand(let url): "\(url) names no command to run (or leaves a quote open); write exec:COMMAND or filter:COMMAND:URL."
        case .noFilterURL(let url): "\(url) names no URL to fetch; write filter:COMMAND:URL."
        }
    }
}

/// A command line split into words as a shell would, without running one: blanks separate
/// words, `'…'` and `"…"` quote, `\` escapes the next character (not inside `'…'`). Nothing is
/// expanded: no variables, globs or `~`.
public enum CommandLineWords {
    /// The words of `text`; `nil` for an unclosed quote, a trailing backslash or no word at all.
    public static func split(_ text: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\\":
                escaped = true
                inWord = true
            case "'", "\"":
                quote = character
                inWord = true
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if quote != nil || escaped { return nil }
        if inWord { words.append(current) }
        return words.isEmpty ? nil : words
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
