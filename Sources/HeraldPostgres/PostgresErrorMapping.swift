import HeraldDomain
import PostgresNIO

/// Turns postgres-nio and server failures into ``StoreError`` values a user can act on.
enum PostgresErrorMapping {
    static func map(_ error: any Error, location: String) -> StoreError {
        if let storeError = error as? StoreError { return storeError }
        guard let error = error as? PSQLError else {
            if String(reflecting: type(of: error)).contains("ConnectionPoolError") {
                return .cannotOpen(path: location, reason: "no connection to the PostgreSQL server could be made (\(error)); check that it runs and the URL")
            }
            return .database(reason: String(describing: error))
        }
        if error.code == .server {
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "SQLSTATE \(state)"
            switch state {
            case "53100": return .diskFull
            case "25006", "42501": return .readOnly(path: location)
            case "40001", "40P01", "55P03", "57014": return .busy
            case "XX001", "XX002": return .corrupt(reason: message)
            case "3D000", "28000", "28P01", "08001", "08004", "57P03":
                return .cannotOpen(path: location, reason: message)
            default: return .database(reason: message)
            }
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown:
            let detail = error.underlying.map { " (\($0))" } ?? ""
            return .cannotOpen(path: location, reason: "the PostgreSQL server cannot be reached\(detail); check that it runs and the URL")
        case .sslUnsupported:
            return .cannotOpen(path: location, reason: "the server does not offer TLS, which the URL's sslmode asks for")
        case .failedToAddSSLHandler:
            return .cannotOpen(path: location, reason: "TLS could not be set up (\(error.underlying.map { "\($0)" } ?? "no detail"))")
        case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            return .cannotOpen(path: location, reason: "the server asks for a login this URL cannot give; add the password or check pg_hba.conf")
        default:
            return .database(reason: "\(error.code)")
        }
    }
}
