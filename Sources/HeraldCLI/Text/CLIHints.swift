/// What the CLI says to a person with nothing to work on yet.
enum CLIHints {
    /// A database without subscriptions: how to add the first ones.
    static let noFeeds = "No feeds yet: add one with `herald add URL`, or a list with `herald import FILE` "
        + "(OPML, or newsboat's: `herald import --from newsboat`)."
}
