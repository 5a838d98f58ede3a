/// A piece of an HTML page built in Swift: an element, text, or markup that is already safe.
///
/// Text and attribute values are escaped when the page is written, so no string from a feed can
/// become markup by accident; the only way to emit markup is ``trusted(_:)``, used for the
/// sanitiser's output and nothing else.
public struct Node: Sendable {
    enum Kind: Sendable {
        case element(name: String, attributes: [Attribute], children: [Node])
        case void(name: String, attributes: [Attribute])
        case text(String)
        case trusted(String)
    }

    let kind: Kind

    /// Escaped text.
    public static func text(_ value: String) -> Node { Node(kind: .text(value)) }

    /// Markup written as is: only for HTML that went through the sanitiser.
    public static func trusted(_ html: String) -> Node { Node(kind: .trusted(html)) }

    /// An element with children.
    public static func element(_ name: String, _ attributes: [Attribute] = [], children: [Node] = []) -> Node {
        Node(kind: .element(name: name, attributes: attributes, children: children))
    }

    /// An element without an end tag (`br`, `input`, `meta`, `link`).
    public static func void(_ name: String, _ attributes: [Attribute] = []) -> Node {
        Node(kind: .void(name: name, attributes: attributes))
    }
}

/// One attribute of an element; a value of `nil` writes a boolean attribute (`checked`).
public struct Attribute: Sendable {
    /// The name, written as is (names come from this module's code, never from data).
    public let name: String
    /// The value, escaped when written.
    public let value: String?

    /// Creates an attribute.
    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }
}

/// Builds `[Node]` from statements: strings become text, `if`, `for` and optionals work as in SwiftUI.
@resultBuilder
public enum NodeBuilder {
    /// Joins the parts.
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    /// A node.
    public static func buildExpression(_ node: Node) -> [Node] { [node] }
    /// Several nodes.
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    /// Text, escaped.
    public static func buildExpression(_ text: String) -> [Node] { [.text(text)] }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [Node]) -> [Node] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [Node]) -> [Node] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
}

/// An element with its content built by ``NodeBuilder``.
public func element(_ name: String, _ attributes: Attribute..., @NodeBuilder content: () -> [Node] = { [] }) -> Node {
    .element(name, attributes, children: content())
}

/// An element whose attributes were computed (a list that depends on the data).
public func element(_ name: String, attributes: [Attribute], @NodeBuilder content: () -> [Node] = { [] }) -> Node {
    .element(name, attributes, children: content())
}
