import HeraldDomain

/// Per-site extraction rules applied to a page's tree (see `Docs/extraction.md`, "Per-site rules"):
/// the `drop` selectors' elements are removed first; when a `keep` selector matches, its elements,
/// in page order, are the article and the scoring is skipped.
struct SiteRules: Sendable {
    let rules: [ExtractionRule]

    /// The rules covering a page linked from a feed (none without an address).
    func covering(_ pageURL: String?, linkedFrom feedURL: String?) -> SiteRules {
        guard let pageURL else { return SiteRules(rules: []) }
        return SiteRules(rules: rules.filter { $0.covers(url: pageURL, linkedFrom: feedURL) })
    }

    /// Removes what the rules drop.
    func drop(from tree: PageTree) {
        for selector in rules.flatMap(\.drop) {
            for node in SelectorMatching.elements(matching: selector, under: tree.root) where node.parent != nil {
                node.detach()
            }
        }
    }

    /// A new `<div>` holding what the first rule's `keep` selectors that match find (outermost
    /// elements only, in page order), moved out of the page; `nil` when none matches.
    func kept(from tree: PageTree) -> PageNode? {
        for selector in rules.flatMap(\.keep) {
            let found = SelectorMatching.elements(matching: selector, under: tree.body)
            // An element inside another one found is already there.
            let outermost = found.filter { node in !found.contains { $0 != node && $0.contains(node) } }
            guard !outermost.isEmpty else { continue }
            let container = tree.make("div")
            for node in outermost {
                node.detach()
                container.append(node)
            }
            return container
        }
        return nil
    }
}

/// CSS selectors matched against a page's tree, right to left.
enum SelectorMatching {
    /// The elements under `root` (not itself) that match, in document order.
    static func elements(matching selector: CSSSelector, under root: PageNode) -> [PageNode] {
        var found: [PageNode] = []
        root.forEachDescendant { node in
            if node.isElement, selector.chains.contains(where: { matches($0, node, within: root) }) { found.append(node) }
        }
        return found
    }

    static func matches(_ chain: CSSSelector.Chain, _ node: PageNode, within root: PageNode) -> Bool {
        matches(chain.steps[...], at: chain.steps.count - 1, node, within: root)
    }

    private static func matches(_ steps: ArraySlice<(combinator: CSSSelector.Combinator, compound: CSSSelector.Compound)>,
                                at index: Int, _ node: PageNode, within root: PageNode) -> Bool {
        guard matches(steps[index].compound, node) else { return false }
        guard index > 0 else { return true }
        var ancestor = node.parent
        switch steps[index].combinator {
        case .child:
            guard let parent = ancestor, parent != root.parent else { return false }
            return matches(steps, at: index - 1, parent, within: root)
        case .descendant:
            while let current = ancestor {
                if matches(steps, at: index - 1, current, within: root) { return true }
                ancestor = current.parent
            }
            return false
        }
    }

    static func matches(_ compound: CSSSelector.Compound, _ node: PageNode) -> Bool {
        guard node.isElement else { return false }
        if let name = compound.name, node.name != name { return false }
        if let id = compound.id, node.attribute("id") != id { return false }
        if !compound.classes.isEmpty {
            let classes = node.className.split(whereSeparator: \.isWhitespace)
            for wanted in compound.classes where !classes.contains(where: { $0 == wanted }) { return false }
        }
        for test in compound.attributes where !test.accepts(node.attribute(test.name)) { return false }
        return true
    }
}
