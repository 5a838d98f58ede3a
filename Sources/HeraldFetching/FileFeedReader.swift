import Foundation
import HeraldDomain

/// Reads `file://` feeds, so bundled and local feeds work with no network. The file's
/// modification date serves as `Last-Modified`, so an unchanged file answers `.notModified`.
struct FileFeedReader: Sendable {
    let maxBodyBytes: Int

    func read(_ url: URL, request: FetchRequest) throws(FetchError) -> FetchResponse {
        let path = url.path
        guard !path.isEmpty else { throw .invalidURL(request.url) }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .fileUnreadable(path: path, reason: Self.reason(error))
        }
        if attributes[.type] as? FileAttributeType == .typeDirectory {
            throw .fileUnreadable(path: path, reason: "it is a folder, not a file")
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maxBodyBytes {
            throw .tooLarge(limit: maxBodyBytes)
        }
        let lastModified = (attributes[.modificationDate] as? Date).map(HTTPDate.format)
        if let lastModified, request.lastModified == lastModified {
            return FetchResponse(finalURL: request.url, outcome: .notModified, lastModified: lastModified)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .fileUnreadable(path: path, reason: Self.reason(error))
        }
        guard data.count <= maxBodyBytes else { throw .tooLarge(limit: maxBodyBytes) }
        return FetchResponse(
            finalURL: request.url,
            outcome: .content(data, contentType: Self.contentType(extension: url.pathExtension), charset: nil),
            lastModified: lastModified)
    }

    private static func reason(_ error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileReadNoSuchFile?, .fileNoSuchFile?: "the file does not exist"
        case .fileReadNoPermission?: "permission denied"
        default: "the file could not be read"
        }
    }

    private static func contentType(extension pathExtension: String) -> String? {
        switch pathExtension.lowercased() {
        case "rss": "application/rss+xml"
        case "atom": "application/atom+xml"
        case "json": "application/feed+json"
        case "xml", "rdf", "opml": "application/xml"
        default: nil
        }
    }
}
