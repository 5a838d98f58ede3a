import AsyncHTTPClient
import Foundation
import HeraldDomain
import HeraldPorts
import NIOCore
import NIOHTTP1
import NIOSSL

/// Downloads enclosures (podcast episodes) to files with AsyncHTTPClient: at most `perHost`
/// transfers to one host at once, a partial file resumed with `Range` and `If-Range`, a size
/// limit, and a stall timeout instead of a total one (an episode may take an hour on a slow
/// line). Redirects are followed (media hosts redirect to CDNs); bodies are not decompressed.
/// Call ``shutdown()`` once at the end.
public final class HTTPEnclosureDownloader: EnclosureDownloading, Sendable {
    private let client: HTTPClient
    private let gate: HostGate
    private let userAgent: String
    private let screen: AddressScreen
    private let pinnedClients: PinnedClients
    /// The most redirects followed for one transfer.
    private static let maxRedirects = 8

    /// Creates a downloader with its own connection pool.
    /// - Parameters:
    ///   - perHost: Transfers at once to one scheme, host and port.
    ///   - userAgent: Sent with every request.
    ///   - stallTimeout: The longest silence while bytes are expected.
    public convenience init(perHost: Int = 1, userAgent: String = FetcherConfiguration.default.userAgent,
                            stallTimeout: Duration = .seconds(60)) {
        self.init(perHost: perHost, userAgent: userAgent, stallTimeout: stallTimeout, screen: .system)
    }

    /// Creates a downloader whose transfers that refuse private addresses judge hosts with `screen`.
    /// - Parameter tls: The TLS settings (tests trust their own certificate); the system's by default.
    init(perHost: Int, userAgent: String, stallTimeout: Duration, screen: AddressScreen, tls: TLSConfiguration? = nil) {
        self.screen = screen
        var pool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(30),
                                                           concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, perHost))
        pool.retryConnectionEstablishment = false
        var settings = HTTPClient.Configuration(
            // Redirects are followed here, so each hop's host is judged (media hosts redirect to CDNs).
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(15), read: HTTPExchange.timeAmount(stallTimeout)),
            connectionPool: pool,
            decompression: .disabled)
        settings.httpVersion = .automatic
        settings.tlsConfiguration = tls
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        pinnedClients = PinnedClients(settings: settings)
        gate = HostGate(limit: perHost)
        self.userAgent = userAgent
    }

    /// Whether a file, or the partial file of one, is already at `path`.
    public func occupies(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 || lstat(path + ".part", &status) == 0
    }

    /// Closes the pooled connections. Call it once, after the last download.
    public func shutdown() async {
        await pinnedClients.shutdown()
        try? await client.shutdown()
    }

    /// Downloads one enclosure; see ``EnclosureDownloading/download(_:progress:)``.
    public func download(_ transfer: EnclosureTransfer,
                         progress: @escaping @Sendable (TransferProgress) -> Void) async throws(DownloadError) -> Int64 {
        guard let url = URL(string: transfer.url), let scheme = url.scheme?.lowercased() else {
            throw .invalidURL(transfer.url)
        }
        switch scheme {
        case "file": return try Self.finish(transfer, size: try copy(url.path, transfer, progress: progress))
        case "http", "https": break
        default: throw .invalidURL(transfer.url)
        }
        let host = HostKey.of(transfer.url)
        do { try await gate.enter(host) } catch { throw .cancelled }
        let result: Result<Int64, DownloadError>
        do {
            result = .success(try await fetch(transfer, progress: progress))
        } catch {
            result = .failure(error)
        }
        await gate.leave(host)
        if case .failure = result { Self.removeIfEmpty(transfer.partialPath) }
        return try Self.finish(transfer, size: try result.get())
    }

    /// Removes a partial file that holds nothing (a refusal before the first byte), so a failed
    /// download leaves no empty file in the feed's folder.
    private static func removeIfEmpty(_ path: String) {
        var status = stat()
        if stat(path, &status) == 0, status.st_size == 0 { unlink(path) }
    }

    /// Moves the complete partial file to its final path.
    private static func finish(_ transfer: EnclosureTransfer, size: Int64) throws(DownloadError) -> Int64 {
        if rename(transfer.partialPath, transfer.finalPath) != 0 {
            throw .file(path: transfer.finalPath, reason: String(cString: strerror(errno)))
        }
        return size
    }

    /// The transfer itself, restarting once from the start when the server cannot continue the partial file.
    private func fetch(_ transfer: EnclosureTransfer,
                       progress: @escaping @Sendable (TransferProgress) -> Void) async throws(DownloadError) -> Int64 {
        let file = try PartialFile(path: transfer.partialPath)
        defer { file.close() }
        var resumable = true
        while true {
            let offset = resumable ? file.size : 0
            let (response, lease) = try await send(transfer, from: offset)
            let step: Result<Step, DownloadError>
            do {
                step = .success(try await receive(response, from: offset, into: file, transfer, progress: progress))
            } catch {
                step = .failure(error)
            }
            // A pinned client is given back once its response is read, whatever happened.
            if let lease { await pinnedClients.release(lease) }
            switch try step.get() {
            case .done(let size): return size
            case .restart: resumable = false
            }
        }
    }

    /// What one response did to the transfer.
    private enum Step {
        /// The file is complete at this size.
        case done(Int64)
        /// The server cannot continue the partial file: start again without a range.
        case restart
    }

    /// Writes one response's body into the partial file (after the bytes from `offset`, or from
    /// the start).
    private func receive(_ response: HTTPClientResponse, from offset: Int64, into file: PartialFile,
                         _ transfer: EnclosureTransfer,
                         progress: @escaping @Sendable (TransferProgress) -> Void) async throws(DownloadError) -> Step {
        let headers = response.headers
        let status = Int(response.status.code)
        var start: Int64 = 0
        var total = headers.first(name: "Content-Length").flatMap { Int64($0) }
        switch status {
        case 206:
            guard let range = ContentRange(headers.first(name: "Content-Range")), range.start == offset else {
                // A range Herald did not ask for: start again without one, once.
                guard offset > 0 else { throw .transport("the server sent a part of the file Herald did not ask for") }
                return .restart
            }
            start = offset
            total = range.total
        case 200..<300:
            start = 0
        case 416 where offset > 0:
            // Nothing after the bytes on disk: the file was complete when the run stopped.
            if let range = ContentRange(headers.first(name: "Content-Range")), range.total == offset {
                progress(.began(resumedFrom: offset, total: offset, validator: transfer.validator))
                return .done(offset)
            }
            return .restart
        default:
            throw .httpStatus(status)
        }
        if let total, total > transfer.maxBytes { throw .tooLarge(limit: transfer.maxBytes) }
        try file.truncate(to: start)
        // A 206 continues the file the kept validator names, even when it repeats none.
        let validator = Self.validator(headers) ?? (status == 206 ? transfer.validator : nil)
        progress(.began(resumedFrom: start, total: total, validator: validator))
        var written = start
        do {
            for try await chunk in response.body {
                written += Int64(chunk.readableBytes)
                if written > transfer.maxBytes { throw DownloadError.tooLarge(limit: transfer.maxBytes) }
                try chunk.withUnsafeReadableBytes { bytes throws(DownloadError) in try file.append(bytes) }
                progress(.wrote(written))
            }
        } catch let error as DownloadError {
            throw error
        } catch {
            throw Self.transferError(error, url: transfer.url)
        }
        if let total, written < total {
            throw .transport("the server sent \(written) of \(total) bytes")
        }
        return .done(written)
    }

    /// Sends the request for the bytes from `offset` on, following redirects: with
    /// ``EnclosureTransfer/refusesPrivateAddresses``, each hop's host is resolved once and must be
    /// public, a plain `http` hop connects to the address checked (the name in `Host`), and an
    /// `https` hop through a client pinned to it (``PinnedClients``), given back with the response
    /// (the caller releases it once the body is read).
    private func send(_ transfer: EnclosureTransfer,
                      from offset: Int64) async throws(DownloadError) -> (HTTPClientResponse, PinnedClientLease?) {
        guard var current = URL(string: transfer.url) else { throw .invalidURL(transfer.url) }
        var visited: Set<String> = [current.absoluteString]
        for _ in 0...Self.maxRedirects {
            var address = current.absoluteString
            var request = HTTPClientRequest(url: address)
            var lease: PinnedClientLease?
            if transfer.refusesPrivateAddresses, let host = current.host {
                switch await screen.check(host) {
                case .refused: throw .privateAddress(host: host)
                case .pinned(let literal) where current.scheme?.lowercased() == "http":
                    if let pinned = AddressScreen.pinned(current, to: literal) {
                        address = pinned.url
                        request = HTTPClientRequest(url: address)
                        request.headers.add(name: "Host", value: pinned.host)
                    }
                case .pinned(let literal):
                    lease = await pinnedClients.lease(host: host, address: literal)
                case .unresolved:
                    // Not left to the client's own look-up: a second answer could be private.
                    throw .transport("the host \(host) could not be found")
                }
            }
            let response: HTTPClientResponse
            let next: URL?
            do throws(DownloadError) {
                response = try await exchange(request, offset: offset, transfer: transfer, via: lease?.client ?? client,
                                              at: current)
                next = try await redirect(of: response, from: current)
            } catch {
                if let lease { await pinnedClients.release(lease) }
                throw error
            }
            guard let next else { return (response, lease) }
            if let lease { await pinnedClients.release(lease) }
            guard visited.insert(next.absoluteString).inserted else {
                throw .transport("the server redirects in a loop (via \(next.absoluteString))")
            }
            current = next
        }
        throw .transport("the server redirected more than \(Self.maxRedirects) times")
    }

    /// Sends one request of the transfer with `client`.
    private func exchange(_ outgoing: HTTPClientRequest, offset: Int64, transfer: EnclosureTransfer, via client: HTTPClient,
                          at current: URL) async throws(DownloadError) -> HTTPClientResponse {
        var request = outgoing
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "*/*")
        if offset > 0 {
            request.headers.add(name: "Range", value: "bytes=\(offset)-")
            if let validator = transfer.validator { request.headers.add(name: "If-Range", value: validator) }
        }
        do {
            return try await client.execute(request, timeout: .hours(12))
        } catch {
            throw Self.transferError(error, url: current.absoluteString)
        }
    }

    /// Where a redirect points (its small body read and dropped, so the connection stays
    /// usable); nil for any other response.
    private func redirect(of response: HTTPClientResponse, from current: URL) async throws(DownloadError) -> URL? {
        let status = Int(response.status.code)
        guard [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "Location") else {
            return nil
        }
        var seen = 0
        do {
            for try await chunk in response.body {
                seen += chunk.readableBytes
                if seen > 65_536 { break }
            }
        } catch {
            throw Self.transferError(error, url: current.absoluteString)
        }
        guard let next = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: current)?.absoluteURL,
              let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = next.host, !host.isEmpty else {
            throw .transport("the server redirected to \(location), which is not an http or https URL")
        }
        return next
    }

    /// A `file://` enclosure copied to the partial file in chunks: a regular file only (never a
    /// device, a FIFO or a link to one), refused by its size before any byte is read.
    private func copy(_ source: String, _ transfer: EnclosureTransfer,
                      progress: @Sendable (TransferProgress) -> Void) throws(DownloadError) -> Int64 {
        var status = stat()
        guard stat(source, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw .file(path: source, reason: "it is not a regular file that can be read")
        }
        let size = Int64(status.st_size)
        if size > transfer.maxBytes { throw .tooLarge(limit: transfer.maxBytes) }
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .file(path: source, reason: String(cString: strerror(errno))) }
        defer { _ = Foundation.close(input) }
        progress(.began(resumedFrom: 0, total: size, validator: nil))
        let file = try PartialFile(path: transfer.partialPath)
        defer { file.close() }
        try file.truncate(to: 0)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var written: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .file(path: source, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            written += Int64(count)
            if written > transfer.maxBytes { throw .tooLarge(limit: transfer.maxBytes) }
            let failure: DownloadError? = buffer.withUnsafeBytes { bytes in
                do throws(DownloadError) { try file.append(UnsafeRawBufferPointer(rebasing: bytes.prefix(count))) } catch { return error }
                return nil
            }
            if let failure { throw failure }
            progress(.wrote(written))
        }
        return written
    }

    /// A strong `ETag`, else `Last-Modified`: what `If-Range` accepts.
    private static func validator(_ headers: HTTPHeaders) -> String? {
        if let etag = headers.first(name: "ETag"), !etag.isEmpty, !etag.hasPrefix("W/") { return etag }
        return headers.first(name: "Last-Modified").flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func transferError(_ error: any Error, url: String) -> DownloadError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        let failure = TransportErrors.fetchError(for: error, url: url, host: HostKey.of(url), bodyLimit: .max)
        if failure == .cancelled { return .cancelled }
        return .transport(failure.reason)
    }
}

/// A `Content-Range: bytes START-END/TOTAL` (or `bytes */TOTAL`) header.
struct ContentRange: Hashable {
    /// The first byte sent; `nil` for `*`.
    let start: Int64?
    /// The whole file's size; `nil` for `*`.
    let total: Int64?

    init?(_ header: String?) {
        guard let header, header.lowercased().hasPrefix("bytes ") else { return nil }
        let value = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = value.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        total = parts[1] == "*" ? nil : Int64(parts[1])
        if parts[0] == "*" {
            start = nil
        } else {
            guard let dash = parts[0].firstIndex(of: "-"), let first = Int64(parts[0][..<dash]) else { return nil }
            start = first
        }
    }
}

/// The partial file of a download, written with POSIX calls so each failure has its errno.
final class PartialFile: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String

    init(path: String) throws(DownloadError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .file(path: folder, reason: "the folder cannot be created")
        }
        // Never through a link: a partial file is Herald's own.
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if descriptor < 0 { throw .file(path: path, reason: String(cString: strerror(errno))) }
    }

    /// The bytes on disk.
    var size: Int64 {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : 0
    }

    func truncate(to length: Int64) throws(DownloadError) {
        if ftruncate(descriptor, off_t(length)) != 0 || lseek(descriptor, off_t(length), SEEK_SET) < 0 {
            throw .file(path: path, reason: String(cString: strerror(errno)))
        }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(DownloadError) {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let count = write(descriptor, base, left)
            if count < 0 {
                if errno == EINTR { continue }
                throw .file(path: path, reason: String(cString: strerror(errno)))
            }
            left -= count
            base += count
        }
    }

    func close() {
        _ = Foundation.close(descriptor)
    }
}
