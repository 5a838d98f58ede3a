import Herald
import Hummingbird

/// The web front end's request handling: a request's path is a deep link, the Router turns it into
/// a route, the composition builds the route's module, the module's presenter hands a view model to
/// a ``WebScreen``, and a page renders it. State changes are POSTs that become module intents;
/// errors and notices go through the engine's Container like the terminal's.
public struct WebApp: Sendable {
    let herald: Herald
    let security: WebSecurity
    let refreshes: RefreshRunner
    /// Rows per list page.
    let pageSize: Int

    /// The largest form body accepted (a subscribe form, a confirmation).
    static let maxFormBytes = 64 * 1024
    /// The largest upload accepted (an OPML file).
    static let maxUploadBytes = 8 * 1024 * 1024
    /// The deepest search page served (each page re-runs the query's earlier pages).
    static let maxSearchPage = 25

    /// Creates the front end over an engine.
    /// - Parameters:
    ///   - herald: The engine (its Container reports to every page).
    ///   - accessToken: The token a browser must present (`nil` when listening on loopback only).
    ///   - pageSize: Rows per list page.
    public init(herald: Herald, accessToken: String?, pageSize: Int = 50) {
        self.herald = herald
        self.security = WebSecurity(accessToken: accessToken)
        self.refreshes = RefreshRunner(herald: herald)
        self.pageSize = pageSize
    }

    /// Answers one request; never throws (a failure is a 4xx/5xx page).
    public func respond(to request: Request, context: some RequestContext) async -> Response {
        var response = await route(request, context: context)
        WebSecurity.applyHeaders(to: &response.headers)
        return response
    }

    private func route(_ request: Request, context: some RequestContext) async -> Response {
        let path = request.uri.path
        if path.hasPrefix("/static/") || path == "/favicon.ico" { return StaticResponses.asset(path) }
        if path == "/login" { return await login(request) }
        guard security.isAuthorized(cookie: request.cookies[WebSecurity.tokenCookie]?.value,
                                    authorization: request.headers[.authorization]) else {
            return await LoginPage.response(status: .unauthorized, failed: false, context: pageContext(request))
        }
        switch request.method {
        case .get, .head:
            return await get(request, path: path)
        case .post:
            return await post(request, path: path)
        default:
            return await errorPage(.methodNotAllowed, "Not allowed", "Herald's pages answer GET and POST only.", request)
        }
    }

    // MARK: Shared parts

    /// The context of a page: the Container's state now, the CSRF token, the request's path.
    func pageContext(_ request: Request, trail: [Route] = []) async -> PageContext {
        PageContext(container: await herald.container.state, csrfToken: security.csrfToken,
                    currentPath: request.uri.string.hasPrefix("/") ? request.uri.string : "/", trail: trail)
    }

    /// A 200 HTML page.
    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }

    /// A 4xx/5xx page that says what to do.
    func errorPage(_ status: HTTPResponse.Status, _ title: String, _ message: String, _ request: Request) async -> Response {
        Self.html(ErrorPage.render(status: status.code, title: title, message: message,
                                   context: await pageContext(request)), status: status)
    }

    /// After a POST: back to where the form came from (a local path only, never another site).
    static func seeOther(_ location: String?) -> Response {
        var target = location ?? "/"
        if !target.hasPrefix("/") || target.hasPrefix("//") || target.hasPrefix("/\\") { target = "/" }
        return Response(status: .seeOther, headers: [.location: target])
    }
}
