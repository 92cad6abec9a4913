import Foundation
import HTTPKit
import HTTPTypes

/// The small HTML pages a person sees from a mail link (api.md §4.2–§4.3): no JavaScript, no
/// external resource, everything echoed escaped, and a Content-Security-Policy that allows only the
/// page's own style and forms posting back to this server.
enum NewsletterPage {
    /// The confirm link's page: a button that POSTs the token. Opening it changes nothing, so a
    /// mail scanner that follows links cannot confirm anyone.
    static func confirm(email: String, token: NewsletterToken, baseURL: String) -> Response {
        page(
            title: "Confirm your subscription",
            body: """
                <p>Confirm that <strong>\(escape(email))</strong> should get the Counterpart newsletter.</p>
                <form method="post" action="\(escape(RouteContext.path(of: baseURL)))/newsletter/confirmations">
                <input type="hidden" name="token" value="\(token.text)">
                <button type="submit">Confirm subscription</button>
                </form>
                """)
    }

    /// The answer to the confirm button.
    static func confirmed(email: String) -> Response {
        page(
            title: "Subscription confirmed",
            body: "<p><strong>\(escape(email))</strong> is subscribed. Every mail has a link to unsubscribe.</p>")
    }

    /// The unsubscribe link's page: a button that POSTs, the link itself changes nothing.
    static func unsubscribe(email: String, token: NewsletterToken, baseURL: String) -> Response {
        page(
            title: "Unsubscribe",
            body: """
                <p>Stop sending the Counterpart newsletter to <strong>\(escape(email))</strong>?</p>
                <form method="post" action="\(escape(RouteContext.path(of: baseURL)))/newsletter/unsubscribe?token=\(token.text)">
                <button type="submit">Unsubscribe</button>
                </form>
                """)
    }

    /// The answer to the unsubscribe button.
    static func unsubscribed(email: String) -> Response {
        page(
            title: "Unsubscribed",
            body:
                "<p><strong>\(escape(email))</strong> will get no more newsletters. You can sign up again any time.</p>"
        )
    }

    /// A token that does not work, as a page with the problem's status.
    static func failure(_ error: NewsletterError) -> Response {
        let problem = error.problem
        return page(title: problem.title, body: "<p>\(escape(problem.detail))</p>", status: problem.status)
    }

    /// Text safe inside HTML content and double-quoted attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static let style = """
        body{font:1.125rem/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#111;background:#fff}\
        main{max-width:32rem;margin:auto}\
        button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #124;background:#124;color:#fff}\
        button:focus{outline:3px solid #f90;outline-offset:2px}\
        @media (prefers-color-scheme:dark){body{color:#eee;background:#111}}
        """

    /// Only this page's own style, no scripts, forms back to this origin, never framed.
    private static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'none'; style-src 'sha256-\(Base64URL.standard(SHA256.digest(Array(style.utf8))))'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        .referrerPolicy: "no-referrer",
        .xContentTypeOptions: "nosniff",
        .cacheControl: "no-store",
        .contentType: MediaType.html,
    ]

    private static func page(title: String, body: String, status: HTTPResponse.Status = .ok) -> Response {
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(escape(title)) · Counterpart</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            <h1>\(escape(title))</h1>
            \(body)
            </main>
            </body>
            </html>

            """
        return Response(status: status, headers: securityHeaders, body: ResponseBody(Array(html.utf8)))
    }
}
