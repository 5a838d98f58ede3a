import Herald
import Hummingbird

/// `/login`: GET shows the token form; POST checks the token (in constant time) and keeps it in an
/// HttpOnly, SameSite=Strict cookie.
extension WebApp {
    func login(_ request: Request) async -> Response {
        let context = await pageContext(request)
        guard request.method == .post else {
            return LoginPage.response(status: .ok, failed: false, context: context)
        }
        let body = request.body
        guard let buffer = try? await body.collect(upTo: Self.maxFormBytes) else {
            return LoginPage.response(status: .contentTooLarge, failed: true, context: context)
        }
        let form = FormData(urlEncoded: Substring(String(buffer: buffer)))
        guard let token = form["token"], security.isAuthorized(cookie: token, authorization: nil), security.accessToken != nil else {
            return LoginPage.response(status: .unauthorized, failed: security.accessToken != nil, context: context)
        }
        var response = Self.seeOther("/")
        response.setCookie(Cookie(name: WebSecurity.tokenCookie, value: token, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }
}
