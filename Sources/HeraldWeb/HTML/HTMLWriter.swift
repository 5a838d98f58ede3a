/// Writes ``Node``s as HTML, escaping every text and attribute value.
public enum HTMLWriter {
    /// A whole document: the doctype, then the nodes.
    public static func document(_ root: Node) -> String {
        var out = "<!DOCTYPE html>\n"
        out.reserveCapacity(16 * 1024)
        write(root, to: &out)
        return out
    }

    /// A fragment.
    public static func fragment(_ nodes: [Node]) -> String {
        var out = ""
        for node in nodes { write(node, to: &out) }
        return out
    }

    static func write(_ node: Node, to out: inout String) {
        switch node.kind {
        case .text(let text):
            escape(text, into: &out, quotes: false)
        case .trusted(let html):
            out += html
        case let .void(name, attributes):
            open(name, attributes, into: &out)
        case let .element(name, attributes, children):
            open(name, attributes, into: &out)
            for child in children { write(child, to: &out) }
            out += "</" + name + ">"
        }
    }

    private static func open(_ name: String, _ attributes: [Attribute], into out: inout String) {
        out += "<" + name
        for attribute in attributes {
            out += " " + attribute.name
            if let value = attribute.value {
                out += "=\""
                escape(value, into: &out, quotes: true)
                out += "\""
            }
        }
        out += ">"
    }

    /// Escapes `&`, `<`, `>` (and quotes inside attributes); drops C0 controls other than tab and
    /// newline, and C1 controls, which HTML forbids and a feed may carry.
    public static func escape(_ text: String, into out: inout String, quotes: Bool) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// `text` escaped for an attribute or element.
    public static func escaped(_ text: String) -> String {
        var out = ""
        escape(text, into: &out, quotes: true)
        return out
    }
}
