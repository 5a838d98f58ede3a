import Foundation
import HeraldDomain
import PostgresNIO

/// Where a PostgreSQL store lives, read from a URL:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…&sslrootcert=PATH&schema=NAME&host=/socket/folder]`
/// (`postgresql://` too).
///
/// - TLS only when the URL asks for it, with libpq's words: `sslmode=require` (encrypted, the server's
///   certificate not checked), `verify-ca` (checked against the roots: the system's, or `sslrootcert`),
///   `verify-full` (also the host name); `prefer` tries TLS and falls back. Without `sslmode`, no TLS.
/// - `host=/a/folder` (or a host that starts with `/`, percent-encoded) connects through the unix
///   socket `/a/folder/.s.PGSQL.PORT` instead of TCP.
/// - `schema=NAME` keeps Herald's tables in that schema (created when missing), so several Herald
///   databases, or parallel tests, can share one PostgreSQL database.
/// - `connect_timeout=SECONDS` (libpq's word): how long opening waits for the server and the schema
///   (10 s by default).
public struct PostgresLocation: Sendable, Hashable {
    /// How to use TLS.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        case disable, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// The host name or address, for TCP.
    public var host: String
    /// The port.
    public var port: Int
    /// The folder of the server's unix socket, when connecting through it.
    public var socketFolder: String?

    /// Whether the server runs on this machine (a unix socket, or a loopback address): it then
    /// shares this machine's cores with Herald.
    public var isOnThisMachine: Bool {
        if socketFolder != nil { return true }
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasPrefix("::ffff:") { name = String(name.dropFirst(7)) }
        let isIPv4 = !name.isEmpty && name.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber }
        return name == "localhost" || name == "::1" || isIPv4 && name.hasPrefix("127.")
    }
    /// The role to connect as.
    public var user: String
    /// The password, if any.
    public var password: String?
    /// The database.
    public var database: String
    /// TLS.
    public var tls: TLSMode
    /// A file of root certificates for `verify-ca`/`verify-full`.
    public var rootCertificates: String?
    /// How long opening waits for the server (`connect_timeout`); `nil` keeps the caller's default.
    public var connectTimeout: Duration?
    /// The schema holding Herald's tables; `nil` uses the role's search path (normally `public`).
    public var schema: String?

    /// True when `text` names a PostgreSQL database rather than a file.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a URL.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` saying what is wrong with it.
    public init(url text: String) throws(StoreError) {
        func invalid(_ reason: String) -> StoreError {
            .cannotOpen(path: Self.redacting(text), reason: reason)
        }
        guard Self.isPostgresURL(text), let components = URLComponents(string: text) else {
            throw invalid("not a PostgreSQL URL; write postgres://USER@HOST:PORT/DATABASE")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let known: Set<String> = ["sslmode", "sslrootcert", "schema", "host", "port", "user", "password", "dbname", "connect_timeout"]
        if let unknown = query.keys.sorted().first(where: { !known.contains($0) }) {
            throw invalid("unknown URL parameter `\(unknown)`; Herald knows \(known.sorted().joined(separator: ", "))")
        }
        let hostPart = query["host"] ?? components.host.flatMap { $0.removingPercentEncoding ?? $0 } ?? ""
        if hostPart.hasPrefix("/") {
            socketFolder = hostPart
            host = "localhost"
        } else {
            socketFolder = nil
            host = hostPart.isEmpty ? "localhost" : hostPart
        }
        if let portText = query["port"] {
            guard let value = Int(portText), (1...65535).contains(value) else { throw invalid("the port `\(portText)` is not a number from 1 to 65535") }
            port = value
        } else {
            port = components.port ?? 5432
        }
        let environment = ProcessInfo.processInfo.environment
        user = query["user"] ?? components.user.flatMap { $0.removingPercentEncoding ?? $0 }
            ?? environment["USER"] ?? "postgres"
        password = query["password"] ?? components.password.flatMap { $0.removingPercentEncoding ?? $0 }
        let path = String(components.path.drop(while: { $0 == "/" }))
        database = query["dbname"] ?? (path.isEmpty ? user : (path.removingPercentEncoding ?? path))
        guard let mode = TLSMode(rawValue: query["sslmode"] ?? "disable") else {
            throw invalid("unknown sslmode `\(query["sslmode"] ?? "")`; use disable, prefer, require, verify-ca or verify-full")
        }
        tls = mode
        rootCertificates = query["sslrootcert"]
        if let text = query["connect_timeout"] {
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                throw invalid("connect_timeout `\(text)` is not a number of seconds from 1 to 3600")
            }
            connectTimeout = .seconds(seconds)
        } else {
            connectTimeout = nil
        }
        if let name = query["schema"] {
            guard !name.isEmpty, name.utf8.count <= 50,
                  name.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" }),
                  !name.hasPrefix("pg_") else {
                throw invalid("the schema `\(name)` must be 1 to 50 letters, digits or underscores, not starting with pg_")
            }
            schema = name
        } else {
            schema = nil
        }
    }

    /// The URL without its password, for messages.
    public var redacted: String {
        var text = "postgres://\(user)@\(socketFolder ?? host):\(port)/\(database)"
        var parameters: [String] = []
        if tls != .disable { parameters.append("sslmode=\(tls.rawValue)") }
        if let schema { parameters.append("schema=\(schema)") }
        if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
        return text
    }

    /// A URL as given, with any password replaced.
    public static func redacting(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "…"
        return components.string ?? "postgres://…"
    }

    /// The client configuration: TLS as asked, the schema first in every connection's search path.
    public func clientConfiguration(maximumConnections: Int) throws(StoreError) -> PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let socketFolder {
            configuration = .init(unixSocketPath: socketFolder + "/.s.PGSQL.\(port)", username: user,
                                  password: password, database: database)
        } else {
            configuration = .init(host: host, port: port, username: user, password: password, database: database,
                                  tls: try tlsConfiguration())
        }
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.connectionIdleTimeout = .seconds(30)
        if let schema { configuration.options.additionalStartupParameters = [("search_path", "\"\(schema)\"")] }
        return configuration
    }

    private func tlsConfiguration() throws(StoreError) -> PostgresClient.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let rootCertificates { tls.trustRoots = .file(rootCertificates) }
        switch self.tls {
        case .disable: return .disable
        case .prefer:
            tls.certificateVerification = .none
            return .prefer(tls)
        case .require:
            tls.certificateVerification = rootCertificates == nil ? .none : .noHostnameVerification
            return .require(tls)
        case .verifyCA:
            tls.certificateVerification = .noHostnameVerification
            return .require(tls)
        case .verifyFull:
            tls.certificateVerification = .fullVerification
            return .require(tls)
        }
    }
}
