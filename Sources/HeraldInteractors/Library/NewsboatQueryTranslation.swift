import HeraldDomain

/// Translates a newsboat filter expression (a `query:` feed) into a Herald search: a query in
/// Herald's query language and a filter. Clauses joined by `and`/`or`, without parentheses:
/// `title =~ "word"` → `title:word`, `content =~`/`description =~ "word"` → `word`, `!~` → `NOT …`,
/// and at the top level of an `and`: `unread = "yes"` → unread only, `flags # "s"` → starred only,
/// `tags # "tag"` → the tag's feeds. Anything else (regular expressions, dates, ages, feed URLs,
/// parentheses) is refused with the reason, never guessed.
enum NewsboatQueryTranslation {
    /// A translated search.
    struct Search: Equatable {
        var query: String
        var filter: ArticleFilter
    }

    /// The search, or why not.
    static func translate(_ expression: String, starFlag: Character) -> Result<Search, Refusal> {
        let tokens: [Token]
        switch tokenize(expression) {
        case .success(let list): tokens = list
        case .failure(let refusal): return .failure(refusal)
        }
        var terms: [String] = []
        var filter = ArticleFilter()
        var joiners: Set<String> = []
        var index = 0
        while index < tokens.count {
            guard index + 2 < tokens.count, case .word(let attribute) = tokens[index], case .symbol(let op) = tokens[index + 1],
                  case .string(let value) = tokens[index + 2] else {
                return .failure(Refusal("only `attribute op \"value\"` clauses joined by and/or are translated"))
            }
            index += 3
            switch (attribute.lowercased(), op) {
            case ("unread", "="):
                guard value == "yes" else { return .failure(Refusal("only unread = \"yes\" has a Herald filter")) }
                filter.unreadOnly = true
            case ("flags", "#"):
                guard value == String(starFlag) else {
                    return .failure(Refusal("only the flag taken for starred (\(starFlag)) has a Herald filter"))
                }
                filter.starredOnly = true
            case ("tags", "#"):
                guard case .all = filter.scope else { return .failure(Refusal("one tag at most")) }
                filter.scope = .tag(value)
            case ("title", "=~"), ("title", "!~"), ("content", "=~"), ("content", "!~"),
                 ("description", "=~"), ("description", "!~"):
                guard let words = plainWords(value) else {
                    return .failure(Refusal("\"\(value)\" is a regular expression; Herald searches words"))
                }
                let field = attribute.lowercased() == "title" ? "title:" : ""
                let term = words.count == 1 ? field + words[0] : field + "\"" + words.joined(separator: " ") + "\""
                terms.append(op == "!~" ? "NOT " + term : term)
            default:
                return .failure(Refusal("\(attribute) \(op) has no Herald equivalent"))
            }
            if index < tokens.count {
                guard case .word(let joiner) = tokens[index], ["and", "or"].contains(joiner.lowercased()) else {
                    return .failure(Refusal("clauses are joined by and or or"))
                }
                joiners.insert(joiner.lowercased())
                index += 1
                if index == tokens.count { return .failure(Refusal("the expression ends with \(joiner)")) }
            }
        }
        if joiners.contains("or") {
            // Filters are conjunctions: an `or` is only kept between word clauses.
            guard filter == ArticleFilter() else { return .failure(Refusal("or across unread, flags or tags")) }
            return .success(Search(query: terms.joined(separator: " OR "), filter: filter))
        }
        guard !terms.isEmpty else {
            return .failure(Refusal("no words to search: Herald's own views (unread, starred, tags) show it"))
        }
        return .success(Search(query: terms.joined(separator: " "), filter: filter))
    }

    /// Why an expression is not translated.
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    enum Token: Equatable {
        case word(String)
        case symbol(String)
        case string(String)
    }

    private static func tokenize(_ expression: String) -> Result<[Token], Refusal> {
        var tokens: [Token] = []
        var characters = Array(expression)[...]
        while let first = characters.first {
            if first.isWhitespace {
                characters = characters.dropFirst()
            } else if first == "\"" {
                guard let end = characters.dropFirst().firstIndex(of: "\"") else {
                    return .failure(Refusal("a quote is not closed"))
                }
                tokens.append(.string(String(characters[characters.index(after: characters.startIndex)..<end])))
                characters = characters[characters.index(after: end)...]
            } else if first == "(" || first == ")" {
                return .failure(Refusal("parentheses are not translated"))
            } else if "=!~#<>".contains(first) {
                let symbol = characters.prefix { "=!~#<>".contains($0) }
                tokens.append(.symbol(String(symbol)))
                characters = characters.dropFirst(symbol.count)
            } else {
                let word = characters.prefix { !$0.isWhitespace && !"=!~#<>\"()".contains($0) }
                if word.allSatisfy(\.isNumber) {
                    tokens.append(.string(String(word)))
                } else {
                    tokens.append(.word(String(word)))
                }
                characters = characters.dropFirst(word.count)
            }
        }
        return .success(tokens)
    }

    /// The words of a value without regular-expression syntax, or nil.
    private static func plainWords(_ value: String) -> [String]? {
        let words = value.split(separator: " ").map(String.init)
        guard !words.isEmpty, words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "'" } }) else {
            return nil
        }
        return words
    }
}
