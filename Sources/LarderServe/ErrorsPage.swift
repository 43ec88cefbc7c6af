import LarderCore
/// `/_larder/errors`: the current problems as a plain page, for when the
/// overlay is not enough (or for a look without the site around it). It
/// loads the reload script, so it follows the folder like any page.
enum ErrorsPage {
    static func html(_ failure: BuildFailure?) -> String {
        var body = ""
        if let failure {
            body += "<h1>The site was not rebuilt: \(escape(failure.summary))</h1>\n"
            body += "<p>The last good build is still served.</p>\n"
            for p in failure.problems {
                var heading = ""
                if let path = p.path {
                    heading += path
                    if let line = p.line, let column = p.column { heading += ":\(line):\(column)" }
                    heading += ": "
                }
                heading += "\(p.severity): \(p.message)"
                if let code = p.code { heading += " [\(code)]" }
                body += "<section class=\"\(p.severity == "error" ? "error" : "warning")\">\n"
                body += "<h2>\(escape(heading))</h2>\n"
                if let source = p.source, let line = p.line {
                    let caret = String(repeating: " ", count: max(0, (p.column ?? 1) - 1)) + "^"
                    body += "<pre>\(escape("\(line) | \(source)\n\(String(repeating: " ", count: String(line).count)) | \(caret)"))</pre>\n"
                }
                if let hint = p.hint { body += "<p>hint: \(escape(hint))</p>\n" }
                body += "</section>\n"
            }
        } else {
            body += "<h1>No problems</h1>\n<p>The last build is served as it is.</p>\n"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>larder serve: problems</title>
            </head>
            <body>
            \(body)<p><a href="/">Back to the site</a></p>
            </body>
            </html>

            """
    }

    static func escape(_ text: String) -> String { text.markupEscaped }
}
