/// A CSS selector list as per-site extraction rules use it (`article .post-body, #content > p`):
/// groups of compound selectors (a type, `#id`, `.class`, `[attribute]`, `[attribute=value]` and
/// `~=`, `^=`, `$=`, `*=`) joined by descendant (space) and child (`>`) combinators. Pseudo-classes,
/// sibling combinators and namespaces are refused with a message, never half-read.
public struct CSSSelector: Sendable, Hashable, CustomStringConvertible {
    /// One condition on an attribute.
    public struct AttributeTest: Sendable, Hashable {
        /// How the value is compared.
        public enum Comparison: Sendable, Hashable {
            /// `[name]`
            case present
            /// `[name=value]`
            case equals
            /// `[name~=value]`: one of the whitespace-separated words.
            case containsWord
            /// `[name^=value]`
            case beginsWith
            /// `[name$=value]`
            case endsWith
            /// `[name*=value]`
            case contains
        }

        /// The attribute's name, lowercased.
        public var name: String
        /// How the value is compared.
        public var comparison: Comparison
        /// The value compared with.
        public var value: String

        /// Whether an attribute value (or its absence) passes.
        public func accepts(_ actual: String?) -> Bool {
            guard let actual else { return false }
            switch comparison {
            case .present: return true
            case .equals: return actual == value
            case .containsWord: return actual.split(whereSeparator: \.isWhitespace).contains { $0 == value }
            case .beginsWith: return !value.isEmpty && actual.hasPrefix(value)
            case .endsWith: return !value.isEmpty && actual.hasSuffix(value)
            case .contains: return !value.isEmpty && actual.contains(value)
            }
        }
    }

    /// One compound selector: every condition must hold of one element.
    public struct Compound: Sendable, Hashable {
        /// The element's name, lowercased; `nil` for any (`*` or none written).
        public var name: String?
        /// The `id` it must have.
        public var id: String?
        /// The classes it must have.
        public var classes: [String] = []
        /// Its attribute conditions.
        public var attributes: [AttributeTest] = []
    }

    /// How a compound relates to the one before it.
    public enum Combinator: Sendable, Hashable {
        /// Anywhere inside it (a space).
        case descendant
        /// Directly inside it (`>`).
        case child
    }

    /// One selector of the list: compounds from the outermost, each with how it relates to the
    /// previous one (the first's combinator is unused).
    public struct Chain: Sendable, Hashable {
        /// The steps, outermost first.
        public var steps: [(combinator: Combinator, compound: Compound)]

        public static func == (lhs: Chain, rhs: Chain) -> Bool {
            lhs.steps.count == rhs.steps.count
                && zip(lhs.steps, rhs.steps).allSatisfy { $0.combinator == $1.combinator && $0.compound == $1.compound }
        }

        public func hash(into hasher: inout Hasher) {
            for step in steps {
                hasher.combine(step.combinator)
                hasher.combine(step.compound)
            }
        }
    }

    /// The selectors of the list (an element matching any of them matches).
    public let chains: [Chain]
    /// The text it was read from.
    public let description: String

    /// Reads a selector list.
    /// - Throws: ``CSSSelectorError`` saying what is not understood and where.
    public init(_ text: String) throws(CSSSelectorError) {
        description = text
        var reader = SelectorReader(Array(text.unicodeScalars))
        chains = try reader.readList()
    }
}

/// A selector Herald cannot read, with what to change.
public struct CSSSelectorError: Error, Sendable, Hashable {
    /// What is wrong.
    public let message: String

    init(_ message: String) { self.message = message }
}

/// The recursive-descent reader of a selector list.
private struct SelectorReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipSpaces() -> Bool {
        let start = index
        while let scalar = current, scalar.properties.isWhitespace { index += 1 }
        return index > start
    }

    mutating func readList() throws(CSSSelectorError) -> [CSSSelector.Chain] {
        var chains: [CSSSelector.Chain] = []
        repeat {
            _ = skipSpaces()
            chains.append(try readChain())
            _ = skipSpaces()
            guard let scalar = current else { break }
            guard scalar == "," else { throw CSSSelectorError("unexpected `\(scalar)` at character \(index + 1)") }
            index += 1
        } while true
        return chains
    }

    private mutating func readChain() throws(CSSSelectorError) -> CSSSelector.Chain {
        var steps: [(combinator: CSSSelector.Combinator, compound: CSSSelector.Compound)] = []
        var combinator = CSSSelector.Combinator.descendant
        while true {
            guard let compound = try readCompound() else {
                if steps.isEmpty || combinator == .child {
                    throw CSSSelectorError(current.map { "expected a selector at `\($0)` (character \(index + 1))" }
                                           ?? "a selector is missing at the end")
                }
                break
            }
            steps.append((combinator, compound))
            let spaced = skipSpaces()
            guard let scalar = current, scalar != "," else { break }
            if scalar == ">" {
                index += 1
                _ = skipSpaces()
                combinator = .child
            } else if scalar == "+" || scalar == "~" {
                throw CSSSelectorError("sibling combinators (`\(scalar)`) are not supported; use a descendant or `>`")
            } else if spaced {
                combinator = .descendant
            } else {
                throw CSSSelectorError("unexpected `\(scalar)` at character \(index + 1)")
            }
        }
        return CSSSelector.Chain(steps: steps)
    }

    private mutating func readCompound() throws(CSSSelectorError) -> CSSSelector.Compound? {
        var compound = CSSSelector.Compound()
        var read = false
        if current == "*" {
            index += 1
            read = true
        } else if let name = readName() {
            compound.name = name.lowercased()
            read = true
        }
        while let scalar = current {
            switch scalar {
            case "#":
                index += 1
                guard let name = readName() else { throw CSSSelectorError("`#` needs an id after it") }
                compound.id = name
            case ".":
                index += 1
                guard let name = readName() else { throw CSSSelectorError("`.` needs a class name after it") }
                compound.classes.append(name)
            case "[":
                index += 1
                compound.attributes.append(try readAttribute())
            case ":":
                throw CSSSelectorError("pseudo-classes (`:`) are not supported; use classes, ids or attributes")
            default:
                return read ? compound : nil
            }
            read = true
        }
        return read ? compound : nil
    }

    private mutating func readAttribute() throws(CSSSelectorError) -> CSSSelector.AttributeTest {
        _ = skipSpaces()
        guard let name = readName() else { throw CSSSelectorError("`[` needs an attribute name") }
        _ = skipSpaces()
        var comparison = CSSSelector.AttributeTest.Comparison.present
        var value = ""
        if current != "]" {
            let operators: [(String, CSSSelector.AttributeTest.Comparison)] = [
                ("~=", .containsWord), ("^=", .beginsWith), ("$=", .endsWith), ("*=", .contains), ("=", .equals),
            ]
            guard let (symbol, found) = operators.first(where: { matches($0.0) }) else {
                throw CSSSelectorError("unexpected `\(current.map(String.init) ?? "end")` in `[\(name)`")
            }
            index += symbol.unicodeScalars.count
            comparison = found
            _ = skipSpaces()
            value = try readValue()
            _ = skipSpaces()
        }
        guard current == "]" else { throw CSSSelectorError("`[\(name)` is not closed with `]`") }
        index += 1
        return CSSSelector.AttributeTest(name: name.lowercased(), comparison: comparison, value: value)
    }

    private func matches(_ symbol: String) -> Bool {
        let wanted = Array(symbol.unicodeScalars)
        guard index + wanted.count <= scalars.count else { return false }
        return Array(scalars[index..<(index + wanted.count)]) == wanted
    }

    private mutating func readValue() throws(CSSSelectorError) -> String {
        guard let quote = current, quote == "\"" || quote == "'" else {
            guard let name = readName() else { throw CSSSelectorError("an attribute value is missing") }
            return name
        }
        index += 1
        var value = String.UnicodeScalarView()
        while let scalar = current, scalar != quote {
            value.append(scalar)
            index += 1
        }
        guard current == quote else { throw CSSSelectorError("a quoted attribute value is not closed") }
        index += 1
        return String(value)
    }

    /// An identifier: letters, digits, `-`, `_` and any non-ASCII character; `\` escapes one.
    private mutating func readName() -> String? {
        var name = String.UnicodeScalarView()
        while let scalar = current {
            if scalar == "\\", index + 1 < scalars.count {
                name.append(scalars[index + 1])
                index += 2
                continue
            }
            let isName = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                || scalar.value > 0x7F
            guard isName else { break }
            name.append(scalar)
            index += 1
        }
        return name.isEmpty ? nil : String(name)
    }
}
