import Foundation
import HeraldComposition

extension Herald {
    /// Subscribes to a feed URL, or to the feed a web page advertises; an existing subscription is
    /// returned unchanged.
    public func subscribe(to url: String, title: String? = nil, tags: [String] = []) async throws(HeraldError) -> Feed {
        do { return try await modules.subscriptions().subscribe(to: url, title: title, tags: tags) } catch {
            throw .subscribe(error)
        }
    }

    /// The feeds at a URL, subscribing to none: the URL itself when it is a feed, else those the
    /// page advertises, else the first found at a common path of its site; empty when none.
    public func discoverFeeds(at url: String) async throws(HeraldError) -> [DiscoveredFeed] {
        do { return try await modules.subscriptions().discoverFeeds(at: url) } catch {
            throw .subscribe(error)
        }
    }

    /// Unsubscribes from a feed (its articles go with it).
    public func unsubscribe(_ id: FeedID) async throws(HeraldError) {
        do { try await modules.subscriptions().unsubscribe(id) } catch { throw .store(error) }
    }

    /// Gives a feed a title of the person's own; `nil` goes back to the feed's.
    public func renameFeed(_ id: FeedID, to title: String?) async throws(HeraldError) {
        do { try await modules.subscriptions().rename(id, to: title) } catch { throw .store(error) }
    }

    /// Every tag: the feeds' and those created on their own (``createTag(_:)``), in name order.
    /// - Parameter feeds: The feeds when the caller has just read them (``feeds()``); nil reads them.
    public func tags(among feeds: [Feed]? = nil) async throws(HeraldError) -> [String] {
        do { return try await modules.subscriptions().tags(among: feeds) } catch { throw .store(error) }
    }

    /// Creates a tag no feed has yet (a sync client's new, empty category); it lasts until it is
    /// renamed away or removed (``renameTag(_:to:)`` with `nil`).
    /// - Returns: False, changing nothing, when the tag exists already.
    public func createTag(_ name: String) async throws(HeraldError) -> Bool {
        do { return try await modules.subscriptions().createTag(name) } catch { throw .store(error) }
    }

    /// Replaces a feed's tags.
    public func setTags(_ tags: [String], for id: FeedID) async throws(HeraldError) {
        do { try await modules.subscriptions().setTags(tags, for: id) } catch { throw .store(error) }
    }

    /// Renames a tag on every feed (`nil` removes it). - Returns: How many feeds changed.
    @discardableResult
    public func renameTag(_ name: String, to newName: String?) async throws(HeraldError) -> Int {
        do { return try await modules.subscriptions().renameTag(name, to: newName) } catch { throw .store(error) }
    }

    /// Imports an OPML or newsboat `urls` file; importing it twice adds nothing twice.
    public func importSubscriptions(_ data: Data) async throws(HeraldError) -> ImportSummary {
        do { return try await modules.subscriptions().importSubscriptions(data) } catch { throw .subscribe(error) }
    }

    /// Every subscription as OPML 2.0.
    public func exportSubscriptions() async throws(HeraldError) -> Data {
        do { return try await modules.subscriptions().exportSubscriptions() } catch { throw .subscribe(error) }
    }
}
