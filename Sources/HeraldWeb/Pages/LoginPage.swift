import Herald
import Hummingbird

/// The token form shown when the server listens beyond loopback and the browser has no token yet.
enum LoginPage {
    static func render(failed: Bool, context: PageContext) -> String {
        Layout.page(title: "Sign in", context: context, bodyClass: "login") {
            element("h1") { "Sign in" }
            element("p") { "This Herald asks for its access token (the one given to `herald serve --token` or in the config file)." }
            if failed { element("p", Attribute("class", "state failed"), Attribute("role", "alert")) { "That token is not this server's." } }
            element("form", Attribute("method", "post"), Attribute("action", "/login")) {
                element("label") {
                    "Token "
                    Node.void("input", [Attribute("type", "password"), Attribute("name", "token"), Attribute("required", nil),
                                        Attribute("autocomplete", "current-password")])
                }
                element("button", Attribute("type", "submit")) { "Sign in" }
            }
        }
    }

    static func response(status: HTTPResponse.Status, failed: Bool, context: PageContext) -> Response {
        var bare = context
        bare.container = ContainerState()
        return WebApp.html(render(failed: failed, context: bare), status: status)
    }
}
