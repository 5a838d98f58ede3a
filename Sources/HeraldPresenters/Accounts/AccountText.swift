#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeraldDomain

/// The words of people and their sync accounts (`herald user …`), for every front end that shows them.
public enum AccountText {
    /// "Added user alice; `herald add URL --user alice` subscribes them to a feed."
    public static func userAdded(_ name: String) -> String {
        "Added user \(DisplayText.line(name)); `herald add URL --user \(DisplayText.line(name))` subscribes them to a feed."
    }

    /// The people of a shared database, one line each: name, feed count, "(you)".
    public static func users(_ users: [StoreUser], current: String?) -> [String] {
        let width = (users.map(\.name.count).max() ?? 4) + 2
        return users.map { user in
            let marker = user.name == current ? " (you)" : ""
            let feeds = user.subscriptions == 1 ? "1 feed" : "\(user.subscriptions) feeds"
            return ColumnText.pad(DisplayText.line(user.name), width) + feeds + marker
        }
    }

    /// "Password set for alice. `herald serve` now answers its sync clients."
    public static func passwordSet(for name: String, fever: Bool) -> String {
        let feverNote = fever ? "" : "; the Fever API is off for it"
        return "Password set for \(DisplayText.line(name))\(feverNote). `herald serve` now answers its sync clients."
    }

    /// An account's tokens, one line each (id, day made, label), or that it has none.
    public static func tokens(_ tokens: [APITokenRecord], of name: String) -> [String] {
        if tokens.isEmpty { return ["\(DisplayText.line(name)) has no tokens."] }
        return tokens.map { token in
            "\(token.id)  \(token.createdAt.formatted(.iso8601.year().month().day()))  \(DisplayText.line(token.label))"
        }
    }

    /// "Revoked token ID."
    public static func tokenRevoked(_ id: String) -> String {
        "Revoked token \(DisplayText.line(id))."
    }

    /// Why a token cannot be revoked: the account has none with that id.
    public static func noSuchToken(_ id: String, of name: String) -> String {
        "\(DisplayText.line(name)) has no token \(DisplayText.line(id)); `herald user token \(DisplayText.line(name)) --list` lists them."
    }

    /// What follows a new token, which is shown once.
    public static func tokenMade(_ record: APITokenRecord, for name: String) -> String {
        "Token \(record.id) for \(DisplayText.line(name)); it is shown only now. "
            + "Revoke it with `herald user token \(DisplayText.line(name)) --revoke \(record.id)`."
    }
}
